// Email alerts (issue 28) in a browser: from a search on a phone without JavaScript and from a vehicle page on a
// desktop with it, the alert form, the confirmation email's link (its page, then the Confirm button), the manage page
// and the unsubscribe page; axe finds nothing on any of them, and their first-load JavaScript stays within budget.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ParsedMessage, parseMessage } from "../support/rfc822";
import { until } from "../support/wait";
import { axeViolations, describeViolations } from "./support/axe";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";
import { firstVehiclePath, type RunningSite, serverEntry, startSiteWithDataDir } from "./support/server";

const APP_DIR = fileURLToPath(new URL("../../", import.meta.url));
/** The budget for a page's first-load JavaScript, in gzipped bytes (the benchmark's 130 kB). */
const FIRST_LOAD_JS_BUDGET = 130_000;

let site: RunningSite;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  [{ site, dataDir }, browser] = await Promise.all([startSiteWithDataDir("alerts"), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The email the relay wrote for `to` whose subject matches, polled until it is there. */
async function emailTo(to: string, subject: RegExp): Promise<ParsedMessage> {
  return until(`an email to ${to}`, () => {
    let files: string[] = [];
    try {
      files = readdirSync(join(dataDir, "mail")).filter((f) => f.endsWith(".eml"));
    } catch {
      return undefined;
    }
    return files
      .map((file) => parseMessage(readFileSync(join(dataDir, "mail", file))))
      .find((m) => m.header("to") === to && subject.test(m.header("subject") ?? ""));
  });
}

/** A link of the email, as a path of the running site. */
function linkIn(message: ParsedMessage, kind: "confirm" | "manage" | "unsubscribe"): string {
  const link = new RegExp(`https?://[^\\s/]+(/alerts/${kind}/[\\w-]{43})`).exec(message.text)?.[1];
  if (!link) throw new Error(`no ${kind} link in the email`);
  return link;
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function firstLoadGzip(url: string): Promise<number> {
  const { firstLoadJs } = (await import(pathToFileURL(join(APP_DIR, "bench/first-load-js.mjs")).href)) as {
    firstLoadJs: (html: string, clientDir: string) => { gzip: number; missing: string[] };
  };
  const measured = firstLoadJs(await (await fetch(url)).text(), join(dirname(dirname(serverEntry())), "client"));
  expect(measured.missing).toEqual([]);
  return measured.gzip;
}

describe("email alerts", () => {
  it("phone, no JavaScript: a search's alert, its confirmation link, Confirm, and the manage page", async () => {
    const { context, page } = await openPage(browser, { stripScripts: true, mobile: true });
    await page.goto(`${site.url}/cars-for-sale/suvs`);
    await page.getByRole("link", { name: "Email me new matches" }).click();
    await page.waitForURL(/\/alerts\?search=/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Email alerts");
    await expectNoViolations(page, "the alert form, phone");

    // A bad address comes back with its message, tied to the field.
    await page.getByLabel("Email").fill("not an address");
    await page.getByRole("button", { name: "Email me" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await expectNoViolations(page, "the alert form with an error, phone");

    await page.getByLabel("Email").fill("phone.shopper@example.com");
    await page.getByRole("button", { name: "Email me" }).click();
    await page.waitForURL(`${site.url}/cars-for-sale/suvs`);
    await page.getByText("Check your inbox").first().waitFor();

    const confirmation = await emailTo("phone.shopper@example.com", /^Confirm your alert from /);
    await page.goto(`${site.url}${linkIn(confirmation, "confirm")}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Confirm your alert");
    await page.getByText("Waiting for confirmation").waitFor();
    await expectNoViolations(page, "the confirm page, phone");
    await page.getByRole("button", { name: "Confirm alert" }).click();
    await page.waitForURL(/\/alerts\/manage\//);
    await page.getByText("Alert confirmed").first().waitFor();
    await page.getByText("Search · On").waitFor();
    await expectNoViolations(page, "the manage page, phone");
    await context.close();
  });

  it("desktop, JavaScript: a vehicle's alert, the unsubscribe link's page and its button", async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}${await firstVehiclePath(site)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Email me price drops" }).click();
    await page.waitForURL(/\/alerts\?vin=/);
    await waitForHydration(page);
    await expectNoViolations(page, "the alert form, desktop");
    await page.getByLabel("Email").fill("desk.shopper@example.com");
    await page.getByRole("button", { name: "Email me" }).click();
    await page.waitForURL(/-cars-for-sale\//);
    await page.getByText("Check your inbox").first().waitFor();

    const confirmation = await emailTo("desk.shopper@example.com", /^Confirm your alert from /);
    const unsubscribe = linkIn(confirmation, "unsubscribe");
    await page.goto(`${site.url}${unsubscribe}`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Turn off your alert");
    await expectNoViolations(page, "the unsubscribe page, desktop");
    await page.getByRole("button", { name: "Turn off", exact: true }).click();
    await page.getByText("This alert is off. No more emails are sent about it.").waitFor();
    await expectNoViolations(page, "an alert turned off, desktop");
    expect(errors).toEqual([]);

    for (const path of [`/alerts?search=${encodeURIComponent("/cars-for-sale/suvs")}`, unsubscribe]) {
      expect(await firstLoadGzip(`${site.url}${path}`), path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    }
    await context.close();
  });
});
