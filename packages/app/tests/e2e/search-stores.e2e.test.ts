import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

// Issue 28, search that finds what shoppers type (ADR 337) and counts that say their store (ADR 338), on the
// fixtures: Toyota Camry is at St. Peters (5) and not at Brentwood, the default store; SUVs are 61 at Brentwood.

const world = siteAndBrowserForFile();

const hero = (page: Page) =>
  page
    .locator("main")
    .getByText(/^\d+ vehicles? at /)
    .first();
const facet = (page: Page, name: RegExp) =>
  page.getByRole("navigation", { name: "Filters" }).getByRole("link", { name });

/** The hero's count ("144 vehicles at Brentwood" → 144). */
async function heroCount(page: Page): Promise<number> {
  return Number((await hero(page).textContent())?.replace(/ .*$/s, ""));
}

async function searchFor(page: Page, q: string): Promise<number> {
  await page.goto(`${world.site.url}/cars-for-sale?q=${encodeURIComponent(q)}`);
  return heroCount(page);
}

describe("free text that understands shoppers (desktop)", () => {
  it("awd, 4x4 and all wheel drive find the all- and four-wheel-drive cars; hnda finds the Hondas", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale?drivetrain=awd,4wd`);
    const allWheel = await heroCount(page);
    expect(allWheel).toBeGreaterThan(20);
    for (const q of ["awd", "4x4", "all wheel drive", "Four-Wheel Drive"]) {
      expect(await searchFor(page, q), q).toBeGreaterThanOrEqual(allWheel);
    }
    const hondas = await searchFor(page, "honda");
    expect(hondas).toBeGreaterThan(3);
    expect(await searchFor(page, "hnda")).toBe(hondas);
    const makes = await page.locator("main ol > li h2").allTextContents();
    expect(makes.length).toBeGreaterThan(0);
    for (const title of makes) expect(title).toContain("Honda");
    await context.close();
  });

  it("drivetrain is a filter: its values link to ?drivetrain=, a chip removes it, and the page is axe clean", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    const group = page.locator("main details", { has: page.locator("summary", { hasText: "Drivetrain" }) });
    await group.locator("summary").click();
    const awd = facet(page, /^All-wheel drive \(AWD\)/);
    const shown = Number(await awd.locator('[aria-hidden="true"]').last().textContent());
    expect(shown).toBeGreaterThan(10);
    await awd.click();
    await page.waitForURL(/drivetrain=awd/);
    await expect.poll(() => heroCount(page)).toBe(shown);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByRole("link", { name: /Remove filter All-wheel drive/ }).click();
    await page.waitForURL((url) => !url.search.includes("drivetrain"));
    await expect.poll(() => heroCount(page)).toBeGreaterThan(shown);
    await context.close();
  });
});

describe("free text that understands shoppers (phone)", () => {
  it("without JavaScript, the search box takes a typo and a phrase: hnda lists Hondas, four wheel drive finds cars", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`${world.site.url}/cars-for-sale`);
    const box = page.getByRole("searchbox", { name: "Search inventory" });
    await box.fill("hnda");
    await box.press("Enter");
    await page.waitForURL(/q=hnda/);
    expect(await heroCount(page)).toBeGreaterThan(3);
    for (const title of await page.locator("main ol > li h2").allTextContents()) expect(title).toContain("Honda");
    await page.getByRole("searchbox", { name: "Search inventory" }).fill("four wheel drive");
    await page.getByRole("searchbox", { name: "Search inventory" }).press("Enter");
    await page.waitForURL(/q=four\+wheel\+drive/);
    expect(await heroCount(page)).toBeGreaterThan(20);
    await context.close();
  });
});

describe("counts that say their store, and empty filter pages", () => {
  for (const mobile of [false, true]) {
    const device = mobile ? "phone" : "desktop";
    it(`${device}, without JavaScript: Camry at Brentwood offers St. Peters' 5, and the button switches store`, async () => {
      const { context, page } = await openPage(world.browser, { mobile, javaScriptEnabled: false });
      await page.goto(`${world.site.url}/cars-for-sale/toyota-camry`);
      await expect(
        page.getByRole("status").filter({ hasText: "No vehicles match your filters at Brentwood" }).count(),
      ).resolves.toBe(1);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
      await page.getByRole("button", { name: "See 5 vehicles at St. Peters" }).click();
      await page.waitForURL(`${world.site.url}/cars-for-sale/toyota-camry`);
      expect(await hero(page).textContent()).toBe("5 vehicles at St. Peters");
      expect(await page.locator("main ol > li").count()).toBe(5);
      await context.close();
    });
  }

  it("the empty page is axe clean (scripts stripped, as without JavaScript, and with them)", async () => {
    for (const stripScripts of [true, false]) {
      const { context, page } = await openPage(world.browser, { stripScripts });
      await page.goto(`${world.site.url}/cars-for-sale/toyota-camry`);
      if (!stripScripts) await waitForHydration(page);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });

  it("phone: the home SUV card says 61 at Brentwood and opens a page of 61 at Brentwood", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}/`);
    const card = page.locator('main a[href="/cars-for-sale/suvs"]', { hasText: "vehicles at" });
    await expect(card.textContent()).resolves.toContain("61 vehicles at Brentwood");
    await card.click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs`);
    expect(await hero(page).textContent()).toBe("61 vehicles at Brentwood");
    await context.close();
  });
});

// A search at every store (ADR 400): "All stores" in the store choice, `?store=all` in the address.
const choice = (page: Page) => page.locator('form[aria-labelledby="store-choice-title"]');
/** The "At {store}" line of each result card. */
const cardStores = (page: Page) => page.locator("main ol > li article").getByText(/^At (Brentwood|St\. Peters)$/);

