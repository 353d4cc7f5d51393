import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

describe("home page", () => {
  it("with JavaScript it shows every block of spec section 2, its tabs follow the keyboard, and axe finds nothing", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const response = await page.goto(`${world.site.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe("Used Cars & SUVs in Brentwood, MO | Confluence Motors Brentwood");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe(
      "index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1",
    );
    expect(await page.locator("h1").count()).toBe(1);
    // One stylesheet, inlined in the head under the CSP nonce (docs/decisions/150); no other style element.
    expect(await page.locator("head > style").count()).toBe(1);
    expect(await page.locator("body style").count()).toBe(0);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(3);
    for (const feature of [/^Shop cars Inspected/, /^Get Pre-Approved Free, fast/, /^Sell or trade A real offer/]) {
      expect(await page.getByRole("link", { name: feature }).count()).toBe(1);
    }

    const tabs = page.getByRole("tab");
    expect(await tabs.allTextContents()).toEqual(["Finance", "Shop", "Sell or Trade", "Service"]);
    // The tabs answer once React has hydrated, which starts after the first paint.
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Shop" }).click();
    await expect.poll(() => page.getByRole("tabpanel").textContent()).toContain("Cars worth buying, checked twice");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Sell or Trade");
    expect(await page.getByRole("tabpanel").textContent()).toContain("A real offer in under 60 seconds");

    const reviews = page.locator("section[aria-labelledby='reviews-title'] ul > li");
    expect(await reviews.count()).toBe(9);
    expect(await page.locator("section[aria-labelledby='faqs-title'] details").count()).toBe(6);
    expect(await page.locator("section[aria-labelledby='warranty-title'] article").count()).toBe(3);
    expect(await page.getByRole("heading", { name: "Pre-approved in 24–48 hours" }).isVisible()).toBe(true);
    expect(
      await page.getByText("lifetime engine limited warranty on vehicles under 85,000 miles").first().isVisible(),
    ).toBe(true);

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript the department tabs read as four sections, the FAQs open, and the menu opens", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false, mobile: true });
    await page.goto(`${world.site.url}/`);
    expect(await page.getByRole("tablist").isVisible()).toBe(false);
    for (const label of ["Finance", "Shop", "Sell or Trade", "Service"]) {
      expect(await page.getByRole("heading", { name: label, exact: true }).isVisible()).toBe(true);
    }
    const firstFaq = page.locator("section[aria-labelledby='faqs-title'] details").first();
    await firstFaq.locator("summary").click();
    expect(await firstFaq.getAttribute("open")).toBe("");
    await page.locator("summary", { hasText: "Menu" }).click();
    expect(
      await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Browse All" }).isVisible(),
    ).toBe(true);
    await context.close();
  });

  it("the later hero pictures load when the strip first moves, and with the page when JavaScript is off", async () => {
    const slidePictures = (page: Page) => page.locator('[aria-roledescription="slide"] img');
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/media/content/hero/")) requested.push(new URL(r.url()).pathname);
    });
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page);
    await page.waitForLoadState("load");
    // Reduced motion (the test default): no autoplay, so nothing turns the strip but the shopper.
    expect(await slidePictures(page).count()).toBe(0);
    expect(requested).toEqual([]);
    const picture = page.waitForRequest((r) => r.url().includes("/media/content/hero/"));
    await page.getByRole("button", { name: "Next slide" }).click();
    await picture;
    await expect.poll(() => slidePictures(page).count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();

    const noJs = await openPage(world.browser, { javaScriptEnabled: false, mobile: true });
    await noJs.page.goto(`${world.site.url}/`);
    expect(await slidePictures(noJs.page).count()).toBe(2);
    await noJs.context.close();
  });

  it("the server-rendered page, with every script removed, passes axe on a phone", async () => {
    const { context, page } = await openPage(world.browser, { stripScripts: true, mobile: true });
    await page.goto(`${world.site.url}/`);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it("a slow page change shows the green loading bar after the throttle and removes it when the page arrives", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/`);
    // The scripts start after the first paint: before hydration a click is a plain page load, without the bar.
    await waitForHydration(page);
    await page.route("**/our-company.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { name: "Loading the next page" });
    await page.locator("footer").getByRole("link", { name: "Our Company" }).click();
    await bar.waitFor({ state: "visible", timeout: 1000 });
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(34, 197, 94)");
    await page.waitForURL(`${world.site.url}/our-company`);
    await bar.waitFor({ state: "detached", timeout: 3000 });
    await context.close();
  });

  it("pointing at a prefetching link fetches its page's data ahead, and a plain click on it stays in the document", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // Plain anchors hydrated without a <Link> each; the root's listeners act for them (docs/decisions/157).
    const link = page.locator('main a[data-page-link][data-prefetch="intent"]').first();
    const path = new URL((await link.getAttribute("href")) ?? "", world.site.url).pathname;
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    const prefetched = page.waitForRequest((r) => new URL(r.url()).pathname === `${path}.data`);
    await link.hover();
    await prefetched;
    expect(await page.locator(`link[rel="prefetch"][href^="${path}.data"]`).count()).toBe(1);
    await link.click();
    await page.waitForURL(`${world.site.url}${path}`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
