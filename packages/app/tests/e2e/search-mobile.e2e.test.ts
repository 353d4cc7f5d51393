import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { shiftsOf, watchLayoutShifts } from "./support/layout-shifts";
import { siteAndBrowserForFile } from "./support/site-for-file";

// Issue 16, shopper polish: the search on a 390 × 844 phone (Filters dialog, ADR 262) and "Show more" that
// survives Back (ADR 261).

const world = siteAndBrowserForFile();

const PHONE_HEIGHT = 844;
const PER_PAGE = 19;
const SORTED = "/cars-for-sale?sort=mileage";

const cards = (page: Page) => page.locator("main ol > li");
const filtersButton = (page: Page) => page.getByRole("link", { name: /^Filters\b/ });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Filters" });

/** The first card's top edge, in CSS pixels from the top of the page (the page is at its top). */
async function firstCardTop(page: Page): Promise<number> {
  return cards(page)
    .first()
    .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
}

/** How wide the search box's placeholder is against the room its field has for text. */
async function placeholderFit(page: Page): Promise<{ text: number; room: number }> {
  return page.getByRole("searchbox", { name: "Search inventory" }).evaluate((input) => {
    const field = input as HTMLInputElement;
    const style = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text: context.measureText(field.placeholder).width, room };
  });
}

describe("search on a phone (390 × 844)", () => {
  it("the first car is on the first screen and the placeholder fits, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled });
      await page.goto(`${world.site.url}/cars-for-sale`);
      if (javaScriptEnabled) await waitForHydration(page);
      const top = await firstCardTop(page);
      expect(top, `first card top with JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBeGreaterThan(0);
      expect(top).toBeLessThan(PHONE_HEIGHT - 100);
      const fit = await placeholderFit(page);
      expect(fit.text).toBeGreaterThan(0);
      expect(fit.text).toBeLessThanOrEqual(fit.room);
      await context.close();
    }
  });

  it("nothing moves as the page loads and hydrates: the filters follow the results in the document, the sort's no-JS button is hidden from the first paint (CLS under 0.01, where it was 0.11 to 0.37)", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true });
    await watchLayoutShifts(page);
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    const shifts = await shiftsOf(page);
    expect(shifts.total, shifts.moved.join("\n")).toBeLessThan(0.01);
    await context.close();
  });

  it("without JavaScript, Filters is a link down to the filters, listed after the results", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`${world.site.url}/cars-for-sale`);
    expect(await filtersButton(page).getAttribute("href")).toBe("#filters");
    const facets = page.getByRole("navigation", { name: "Filters" });
    const facetsTop = await facets.evaluate((nav) => nav.getBoundingClientRect().top + window.scrollY);
    expect(facetsTop).toBeGreaterThan(
      await cards(page)
        .last()
        .evaluate((c) => c.getBoundingClientRect().top),
    );
    await filtersButton(page).click();
    await page.waitForURL(`${world.site.url}/cars-for-sale#filters`);
    await expect.poll(() => facets.evaluate((nav) => nav.getBoundingClientRect().top)).toBeLessThan(PHONE_HEIGHT);
    // A value there filters as on the desktop.
    await facets.locator("summary", { hasText: "Body style" }).click();
    await facets.getByRole("link", { name: /^SUVs\b/ }).click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs`);
    await context.close();
  });

  it("with JavaScript, Filters opens a dialog: choose a facet, read the count, close; axe clean while open", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    await filtersButton(page).click();
    await dialog(page).waitFor();
    expect(page.url()).toBe(`${world.site.url}/cars-for-sale`);
    const open = await axeViolations(page);
    expect(open, describeViolations(open)).toEqual([]);

    await dialog(page).locator("summary", { hasText: "Body style" }).click();
    const suvs = dialog(page).getByRole("link", { name: /^SUVs\b/ });
    const count = Number(await suvs.locator('[aria-hidden="true"]').last().textContent());
    expect(count).toBeGreaterThan(1);
    await suvs.click();
    await page.waitForURL(`${world.site.url}/cars-for-sale/suvs`);
    // The dialog stays open on the new results, its button saying how many and where (ADR 403).
    const apply = dialog(page).getByRole("button", { name: `Show ${count} vehicles at Brentwood` });
    await apply.waitFor();
    expect(await dialog(page).getByRole("status").textContent()).toBe(`${count} vehicles at Brentwood`);
    expect(await dialog(page).getByText("Each number counts vehicles at Brentwood.").count()).toBe(1);
    expect(await dialog(page).getByRole("link", { name: "Remove filter SUVs" }).count()).toBe(1);
    const chosen = await axeViolations(page);
    expect(chosen, describeViolations(chosen)).toEqual([]);
    await apply.click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("SUVs");
    await expect.poll(() => cards(page).count()).toBe(Math.min(PER_PAGE, count));
    // The button counts the filters in force.
    expect(await filtersButton(page).textContent()).toContain("1");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the Filters dialog works by keyboard: Enter opens it with focus inside, Escape closes it back to the button", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    await filtersButton(page).focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    // Tab stays inside the dialog.
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    // A group opens from the keyboard too.
    await dialog(page).locator("summary", { hasText: "Make" }).focus();
    await page.keyboard.press("Enter");
    expect(
      await dialog(page)
        .locator("details", { has: page.locator("summary", { hasText: "Make" }) })
        .getAttribute("open"),
    ).toBe("");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim().startsWith("Filters") ?? false))
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a desktop the sidebar stays and there is no Filters button", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale`);
    expect(await filtersButton(page).isVisible()).toBe(false);
    const sidebar = await page.getByRole("navigation", { name: "Filters" }).boundingBox();
    const first = await cards(page).first().boundingBox();
    expect(sidebar && first && sidebar.x + sidebar.width <= first.x).toBe(true);
    expect(sidebar && sidebar.y < 800).toBe(true);
    await context.close();
  });
});

describe("Show more survives Back", () => {
  it("with JavaScript: Back from a car listed by Show more restores the cards and the scroll position", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}${SORTED}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Show more" }).click();
    await page.waitForURL(`${world.site.url}${SORTED}&shown=2`);
    await expect.poll(() => cards(page).count()).toBe(2 * PER_PAGE);
    await page.getByRole("link", { name: "Show more" }).click();
    await page.waitForURL(`${world.site.url}${SORTED}&shown=3`);
    await expect.poll(() => cards(page).count()).toBe(3 * PER_PAGE);
    const listed = await cards(page).evaluateAll((items) => items.map((li) => li.getAttribute("data-vin")));

    const car = cards(page).nth(2 * PER_PAGE + 3);
    await car.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 37));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(PHONE_HEIGHT * 3);
    const href = await car.locator("h2 a").getAttribute("href");
    await car.locator("h2 a").click();
    await page.waitForURL(`${world.site.url}${href}`);

    await page.goBack();
    await page.waitForURL(`${world.site.url}${SORTED}&shown=3`);
    await expect.poll(() => cards(page).count()).toBe(3 * PER_PAGE);
    expect(await cards(page).evaluateAll((items) => items.map((li) => li.getAttribute("data-vin")))).toEqual(listed);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a reload or a shared link of the longer list shows the same cards, server-rendered", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}${SORTED}&shown=2`);
    expect(await cards(page).count()).toBe(2 * PER_PAGE);
    expect(await page.locator("#card-20").getAttribute("data-vin")).toBe(
      await cards(page).nth(PER_PAGE).getAttribute("data-vin"),
    );
    await context.close();
  });
});
