// A message to a team member from their page (lead STAFF_MEMBER, issue 16), with and without JavaScript: mailed to
// the destination and to the member's own address. The contact form prefills a visitor whose details are known.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMessage } from "../support/rfc822";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, postAndLoad, waitForHydration } from "./support/browser";
import { deliveredLead } from "./support/lead-mail";
import { type RunningSite, startSite } from "./support/server";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

const MEMBER = "/our-company/meet-our-team/grace-liu";
const MEMBER_EMAIL = "grace.liu@confluencemotors.example";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-staff-e2e-"));
  [site, browser] = await Promise.all([startSite({ DATA_DIR: dataDir, RELAY_INTERVAL_MS: "200" }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailFiles = () =>
  readdirSync(join(dataDir, "mail"))
    .filter((file) => file.endsWith(".eml"))
    .map((file) => join(dataDir, "mail", file));

async function fillDetails(page: Page, message: string) {
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email").fill("dana.reyes@example.com");
  await page.getByLabel("Mobile phone").fill("(314) 555-0199");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
}

describe("a message to a team member", () => {
  it("without JavaScript: the spec's field errors, then the lead is mailed to the destination and to the member", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${MEMBER}`);
    const send = () => page.getByRole("button", { name: "Send message" }).click();
    expect((await postAndLoad(page, send, MEMBER)).status()).toBe(400);
    expect(await page.getByText("Enter your first name.").isVisible()).toBe(true);
    expect(await page.getByText("Enter your message.").isVisible()).toBe(true);

    await fillDetails(page, "No-JS note for Grace about a trade-in.");
    expect((await postAndLoad(page, send, MEMBER)).status()).toBe(303);
    await page.waitForURL(`${site.url}${MEMBER}`);
    expect(await page.getByRole("status").filter({ hasText: "Message sent!" }).isVisible()).toBe(true);

    const mail = await deliveredLead(dataDir, (text) => text.includes("No-JS note for Grace"), "for Grace");
    expect(mail).toContain("Message for Grace Liu");
    const to = mailFiles()
      .map((file) => parseMessage(readFileSync(file)))
      .find((message) => message.text.includes("No-JS note for Grace"))
      ?.header("to");
    expect(to).toContain(MEMBER_EMAIL);
  });

  it("with JavaScript the message is sent without a full page load and the toast says so", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.url}${MEMBER}`);
    await waitForHydration(page, "form");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await fillDetails(page, "JS note for Grace about financing.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent!" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await deliveredLead(dataDir, (text) => text.includes("JS note for Grace"), "for Grace, with JavaScript");
    expect(errors).toEqual([]);
  });

  it("the member's page has no axe violations (WCAG 2.2 AA), empty and with field errors, with and without scripts", async () => {
    for (const stripScripts of [false, true]) {
      const { page, context } = await openPage(browser, { stripScripts });
      await page.goto(`${site.url}${MEMBER}`);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByText("Enter your first name.").waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

describe("the contact form of a known visitor", () => {
  it("is prefilled with the details the visitor gave before, and a new visitor's is empty", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}/unlock-inventory?return=/contact-us`);
    await page.getByLabel("First name").fill("Known");
    await page.getByLabel("Last name").fill("Visitor");
    await page.getByLabel("Email").fill("known.visitor@example.com");
    await page.getByLabel("Mobile phone").fill("3145550123");
    await page.getByRole("button", { name: "Unlock Inventory" }).click();
    await page.waitForURL(`${site.url}/contact-us`);
    expect(await page.getByLabel("First name").inputValue()).toBe("Known");
    expect(await page.getByLabel("Email").inputValue()).toBe("known.visitor@example.com");
    await page.goto(`${site.url}${MEMBER}`);
    expect(await page.getByLabel("Last name").inputValue()).toBe("Visitor");
    await context.close();

    const fresh = await openPage(browser, { javaScriptEnabled: false });
    await fresh.page.goto(`${site.url}/contact-us`);
    expect(await fresh.page.getByLabel("First name").inputValue()).toBe("");
    await fresh.context.close();
  });
});
