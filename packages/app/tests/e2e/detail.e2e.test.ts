import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

/** The first sedan the search lists: a vehicle with similar ones (same body style). */
async function firstSedanPath(page: Page): Promise<string> {
  await page.goto(`${world.site.url}/cars-for-sale/sedans`);
  const href = await page.locator("main ol > li h2 a").first().getAttribute("href");
  if (!href) throw new Error("no sedan listed");
  return href;
}

/** Records CSP violations from the first byte of every document of the page. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const similarPrices = (page: Page) =>
  page.getByRole("region", { name: "Similar vehicles" }).locator("li article > div > p:last-child").allTextContents();

describe("vehicle detail page", () => {
  it("server-rendered: the JSON-LD Car parses with no CSP violation, and similar vehicles read Unlock Price", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const path = await firstSedanPath(page);
    const violations = await watchCsp(page);
    const response = await page.goto(`${world.site.url}${path}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const vin = path.slice(-17);
    const [car, ...others] = await readJsonLd(page);
    expect(others.map((block) => block["@type"])).toEqual(["BreadcrumbList"]);
    expect(car).toMatchObject({
      "@type": "Car",
      vehicleIdentificationNumber: vin,
      offers: { "@type": "Offer", priceCurrency: "USD", seller: { "@type": "AutoDealer" } },
    });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(String(car?.model));
    const prices = await similarPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toContain("Unlock Price");
    for (const price of prices) expect(price).toMatch(/^(Unlock Price|Call for Price)$/);
    // The locked price box offers the stepper for this vehicle.
    expect(await page.getByRole("link", { name: "Personalize My Price" }).first().getAttribute("href")).toBe(
      `/personalize-price/${vin}`,
    );
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reached by a click from the search (client navigation), it renders whole, with the same JSON-LD, even when its view's code is slow", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const violations = await watchCsp(page);
    // The vehicle view's code held back 1.5 s, as on a slow phone, so the click comes before it is in (ADR 402).
    await page.route(/\/vehicle-detail-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${world.site.url}/cars-for-sale/sedans`);
    await waitForHydration(page);
    const link = page.locator("main ol > li h2 a").first();
    const href = (await link.getAttribute("href")) ?? "";
    // Every state the page is drawn in between the click and the vehicle page has one h1 in its main: the listing
    // stays until the vehicle page replaces it whole, never an empty main or a fallback while the code loads.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { mainStates: string[] }).mainStates = seen;
      new MutationObserver(() => {
        const main = document.querySelector("main");
        seen.push(main === null ? "no main" : `${main.querySelectorAll("h1").length} h1`);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await link.click();
    await page.waitForURL(`${world.site.url}${href}`);
    await page.getByRole("heading", { name: "Vehicle Details" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    const states = await page.evaluate(() => (window as unknown as { mainStates: string[] }).mainStates);
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((state) => state !== "1 h1")).toEqual([]);
    const [car] = await readJsonLd(page);
    expect(car?.vehicleIdentificationNumber).toBe(href.slice(-17));
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has no axe violations, with JavaScript and as server HTML on a phone", async () => {
    const probe = await openPage(world.browser);
    const path = await firstSedanPath(probe.page);
    await probe.context.close();
    for (const stripScripts of [false, true]) {
      const { context, page, errors } = await openPage(world.browser, { stripScripts, mobile: stripScripts });
      await page.goto(`${world.site.url}${path}`);
      if (!stripScripts) await waitForHydration(page);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      if (!stripScripts) expect(errors).toEqual([]);
      await context.close();
    }
  });
});
