import { rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";
import { deliveredLead, xmllintAdf } from "./support/lead-mail";
import { type RunningSite, startSiteWithDataDir } from "./support/server";

const FILTERED = "/cars-for-sale/suvs/price-under-30000";
const PER_PAGE = 19;

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  let started: { site: RunningSite; dataDir: string };
  [started, browser] = await Promise.all([startSiteWithDataDir("journey"), launchBrowser()]);
  ({ site, dataDir } = started);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const facet = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Filters" }).getByRole("link", { name });

async function openGroup(page: Page, label: string) {
  const group = page.locator("main details", { has: page.locator("summary", { hasText: label }) });
  if ((await group.getAttribute("open")) === null) await group.locator("summary").click();
}

/** Search → SUVs → under $30,000 → Show more; returns the path of a car first listed by "Show more". */
async function findCar(page: Page, { js }: { js: boolean }): Promise<string> {
  await page.goto(`${site.url}/cars-for-sale`);
  if (js) await waitForHydration(page);
  await openGroup(page, "Body style");
  await facet(page, /^SUVs\b/).click();
  await page.waitForURL(`${site.url}/cars-for-sale/suvs`);
  await openGroup(page, "Price");
  await facet(page, /^Under \$30,000\b/).click();
  await page.waitForURL(`${site.url}${FILTERED}`);
  const cards = page.locator("main ol > li");
  await expect.poll(() => cards.count()).toBe(PER_PAGE);
  // Every listed price is locked for a new visitor.
  expect(await cards.filter({ hasText: "Unlock Price" }).count()).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Show more" }).click();
  // The first page's cars stay above the next page's: appended in place, or the longer list loaded (ADR 261).
  await page.waitForURL(/[?&]shown=2/);
  await expect.poll(() => cards.count()).toBeGreaterThan(PER_PAGE);
  const next = cards.nth(PER_PAGE);
  const href = await next.locator("h2 a").getAttribute("href");
  if (!href) throw new Error("The next page listed no car");
  await next.locator("h2 a").click();
  await page.waitForURL(`${site.url}${href}`);
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  return href;
}

/** The lead email mentioning `text` and `marker`, once the relay has written it. */
const delivered = (text: string, marker: string) =>
  deliveredLead(dataDir, (body) => body.includes(text) && body.includes(marker), `with "${text}" and "${marker}"`);

function expectValidAdf(xml: string) {
  const lint = xmllintAdf(xml, dataDir);
  expect(lint.stderr).toBe("");
  expect(lint.status).toBe(0);
}

const vinOf = (path: string) => (/([A-HJ-NPR-Z0-9]{17})$/.exec(path) ?? [])[1] as string;
const shoppers = {
  js: { first: "Jo", last: "Scripted", email: "jo.scripted@example.com", phone: "(314) 555-0141" },
  nojs: { first: "Ned", last: "Plainform", email: "ned.plainform@example.com", phone: "(636) 555-0142" },
};
const journeys: Record<"js" | "nojs", string> = { js: "", nojs: "" };

describe("the shopper's journey", () => {
  it("without JavaScript: filter, next page, a car, every stepper step, then a test drive with the saved details", async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    const path = await findCar(page, { js: false });
    journeys.nojs = path;
    const vin = vinOf(path);
    expect(await page.locator("main").getByText("Unlock Price", { exact: true }).count()).toBeGreaterThan(0);

    await page.getByRole("link", { name: "Personalize My Price" }).first().click();
    await page.waitForURL(`${site.url}/personalize-price/${vin}`);
    await page.getByRole("heading", { name: "How much would you like to put down?" }).waitFor();
    await page.getByLabel("Cash down", { exact: true }).fill("3000");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Are you trading in a vehicle?" }).waitFor();
    await page.getByLabel("Yes, I have a trade-in").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "About how much is your trade-in worth?" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "What’s your credit score?" }).waitFor();
    await page.getByLabel("Credit score", { exact: true }).fill("700");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Where should we send your price?" }).waitFor();
    const who = shoppers.nojs;
    await page.getByLabel("First name").fill(who.first);
    await page.getByLabel("Last name").fill(who.last);
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Mobile phone").fill(who.phone);
    await page.getByRole("button", { name: "Unlock Price" }).click();
    await page.getByRole("heading", { name: "Your price is unlocked" }).waitFor();

    // Keep browsing: back on the car, its price now shows.
    await page.getByRole("link", { name: "Keep browsing", exact: true }).click();
    await page.waitForURL(`${site.url}${path}`);
    expect(await page.locator("main").getByText("Unlock Price", { exact: true }).count()).toBe(0);

    await page.getByRole("link", { name: "Schedule Test Drive" }).first().click();
    await page.waitForURL(`${site.url}/schedule-test-drive/${vin}`);
    await page.getByRole("group", { name: "What day works best?" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("group", { name: "What time works best?" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("group", { name: "Confirm your details to schedule" }).waitFor();
    // The details the stepper saved are already there: nothing to retype.
    expect(await page.getByLabel("Email").inputValue()).toBe(who.email);
    expect(await page.getByLabel("Last name").inputValue()).toBe(who.last);
    await page.getByRole("button", { name: "Schedule Test Drive Now" }).click();
    await page.waitForURL(`${site.url}${path}`);
    expect(await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).isVisible()).toBe(true);

    expectValidAdf(await delivered(who.email, 'interest="buy"'));
    expectValidAdf(await delivered(who.email, 'interest="test-drive"'));
  });

  it("with JavaScript: the same journey through Show more in place and both dialogs, without a page load", async () => {
    const { page, errors } = await openPage(browser);
    const path = await findCar(page, { js: true });
    journeys.js = path;
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    await page.getByRole("link", { name: "Personalize My Price" }).first().click();
    const stepper = page.getByRole("dialog");
    await stepper.getByRole("heading", { name: "How much would you like to put down?" }).waitFor();
    const submit = stepper.locator("button[type=submit]");
    await submit.click();
    await stepper.getByRole("heading", { name: "Are you trading in a vehicle?" }).waitFor();
    await submit.click();
    await stepper.getByRole("heading", { name: "What’s your credit score?" }).waitFor();
    await submit.click();
    await stepper.getByRole("heading", { name: "Where should we send your price?" }).waitFor();
    const who = shoppers.js;
    await stepper.locator("input[name=firstName]").fill(who.first);
    await stepper.locator("input[name=lastName]").fill(who.last);
    await stepper.locator("input[name=email]").fill(who.email);
    await stepper.locator("input[name=phone]").fill(who.phone);
    await submit.click();
    await stepper.getByRole("heading", { name: "Your price is unlocked" }).waitFor();
    await page.keyboard.press("Escape");
    await stepper.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("main").getByText("Unlock Price", { exact: true }).count()).toBe(0);

    await page.getByRole("link", { name: "Schedule Test Drive" }).first().click();
    const drive = page.getByRole("dialog", { name: "Unlock Vehicle Inventory" });
    // react-aria hides the radio input itself; a shopper taps its label.
    await drive.getByRole("radiogroup", { name: "What day works best?" }).locator("label").first().click();
    await drive.getByRole("button", { name: "Continue" }).click();
    await drive.getByRole("radiogroup", { name: "What time works best?" }).locator("label").first().click();
    await drive.getByRole("button", { name: "Continue" }).click();
    await drive.getByRole("group", { name: "Confirm your details to schedule" }).waitFor();
    expect(await drive.getByLabel("Email").inputValue()).toBe(who.email);
    await drive.getByRole("button", { name: "Schedule Test Drive Now" }).click();
    await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    expectValidAdf(await delivered(who.email, 'interest="buy"'));
    expectValidAdf(await delivered(who.email, 'interest="test-drive"'));
    expect(errors).toEqual([]);
  });

  it("leaves each browser's two leads in the database with their outbox rows sent and its profile unlocked", async () => {
    await site.close();
    const db = new PGlite(join(dataDir, "pgdata"));
    try {
      for (const [key, who] of Object.entries(shoppers) as ["js" | "nojs", (typeof shoppers)["js"]][]) {
        const { rows } = await db.query<{ kind: string; vin: string; state: string; unlocked: boolean }>(
          `select l.kind, l.vin, o.state, v.unlock_price_at is not null as unlocked
             from leads l join outbox o on o.lead_id = l.id join visitors v on v.id = l.visitor_id
            where l.payload->'user'->>'email' = $1 order by l.created_at`,
          [who.email],
        );
        expect(rows).toEqual([
          { kind: "UNLOCK_PRICE", vin: vinOf(journeys[key]), state: "sent", unlocked: true },
          { kind: "SCHEDULE_TEST_DRIVE", vin: vinOf(journeys[key]), state: "sent", unlocked: true },
        ]);
      }
    } finally {
      await db.close();
    }
  });
});
