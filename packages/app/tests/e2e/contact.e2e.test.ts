import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { launchBrowser, openPage, postAndLoad, waitForHydration } from "./support/browser";
import { type RunningSite, startSite } from "./support/server";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // Lead emails become .eml files in the data directory: that is where a delivered lead can be seen.
  dataDir = mkdtempSync(join(tmpdir(), "showroom-contact-e2e-"));
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir, RELAY_INTERVAL_MS: "200" }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function fillContact(page: Page, message: string) {
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email").fill("dana.reyes@example.com");
  await page.getByLabel("Mobile phone").fill("(314) 555-0199");
  await page.getByLabel("Choose an inquiry topic").selectOption({ label: "Financing options" });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
}

async function deliveredWith(text: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dir = join(dataDir, "mail");
    const files = (() => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith(".eml"));
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const body = readFileSync(join(dir, file), "utf8");
      if (body.includes(text)) return body;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No lead email mentioning "${text}" was delivered within ${timeoutMs} ms`);
}

describe("contact us", () => {
  it("without JavaScript a plain POST shows the spec's field errors, then a valid one is delivered as a lead", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}/contact-us`);
    const send = () => page.getByRole("button", { name: "Send message" }).click();
    expect((await postAndLoad(page, send, "/contact-us")).status()).toBe(400);
    expect(await page.getByText("Enter your first name.").isVisible()).toBe(true);
    expect(await page.getByText("Enter your message.").isVisible()).toBe(true);

    await fillContact(page, "No-JS shopper asking about financing a truck.");
    expect((await postAndLoad(page, send, "/contact-us")).status()).toBe(303);
    await page.waitForURL(`${site.url}/contact-us`);
    expect(await page.getByRole("status").filter({ hasText: "Message sent!" }).isVisible()).toBe(true);

    const mail = await deliveredWith("No-JS shopper asking about financing a truck.");
    expect(mail).toMatch(/^Message-ID: <lead-[0-9a-f-]+@/im);
  });

  it("with JavaScript the form submits without a full page load and shows the success toast", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.url}/contact-us`);
    await waitForHydration(page, "form");
    // A marker on the window survives client-side navigation and is lost on a full page load.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await fillContact(page, "JS shopper asking about trade-in values.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent!" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await deliveredWith("JS shopper asking about trade-in values.");
    expect(errors).toEqual([]);
  });

  it("the contact page has no axe violations (WCAG 2.2 AA), empty and with field errors", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/contact-us`);
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Enter your first name.").waitFor();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
