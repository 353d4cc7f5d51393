import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server";
import { vehicles } from "../../app/server/db/schema.server";
import { seedIfEmpty } from "../../app/server/seed.server";
import { seedPgliteDataDir } from "../support/databases";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage } from "./support/browser";
import { type RunningSite, startDeskSite } from "./support/server";
import { addStaffWithCli, signInStaff } from "./support/staff-sign-in";

let site: RunningSite;
let browser: Browser;
let dataDir: string;
let secret = "";
let car: { vin: string; stockNumber: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-inventory-e2e-"));
  await seedPgliteDataDir(dataDir);
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
    const [first] = await database.db
      .select({ vin: vehicles.vin, stockNumber: vehicles.stockNumber })
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available"), eq(vehicles.private, false)))
      .orderBy(asc(vehicles.vin))
      .limit(1);
    if (!first) throw new Error("the fixtures have no Brentwood car");
    car = first;
  } finally {
    await database.close();
  }
  ({ secret } = addStaffWithCli(dataDir, "admin@example.com", "admin"));
  [site, browser] = await Promise.all([startDeskSite(dataDir), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, at: Date) {
  page.setDefaultTimeout(30_000);
  await signInStaff(page, site.url, "admin@example.com", secret, at);
}

/** Whether the public search lists the car: a card links to its page, whose path ends with its VIN. */
async function listed(page: Page): Promise<boolean> {
  const html = await (await page.request.get(`${site.url}/cars-for-sale?q=${car.vin}`)).text();
  return new RegExp(`href="/[a-z-]*cars-for-sale/[^"]*-${car.vin}"`).test(html);
}

describe("the desk's Inventory page", () => {
  // With JavaScript, which axe needs to run in the page; the page's forms are plain posts (reloadDocument) either way.
  let page: Page;

  it("an admin finds a car by stock number; a bad price is refused with what to fix; axe-clean", async () => {
    ({ page } = await openPage(browser));
    await signIn(page, new Date());
    await page.getByRole("link", { name: "Inventory", exact: true }).first().click();
    await page.getByRole("heading", { name: "Inventory", level: 1 }).waitFor();
    await page.getByText("No car is hidden.").waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("VIN or stock number").fill(car.stockNumber.toLowerCase());
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByText(`VIN ${car.vin}`).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("Correct price ($)").fill("about twenty grand");
    await page.getByLabel("Why this price").fill("DMS typo");
    await page.getByRole("button", { name: /Correct price/ }).click();
    await page.getByRole("alert").getByText("Enter the price in whole dollars").waitFor();
    await expectNoAxeViolations(page);
  });

  it("without JavaScript the admin hides it: off the public search, listed among the hidden cars", async () => {
    expect(await listed(page)).toBe(true);
    const { page: plain, context } = await openPage(browser, { javaScriptEnabled: false });
    // The next period's code: the one just used is refused as a replay.
    await signIn(plain, new Date(Date.now() + 30_000));
    await plain.goto(`${site.url}/staff/inventory?q=${car.vin}`);
    await plain.getByLabel("Why hide it").fill("Hail damage, at the body shop");
    await plain.getByRole("button", { name: /^Hide/ }).click();
    await plain.waitForURL(/done=hide/);
    await plain.getByText("The car is hidden from the site and the ad feeds").waitFor();
    await context.close();
    expect(await listed(page)).toBe(false);

    await page.goto(`${site.url}/staff/inventory`);
    const row = page.locator("tbody tr", { hasText: car.vin });
    expect(await row.textContent()).toContain("Hail damage, at the body shop");
    await expectNoAxeViolations(page);
  });

  it("Show again puts it back on the site and empties the list; axe-clean", async () => {
    await page
      .locator("tbody tr", { hasText: car.vin })
      .getByRole("button", { name: /Show again/ })
      .click();
    await page.waitForURL(/done=show/);
    await page.getByText("The car is shown again wherever the feed lists it.").waitFor();
    await page.getByText("No car is hidden.").waitFor();
    expect(await listed(page)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
