import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

describe("legacy redirects (spec section 2, redirects before navigation)", () => {
  it("an old inventory search with a price filter answers 301 and lands on the canonical search page", async () => {
    const { context, page } = await openPage(world.browser);
    const response = await page.goto(`${world.site.url}/search-vehicles/used-inventory/price_max/20000`);
    expect(response?.request().redirectedFrom()?.url()).toBe(
      `${world.site.url}/search-vehicles/used-inventory/price_max/20000`,
    );
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(page.url()).toBe(`${world.site.url}/used-cars-for-sale/price-under-20000`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Used Cars Under $20,000 for Sale in Brentwood, MO",
    );
    expect(await page.getByRole("link", { name: /Under \$20,000/ }).count()).toBe(1);
    await context.close();
  });

  it("an old vehicle page (/used-vehicle/{year}/{slug}/{vin}) answers 301 with the vehicle's detail page", async () => {
    const vehicles = (await (await fetch(`${world.site.url}/api/___sitemaps___/vehicles?without=1`)).json()) as {
      loc: string;
    }[];
    const detail = vehicles.find((v) => v.loc.startsWith("/used-cars-for-sale/"));
    expect(detail).toBeDefined();
    const [, year, vin] = /^\/used-cars-for-sale\/(\d{4})-.*-([A-HJ-NPR-Z0-9]{17})$/.exec(detail?.loc ?? "") ?? [];
    const old = await fetch(`${world.site.url}/used-vehicle/${year}/some-old-slug/${vin}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(detail?.loc);

    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    const response = await page.goto(`${world.site.url}/used-vehicle/${year}/some-old-slug/${vin}`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${world.site.url}${detail?.loc}`);
    expect(await page.getByRole("heading", { name: "Vehicle Details" }).isVisible()).toBe(true);
    await context.close();
  });

  it("the bare old search address goes to the inventory", async () => {
    const response = await fetch(`${world.site.url}/search-vehicles`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/cars-for-sale");
  });
});
