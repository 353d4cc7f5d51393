import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, postAndLoad, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

const ST_PETERS = "Confluence Motors St. Peters";
const ST_PETERS_SALES = "(636) 555-0163";

async function storeCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "userSelectedStore");
  // React Router's cookies hold base64 JSON: decode to the store id.
  return cookie && { ...cookie, value: JSON.parse(atob(decodeURIComponent(cookie.value))) as string };
}

async function pickStPeters(page: Page) {
  await page.locator("summary", { hasText: "Shopping at Confluence Motors Brentwood" }).click();
  await page.getByRole("button", { name: new RegExp(ST_PETERS) }).click();
}

function expectThirtyDays(expires: number | undefined) {
  const days = ((expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
}

describe("store switcher", () => {
  it("without JavaScript a plain form POST switches the store, remembers it 30 days and shows the toast", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}/our-company/careers`);
    expect((await postAndLoad(page, () => pickStPeters(page), "/api/store")).status()).toBe(303);
    await page.waitForURL(`${world.site.url}/our-company/careers`);
    expect(await page.getByText(`Shopping at ${ST_PETERS}`, { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .locator("header")
        .getByRole("link", { name: `Call sales: ${ST_PETERS_SALES}` })
        .isVisible(),
    ).toBe(true);
    const toast = page.getByRole("status").filter({ hasText: "Store changed" });
    expect(await toast.textContent()).toContain(`You’re now shopping at ${ST_PETERS}.`);

    const cookie = await storeCookie(context);
    expect(cookie?.value).toBe("st-peters");
    expect(cookie?.secure).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expectThirtyDays(cookie?.expires);

    // The choice outlives the page: a later visit opens with the store picked.
    await page.goto(`${world.site.url}/`);
    expect(await page.getByText(`Shopping at ${ST_PETERS}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator("footer").getByText("Under $20K at Confluence Motors St. Peters").isVisible()).toBe(true);
    await context.close();
  });

  it("with JavaScript a fetcher switches the store in place: no page load, new phone and hours, a toast", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/help-center`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await pickStPeters(page);
    await page.getByText(`Shopping at ${ST_PETERS}`, { exact: true }).waitFor();
    expect(
      await page
        .locator("header")
        .getByRole("link", { name: `Call sales: ${ST_PETERS_SALES}` })
        .isVisible(),
    ).toBe(true);
    await page.getByRole("status").filter({ hasText: "Store changed" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(page.url()).toBe(`${world.site.url}/help-center`);
    expect((await storeCookie(context))?.value).toBe("st-peters");

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a store that does not exist is refused with 400 and nothing is remembered", async () => {
    const response = await fetch(`${world.site.url}/api/store`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "storeId=nowhere&redirectTo=%2F",
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