describe("all stores", () => {
  it("desktop, with JavaScript: All stores lists both stores' SUVs, each card names its store, a filter keeps the scope, Brentwood ends it; axe clean", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale/suvs`);
    await waitForHydration(page);
    expect(await hero(page).textContent()).toBe("61 vehicles at Brentwood");
    await expect(cardStores(page).count()).resolves.toBe(0);
    await choice(page)
      .getByRole("link", { name: /^All stores/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs?store=all`);
    await expect.poll(() => hero(page).textContent()).toMatch(/^\d+ vehicles at both stores$/);
    const both = await heroCount(page);
    expect(both).toBeGreaterThan(61);
    const cards = await page.locator("main ol > li article").count();
    const stores = await cardStores(page).allTextContents();
    expect(stores).toHaveLength(cards);
    expect(new Set(stores)).toStrictEqual(new Set(["At Brentwood", "At St. Peters"]));
    expect(await choice(page).locator('[aria-current="true"]').textContent()).toContain("All stores");
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const group = page.locator("main details", { has: page.locator("summary", { hasText: "Drivetrain" }) });
    await group.locator("summary").click();
    await facet(page, /^All-wheel drive \(AWD\)/).click();
    await page.waitForURL(/\?store=all&drivetrain=awd$/);
    await expect.poll(() => heroCount(page)).toBeLessThan(both);
    expect(await hero(page).textContent()).toMatch(/ at both stores$/);
    const awd = await heroCount(page);

    await choice(page)
      .getByRole("link", { name: /^Brentwood/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs?drivetrain=awd`);
    await expect.poll(() => hero(page).textContent()).toMatch(/ at Brentwood$/);
    expect(await heroCount(page)).toBeLessThan(awd);
    await context.close();
  });

  it("phone, without JavaScript: Camry at Brentwood → All stores shows St. Peters' 5, a new search keeps the scope, St. Peters switches store", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`${world.site.url}/cars-for-sale/toyota-camry`);
    await choice(page)
      .getByRole("link", { name: /^All stores ?, 5 vehicles$/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/toyota-camry?store=all`);
    expect(await hero(page).textContent()).toBe("5 vehicles at both stores");
    expect(await cardStores(page).allTextContents()).toStrictEqual(Array(5).fill("At St. Peters"));
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);

    const box = page.getByRole("searchbox", { name: "Search inventory" });
    await box.fill("se");
    await box.press("Enter");
    // The form sends the box first and the scope after it: the same search, whichever order.
    await page.waitForURL(
      (url) =>
        url.pathname === "/cars-for-sale/toyota-camry" &&
        url.searchParams.get("q") === "se" &&
        url.searchParams.get("store") === "all",
    );
    expect(await hero(page).textContent()).toMatch(/^\d+ vehicles? at both stores$/);

    await choice(page)
      .getByRole("button", { name: /^St\. Peters/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/toyota-camry?q=se`);
    expect(await hero(page).textContent()).toMatch(/^\d+ vehicles? at St\. Peters$/);
    await expect(cardStores(page).count()).resolves.toBe(0);
    await context.close();
  });

  it("the all-stores page is axe clean on a phone, scripts stripped (as without JavaScript) and with them", async () => {
    for (const stripScripts of [true, false]) {
      const { context, page } = await openPage(world.browser, { mobile: true, stripScripts });
      await page.goto(`${world.site.url}/cars-for-sale?store=all`);
      if (!stripScripts) await waitForHydration(page);
      expect(await hero(page).textContent()).toMatch(/ at both stores$/);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });
});

// The header on an all-stores page (ADR 403): it says the page covers both stores and marks All stores, while the
// visitor's store (the cookie) stays Brentwood; the Filters dialog's count says both stores.
describe("the header and the Filters dialog at every store", () => {
  const switcher = (page: Page) => page.locator("details[data-menu]").first();

  it("phone, without JavaScript: Searching both stores, All stores marked, a store button ends the scope", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`${world.site.url}/cars-for-sale/suvs?store=all`);
    await switcher(page).locator("summary", { hasText: "Searching both stores" }).click();
    const all = switcher(page).getByRole("link", { name: /^All stores/ });
    expect(await all.textContent()).toContain("This search at both stores");
    expect(await all.getAttribute("aria-current")).toBe("page");
    expect(await all.getAttribute("href")).toBe("/cars-for-sale/suvs?store=all");
    await switcher(page)
      .getByRole("button", { name: /St\. Peters/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs`);
    expect(await hero(page).textContent()).toBe("55 vehicles at St. Peters");
    expect(await switcher(page).locator("summary").textContent()).toContain("Shopping at Confluence Motors St. Peters");
    await context.close();
  });

  it("the all-stores page with the header's store menu open is axe clean, scripts stripped (as without JavaScript)", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, stripScripts: true });
    await page.goto(`${world.site.url}/cars-for-sale/suvs?store=all`);
    await switcher(page).locator("summary").click();
    await switcher(page)
      .getByRole("link", { name: /^All stores/ })
      .waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it("phone, with JavaScript: the header link opens every store, and the Filters dialog shows the count at both stores", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}/cars-for-sale/suvs`);
    await waitForHydration(page);
    await switcher(page).locator("summary").click();
    await switcher(page)
      .getByRole("link", { name: /^All stores/ })
      .click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs?store=all`);
    await expect.poll(() => switcher(page).locator("summary").textContent()).toContain("Searching both stores");
    const both = await heroCount(page);
    await page.getByRole("link", { name: /^Filters/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.getByRole("button", { name: `Show ${both} vehicles at both stores` }).waitFor();
    expect(await dialog.getByRole("status").textContent()).toBe(`${both} vehicles at both stores`);
    expect(await dialog.getByText("Each number counts vehicles at both stores.").count()).toBe(1);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
