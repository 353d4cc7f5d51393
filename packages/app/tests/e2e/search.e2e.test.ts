import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

const FILTERED = "/cars-for-sale/suvs/price-under-30000";
const SORTED = `${FILTERED}?sort=mileage`;
const PER_PAGE = 19;

const cards = (page: Page) => page.locator("main ol > li");
const cardLinks = (page: Page) => page.locator("main ol > li h2 a");
const facet = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Filters" }).getByRole("link", { name });
const showMore = (page: Page) => page.getByRole("link", { name: "Show more" });

async function mileages(page: Page): Promise<number[]> {
  const texts = await page.locator("main ol > li article > div > p").filter({ hasText: " miles" }).allTextContents();
  return texts.map((text) => Number(text.replace(/ miles.*$/s, "").replace(/,/g, "")));
}

/** Opens a facet group (a closed `<details>` unless one of its values is chosen), as a shopper taps its summary. */
async function openGroup(page: Page, label: string) {
  const group = page.locator("main details", { has: page.locator("summary", { hasText: label }) });
  if ((await group.getAttribute("open")) === null) await group.locator("summary").click();
}

/** The count a facet link shows (its visible number). */
async function facetCount(page: Page, name: RegExp): Promise<number> {
  return Number(await facet(page, name).locator('[aria-hidden="true"]').last().textContent());
}

async function filterBySuvsUnder30k(page: Page) {
  await page.goto(`${world.site.url}/cars-for-sale`);
  await openGroup(page, "Body style");
  const suvs = await facetCount(page, /^SUVs\b/);
  await facet(page, /^SUVs\b/).click();
  await page.waitForURL(`${world.site.url}/cars-for-sale/suvs`);
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  // The hero counts the visitor's store and says so (ADR 338).
  await page.getByText(`${suvs} vehicles at Brentwood`, { exact: true }).first().waitFor();
  await openGroup(page, "Price");
  const under30k = await facetCount(page, /^Under \$30,000\b/);
  await facet(page, /^Under \$30,000\b/).click();
  await page.waitForURL(`${world.site.url}${FILTERED}`);
  await page.getByText(`${under30k} vehicles at Brentwood`, { exact: true }).first().waitFor();
  // The chosen body style is marked, not a link (like a radio button); its chip removes it.
  expect(await facet(page, /^SUVs\b/).count()).toBe(0);
  expect(await page.locator('main nav [aria-current="true"]', { hasText: "SUVs" }).count()).toBe(1);
  // Both filters show as chips that remove them.
  expect(await page.getByRole("link", { name: "Remove filter SUVs" }).getAttribute("href")).toBe(
    "/cars-for-sale/price-under-30000",
  );
  expect(await page.getByRole("link", { name: "Remove filter Under $30,000" }).getAttribute("href")).toBe(
    "/cars-for-sale/suvs",
  );
  expect(await page.getByRole("link", { name: "Clear all filters" }).first().getAttribute("href")).toBe(
    "/cars-for-sale",
  );
  return under30k;
}

