import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

const NOINDEX = "noindex, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1";

describe("404 page", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`an unknown path answers 404 with the spec's page and its way home (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, page } = await openPage(world.browser, { javaScriptEnabled });
      const response = await page.goto(`${world.site.url}/no-such-page`);
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe("404 - Page not found");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe(NOINDEX);
      const main = page.getByRole("main");
      expect(await main.getByText("404", { exact: true }).isVisible()).toBe(true);
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      expect(await main.getByText("Sorry, we couldn’t find the page you’re looking for.").isVisible()).toBe(true);
      // The shell stays: the visitor keeps the menu and the store's phone.
      expect(await page.getByRole("navigation", { name: "Footer navigation" }).isVisible()).toBe(true);
      await main.getByRole("link", { name: "Go back home" }).click();
      await page.waitForURL(`${world.site.url}/`);
      await page.getByRole("heading", { level: 1, name: "Drive the car you want, with financing that fits" }).waitFor();
      expect(await page.title()).toBe("Used Cars & SUVs in Brentwood, MO | Confluence Motors Brentwood");
      await context.close();
    });
  }

  it("pages that are off, and routes whose validation fails, answer the same 404", async () => {
    for (const path of [
      "/special-offers",
      "/service/schedule",
      "/vehicle-protection-plans",
      "/legal/terms-of-sale",
      "/our-company/meet-our-team/nobody",
      "/help-center/no-topic",
      "/cars-for-sale/not-a-filter",
    ]) {
      const response = await fetch(`${world.site.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page not found");
    }
  });

  it("the 404 page passes axe with and without its scripts", async () => {
    for (const stripScripts of [false, true]) {
      const { context, page } = await openPage(world.browser, { stripScripts, mobile: stripScripts });
      await page.goto(`${world.site.url}/no-such-page`);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });
});
