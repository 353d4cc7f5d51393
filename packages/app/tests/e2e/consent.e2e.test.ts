import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

async function consentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const value = (name: string) => {
    const raw = cookies.find((c) => c.name === name)?.value;
    return raw === undefined ? undefined : decodeURIComponent(raw);
  };
  return { display: value("displayCookies"), allowed: value("allowCookies") };
}

describe("cookie banner (tier 3: customize, deny, accept all)", () => {
  it("without JavaScript, Accept all posts, stores every category and hides the banner", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}/our-company`);
    const banner = page.getByRole("region", { name: "We use cookies" });
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole("button", { name: "Accept all" }).click();
    await page.waitForURL(`${world.site.url}/our-company`);
    expect(await page.getByRole("region", { name: "We use cookies" }).count()).toBe(0);
    expect(await consentCookies(context)).toEqual({
      display: "hide",
      allowed: "essential,functional,analytics,targeting",
    });
    await context.close();
  });

  it("without JavaScript, Customize leads to the preferences, which save only the chosen categories, essential on", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}/`);
    const banner = page.getByRole("region", { name: "We use cookies" });
    await banner.getByRole("link", { name: "Customize" }).click();
    const preferences = page.getByRole("region", { name: "Cookie preferences" });
    expect(await preferences.getByRole("checkbox", { name: /Essential/ }).isDisabled()).toBe(true);
    await preferences.getByRole("checkbox", { name: "Functional" }).check();
    await preferences.getByRole("button", { name: "Save preferences" }).click();
    await page.waitForURL(`${world.site.url}/`);
    expect(await consentCookies(context)).toEqual({ display: "hide", allowed: "essential,functional" });
    await context.close();
  });

  it("with JavaScript, Decline fades the banner out and keeps essential, functional and analytics, without a page load", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/help-center`);
    // The scripts start after the first paint, and the banner's own code after hydration (ADR 280); until then,
    // Decline is a plain form post.
    await waitForHydration(page, "#cookie-banner-title");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const banner = page.getByRole("region", { name: "We use cookies" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await consentCookies(context)).toEqual({ display: "hide", allowed: "essential,functional,analytics" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never shows on /legal pages, offers Spanish, and reopens from the footer's Cookie settings", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false });
    await page.goto(`${world.site.url}/legal/privacy-policy`);
    expect(await page.getByRole("region", { name: "We use cookies" }).count()).toBe(0);

    await page.goto(`${world.site.url}/`);
    await page.getByRole("button", { name: "Español" }).click();
    await page.waitForURL(`${world.site.url}/`);
    const spanish = page.getByRole("region", { name: "Usamos cookies" });
    expect(await spanish.getByRole("button", { name: "Aceptar todas" }).isVisible()).toBe(true);
    await spanish.getByRole("button", { name: "Aceptar todas" }).click();
    await page.waitForURL(`${world.site.url}/`);
    expect(await page.getByRole("region", { name: "Usamos cookies" }).count()).toBe(0);

    await page.getByRole("button", { name: "Cookie settings" }).click();
    await page.waitForURL(`${world.site.url}/`);
    expect(await page.getByRole("region", { name: "Usamos cookies" }).isVisible()).toBe(true);
    await context.close();
  });
});
