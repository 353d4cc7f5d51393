// Compare (issue 28, ADR 346) in a browser: two cars ticked on the listing land on /compare?vins=A,B with and without
// JavaScript, on a desktop and on a 360 px phone; the address reloads to the same table; the saved list compares too;
// a list the page cannot read is a 400 that says why; axe finds nothing; the page's first-load JavaScript stays small.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { serverEntry } from "./support/server";
import { siteAndBrowserForFile } from "./support/site-for-file";

const APP_DIR = fileURLToPath(new URL("../../", import.meta.url));

const world = siteAndBrowserForFile();

/** The budget for a page's first-load JavaScript, in gzipped bytes (the benchmark's 130 kB, 1 kB = 1000 B). */
const FIRST_LOAD_JS_BUDGET = 130_000;

/** The gzipped first-load JavaScript of a page, measured by the benchmark's own `firstLoadJs`. */
async function firstLoadGzip(url: string): Promise<number> {
  const { firstLoadJs } = (await import(pathToFileURL(join(APP_DIR, "bench/first-load-js.mjs")).href)) as {
    firstLoadJs: (html: string, clientDir: string) => { gzip: number; missing: string[] };
  };
  const html = await (await fetch(url)).text();
  const measured = firstLoadJs(html, join(dirname(dirname(serverEntry())), "client"));
  expect(measured.missing).toEqual([]);
  expect(measured.gzip).toBeGreaterThan(0);
  return measured.gzip;
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Ticks "Compare" on the cards at `positions` and returns their VINs and detail links, in the listing's order. */
async function tickCards(page: Page, positions: number[]) {
  const picked: { vin: string; href: string }[] = [];
  for (const position of positions) {
    const card = page.locator("li[data-vin]").nth(position);
    const vin = (await card.getAttribute("data-vin")) as string;
    const href = (await card.locator("h2 a").getAttribute("href")) as string;
    const box = card.getByRole("checkbox", { name: /^Compare / });
    await box.check();
    expect(await box.isChecked()).toBe(true);
    picked.push({ vin, href });
  }
  return picked;
}

/** The table as a shopper reads it: its column headers' links and its row headers, and all its text. */
async function readTable(page: Page) {
  const table = page.getByRole("table");
  await table.waitFor();
  return {
    vehicles: await table
      .locator('thead th[scope="col"] a[href*="-cars-for-sale/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    rows: await table.locator('tbody th[scope="row"]').allTextContents(),
    text: await table.textContent(),
  };
}

async function expectComparison(page: Page, picked: { vin: string; href: string }[]) {
  await page.waitForURL(`${world.site.url}/compare?vins=${picked.map((p) => p.vin).join(",")}`);
  const table = await readTable(page);
  expect(table.vehicles).toEqual(picked.map((p) => p.href));
  expect(table.rows.slice(0, 4)).toEqual(["Price", "Year", "Mileage", "Store"]);
  expect(table.rows).toContain("Key features");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/^noindex/);
  return table;
}

describe("compare", () => {
  it("without JavaScript on a 360 px phone: two ticked cards open the table, which scrolls inside its region and reloads the same", async () => {
    const { context, page } = await openPage(world.browser, { stripScripts: true, mobile: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${world.site.url}/cars-for-sale`);
    const picked = await tickCards(page, [0, 1]);
    await page.getByRole("button", { name: "Compare selected" }).first().click();
    const table = await expectComparison(page, picked);

    // The page never scrolls sideways; the table's region does, and a keyboard can reach it.
    const widths = await page.evaluate(() => {
      const region = document.querySelector("section[aria-labelledby='compare-caption']") as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        region: region.clientWidth,
        table: region.scrollWidth,
        focusable: region.tabIndex,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(widths.table).toBeGreaterThan(widths.region);
    expect(widths.focusable).toBe(0);
    expect(await page.getByRole("region", { name: /^Comparison table: 2 vehicles side by side$/ }).count()).toBe(1);
    await expectNoViolations(page, "/compare, two cars, phone, no JavaScript");

    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(await readTable(page)).toEqual(table);

    // Remove takes one car off, at an address of its own.
    await page
      .getByRole("link", { name: /^Remove .* from the comparison$/ })
      .first()
      .click();
    await page.waitForURL(`${world.site.url}/compare?vins=${picked[1]?.vin}`);
    expect((await readTable(page)).vehicles).toEqual([picked[1]?.href]);
    await context.close();
  });

  it("with JavaScript on a desktop: two ticked cards open the table, the reload shows the same, the page loads little script", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    const picked = await tickCards(page, [1, 2]);
    await page.getByRole("button", { name: "Compare selected" }).first().click();
    const table = await expectComparison(page, picked);
    await expectNoViolations(page, "/compare, two cars, desktop, JavaScript");

    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await readTable(page)).toEqual(table);
    // First-load JavaScript as the benchmark counts it (scripts of the SSR HTML and their static imports, gzipped):
    // within the budget, and nothing beyond what the listing it starts from already ships.
    const compareJs = await firstLoadGzip(page.url());
    expect(compareJs).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    expect(compareJs).toBeLessThanOrEqual(await firstLoadGzip(`${world.site.url}/cars-for-sale`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("from the saved list: two saved cars ticked there open the same table", async () => {
    const { context, page } = await openPage(world.browser, { stripScripts: true });
    await page.goto(`${world.site.url}/cars-for-sale`);
    const vins: string[] = [];
    for (const position of [3, 4]) {
      const card = page.locator("li[data-vin]").nth(position);
      vins.push((await card.getAttribute("data-vin")) as string);
      await card.getByRole("button", { name: /^Save / }).click();
      await page.waitForURL(`${world.site.url}/cars-for-sale`);
    }
    await page.goto(`${world.site.url}/saved-vehicles`);
    const picked = await tickCards(page, [0, 1]);
    expect(picked.map((p) => p.vin).sort()).toEqual([...vins].sort());
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expectComparison(page, picked);
    await context.close();
  });

  it("a list of more than three VINs or a malformed one is a 400 that says why, and axe finds nothing", async () => {
    const { context, page } = await openPage(world.browser);
    const four = ["1FTEW1EP5LFA12345", "2T3P1RFV8KW012345", "1HGCV1F30LA012345", "5YJ3E1EA7LF012345"];
    let response = await page.goto(`${world.site.url}/compare?vins=${four.join(",")}`);
    expect(response?.status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toContain("up to three vehicles at a time");
    await expectNoViolations(page, "/compare, four VINs");
    response = await page.goto(`${world.site.url}/compare?vins=NOT-A-VIN`);
    expect(response?.status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toContain("isn’t valid");
    response = await page.goto(`${world.site.url}/compare?vins=1FTEW1EP5LFA00000`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("status").filter({ hasText: "no longer for sale" }).count()).toBe(1);
    await context.close();
  });
});