describe("inventory search", () => {
  it("without JavaScript: facet links filter, the sort form's button sorts, Show more loads the list one page longer", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    const total = await filterBySuvsUnder30k(page);
    expect(total).toBeGreaterThan(PER_PAGE);

    await page.getByLabel("Sort by").selectOption("mileage");
    await page.getByRole("button", { name: "Sort by" }).click();
    await page.waitForURL(`${world.site.url}${SORTED}`);
    const first = await mileages(page);
    expect(first).toHaveLength(PER_PAGE);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    // Prices stay behind the Unlock Price gate for a visitor who has not unlocked them.
    const prices = await page.locator("main ol > li article > div > p:last-child").allTextContents();
    for (const price of prices) expect(price).toMatch(/^(Unlock Price|Call for Price)$/);

    // Show more is a link to the same list one page longer, landing on its first new card (ADR 261).
    await showMore(page).click();
    await page.waitForURL(`${world.site.url}${SORTED}&shown=2#card-20`);
    const both = await mileages(page);
    expect(both).toHaveLength(Math.min(2 * PER_PAGE, total));
    expect(both.slice(0, PER_PAGE)).toEqual(first);
    expect(both).toEqual([...both].sort((a, b) => a - b));
    expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toBe(
      `Showing 1–${both.length} of ${total}`,
    );
    // Crawlers still find the next page on its own (ADR 231).
    expect(await page.locator('main a[rel="next"]').getAttribute("href")).toBe(`${SORTED}&page=3`);
    const robots = await page.locator('meta[name="robots"]').getAttribute("content");
    expect(robots).toMatch(/^noindex, follow/);

    // "Search inventory" keeps the filters and the sort, and starts again at page 1.
    await page.getByRole("searchbox", { name: "Search inventory" }).fill("Honda");
    await page.getByRole("button", { name: "Search inventory" }).click();
    await page.waitForURL(`${world.site.url}${FILTERED}?q=Honda&sort=mileage`);
    const titles = await cardLinks(page).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain("Honda");
    expect(await page.getByRole("link", { name: "Remove filter “Honda”" }).getAttribute("href")).toBe(SORTED);
    await context.close();
  });

  it("the mileage facet links the spec's open-ended range, and only plain filter pages are indexable", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}/cars-for-sale/suvs`);
    await openGroup(page, "Mileage");
    await facet(page, /^Under 85,000 miles\b/).click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs?mileage=null,85000`);
    const robots = () => page.locator('meta[name="robots"]').getAttribute("content");
    expect(await robots()).toMatch(/^noindex, follow/);
    const miles = await mileages(page);
    expect(miles.length).toBeGreaterThan(0);
    for (const value of miles) expect(value).toBeLessThanOrEqual(85_000);
    await page.goto(`${world.site.url}/cars-for-sale/suvs`);
    expect(await robots()).toMatch(/^index, follow/);
    await context.close();
  });

  it("with JavaScript: Show more appends the next page in place, records it in the URL and moves focus to the first new card", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const total = await filterBySuvsUnder30k(page);
    await page.goto(`${world.site.url}${SORTED}`);
    // The sort submit button is only for browsers without JavaScript: hidden from the first paint, not after
    // hydration, so nothing moves when React takes over.
    expect(await page.getByRole("button", { name: "Sort by" }).isVisible()).toBe(false);
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: "Sort by" }).isVisible()).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const firstPage = await cardLinks(page).allTextContents();
    const fetched = page.waitForResponse((r) => r.url().includes("shown=2"));
    await showMore(page).click();
    await fetched;
    await expect.poll(() => cards(page).count()).toBe(Math.min(2 * PER_PAGE, total));
    // The address records the pages shown (no new history entry, no page load).
    expect(page.url()).toBe(`${world.site.url}${SORTED}&shown=2`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect((await cardLinks(page).allTextContents()).slice(0, PER_PAGE)).toEqual(firstPage);
    const all = await mileages(page);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("data-vin") ?? null))
      .toBe(await cards(page).nth(PER_PAGE).getAttribute("data-vin"));
    expect(await page.getByRole("status").filter({ hasText: "Showing" }).textContent()).toBe(
      `Showing 1–${Math.min(2 * PER_PAGE, total)} of ${total}`,
    );
    // The link now asks for one page more again.
    expect(await showMore(page).getAttribute("href")).toBe(`${SORTED}&shown=3#card-39`);

    // Changing the sort submits on its own.
    await page.getByLabel("Sort by").selectOption("priceHigh");
    await page.waitForURL(`${world.site.url}${FILTERED}?sort=priceHigh`);
    await expect.poll(() => cards(page).count()).toBe(PER_PAGE);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Facet values are plain anchors under one click handler: a plain click is still a client-side navigation that
    // keeps the sort, and a click with a modifier key is left to the browser.
    await openGroup(page, "Exterior color");
    const color = facet(page, /^White\b/);
    const whiteHref = await color.getAttribute("href");
    expect(whiteHref).toContain("sort=priceHigh");
    const opened = context.waitForEvent("page");
    await color.click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    // A tab opened by a modified click starts at about:blank, and the headless shell reports that blank page loaded.
    await tab.waitForURL(`${world.site.url}${whiteHref}`);
    expect(tab.url()).toBe(`${world.site.url}${whiteHref}`);
    await tab.close();
    expect(page.url()).toBe(`${world.site.url}${FILTERED}?sort=priceHigh`);
    await color.click();
    await page.waitForURL(`${world.site.url}${whiteHref}`);
    await expect.poll(() => page.locator('main nav [aria-current="true"]', { hasText: "White" }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the search page has no axe violations, with JavaScript and as server HTML on a phone", async () => {
    for (const stripScripts of [false, true]) {
      const { context, page, errors } = await openPage(world.browser, { stripScripts, mobile: stripScripts });
      await page.goto(`${world.site.url}${SORTED}`);
      if (!stripScripts) await waitForHydration(page);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      if (!stripScripts) expect(errors).toEqual([]);
      await context.close();
    }
  });
});
