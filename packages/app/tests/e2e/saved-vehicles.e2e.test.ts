// Saved vehicles in a browser (issue 16): the heart on a search card saves the car with JavaScript (a fetcher, in
// place) and without it (a form POST and a 303 back), the list at /saved-vehicles shows it, Remove and the heart take
// it off, and axe finds nothing on the filled and empty list or on the detail page with a pressed heart.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, postAndLoad, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

/** The first search card's VIN, title and heart. */
async function firstCard(page: Page) {
  const card = page.locator("li[data-vin]").first();
  const vin = (await card.getAttribute("data-vin")) as string;
  const heart = card.getByRole("button", { name: /^Save / });
  const name = (await heart.getAttribute("aria-label")) as string;
  return { vin, heart, title: name.replace(/^Save /, "") };
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

describe("saved vehicles", () => {
  it("without JavaScript: the heart posts and comes back pressed, the list shows the car, Remove empties it", async () => {
    // Scripts stripped from every document (not JavaScript switched off): axe still runs in the page.
    const { context, page } = await openPage(world.browser, { stripScripts: true });
    await page.goto(`${world.site.url}/cars-for-sale`);
    const { vin, heart, title } = await firstCard(page);
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    expect((await postAndLoad(page, () => heart.click(), "/saved-vehicles")).status()).toBe(303);
    await page.waitForURL(`${world.site.url}/cars-for-sale`);
    expect(
      await page
        .locator(`li[data-vin="${vin}"]`)
        .getByRole("button", { name: `Save ${title}` })
        .getAttribute("aria-pressed"),
    ).toBe("true");

    await page.getByRole("link", { name: "Saved vehicles" }).click();
    await page.waitForURL(`${world.site.url}/saved-vehicles`);
    expect(
      await page.locator("li[data-vin]").evaluateAll((items) => items.map((i) => i.getAttribute("data-vin"))),
    ).toEqual([vin]);
    expect(await page.getByText("1 saved vehicle").isVisible()).toBe(true);
    await expectNoViolations(page, "/saved-vehicles, one car, no JavaScript");

    await page.getByRole("button", { name: `Remove ${title}` }).click();
    await page.waitForURL(`${world.site.url}/saved-vehicles`);
    expect(await page.getByRole("heading", { name: "No saved vehicles yet" }).isVisible()).toBe(true);
    expect(await page.locator("li[data-vin]").count()).toBe(0);
    await expectNoViolations(page, "/saved-vehicles, empty, no JavaScript");
    await context.close();
  });

  it("with JavaScript: the heart toggles in place (no page load), the list shows the car, its heart removes it", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const { vin, heart, title } = await firstCard(page);
    const post = page.waitForResponse((r) => r.url().includes("/saved-vehicles") && r.request().method() === "POST");
    await heart.click();
    expect((await post).status()).toBe(200);
    await page.locator(`li[data-vin="${vin}"] button[aria-pressed="true"]`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(page.url()).toBe(`${world.site.url}/cars-for-sale`);

    // The detail page shows it saved too, and passes axe with the pressed heart.
    await page.locator(`li[data-vin="${vin}"] h2 a`).click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: `Save ${title}`, pressed: true }).waitFor();
    await expectNoViolations(page, "the detail page with a saved car");

    await page.getByRole("link", { name: "Saved vehicles" }).click();
    await page.waitForURL(`${world.site.url}/saved-vehicles`);
    await page.locator(`li[data-vin="${vin}"]`).waitFor();
    await expectNoViolations(page, "/saved-vehicles, one car, JavaScript");

    await page
      .locator(`li[data-vin="${vin}"]`)
      .getByRole("button", { name: `Save ${title}` })
      .click();
    await page.getByRole("heading", { name: "No saved vehicles yet" }).waitFor();
    await expectNoViolations(page, "/saved-vehicles, empty, JavaScript");
    expect(errors).toEqual([]);
    await context.close();
  });
});
