import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, postAndLoad, waitForHydration } from "./support/browser";
import { deliveredLead, xmllintAdf } from "./support/lead-mail";
import { type RunningSite, startSite } from "./support/server";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-unlock-price-e2e-"));
  [site, browser] = await Promise.all([
    startSite({
      DATA_DIR: dataDir,
      RELAY_INTERVAL_MS: "200",
      // A stepper is a post per step: three journeys in a minute would otherwise meet the per-IP limit.
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The ADF email of the lead whose customer has `lastName`, once the relay has written it. */
const deliveredAdf = (lastName: string) =>
  deliveredLead(dataDir, (text) => text.includes("<adf>") && text.includes(`>${lastName}</name>`), `for ${lastName}`);
const xmllint = (xml: string) => xmllintAdf(xml, dataDir);

/** The detail page path of the first listed vehicle whose price is locked (it shows "Unlock Price"). */
async function lockedVehiclePath(page: Page): Promise<string> {
  await page.goto(`${site.url}/cars-for-sale`);
  const href = await page
    .locator("main ol > li")
    .filter({ hasText: "Unlock Price" })
    .first()
    .locator("h2 a")
    .getAttribute("href");
  if (!href) throw new Error("No listed vehicle with a locked price");
  return href;
}

const vinOf = (path: string) => (/([A-HJ-NPR-Z0-9]{17})$/.exec(path) ?? [])[1] as string;

/** Presses Tab until the focused element matches `selector` (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, selector: string, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("Personalize My Price with JavaScript", () => {
  it("walks the dialog through every step by keyboard alone, with axe clean on each, and unlocks without a reload", async () => {
    const { page, errors } = await openPage(browser);
    const path = await lockedVehiclePath(page);
    await page.goto(`${site.url}${path}`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const opener = page.getByRole("link", { name: "Personalize My Price" }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "How much would you like to put down?" }).waitFor();
    await expectNoAxeViolations(page);

    // Cash down: arrow keys move the slider. The price is locked: no live estimate or amount financed to give it
    // away, and the slider opens at its default rather than a tenth of the price (docs/decisions/270).
    expect(
      await dialog.getByText("Your price and estimated payment show when you finish these steps.").isVisible(),
    ).toBe(true);
    expect(await dialog.getByText(/\/mo\b/).count()).toBe(0);
    expect(await dialog.getByText("Amount financed").count()).toBe(0);
    await tabTo(page, "[role=dialog] input[type=range]");
    expect(await page.locator("[role=dialog] input[type=range]").first().inputValue()).toBe("1000");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator("[role=dialog] input[type=range]").first().inputValue()).not.toBe("1000");
    await tabTo(page, "[role=dialog] button[type=submit]");
    await page.keyboard.press("Enter");

    // Trading in: yes, by the radio group's arrow keys.
    await dialog.getByRole("heading", { name: "Are you trading in a vehicle?" }).waitFor();
    await expectNoAxeViolations(page);
    await tabTo(page, "[role=dialog] input[type=radio]");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => dialog.getByRole("radio", { name: "Yes, I have a trade-in" }).isChecked()).toBe(true);
    await tabTo(page, "[role=dialog] button[type=submit]");
    await page.keyboard.press("Enter");

    await dialog.getByRole("heading", { name: "About how much is your trade-in worth?" }).waitFor();
    await expectNoAxeViolations(page);
    await tabTo(page, "[role=dialog] input[type=range]");
    await page.keyboard.press("PageUp");
    await tabTo(page, "[role=dialog] button[type=submit]");
    await page.keyboard.press("Enter");

    // Credit score and term: both sliders, by arrow keys.
    await dialog.getByRole("heading", { name: "What’s your credit score?" }).waitFor();
    await expectNoAxeViolations(page);
    await tabTo(page, "[role=dialog] input[type=range]");
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => dialog.getByText("60 months").first().isVisible()).toBe(true);
    await tabTo(page, "[role=dialog] button[type=submit]");
    await page.keyboard.press("Enter");

    // Contact: an invalid submit shows the spec's words; then the details, typed.
    await dialog.getByRole("heading", { name: "Where should we send your price?" }).waitFor();
    await expectNoAxeViolations(page);
    expect(await dialog.getByText("By giving us your cell number").isVisible()).toBe(true);
    await tabTo(page, "[role=dialog] button[type=submit]");
    await page.keyboard.press("Enter");
    await dialog.getByText("Enter your first name.").waitFor();
    await expectNoAxeViolations(page);
    await tabTo(page, "[role=dialog] input[name=firstName]");
    await page.keyboard.type("Kim");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboardson");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim.keyboardson@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("(314) 555-0177");
    await page.keyboard.press("Enter");

    await dialog.getByRole("heading", { name: "Your price is unlocked" }).waitFor();
    await expectNoAxeViolations(page);
    for (const choice of ["Keep browsing", "Get pre-approved", "Value my trade"]) {
      expect(await dialog.getByText(choice, { exact: true }).isVisible()).toBe(true);
    }
    // The figures are the server's, which the revalidation after the save brings.
    await dialog.getByText("Your price:").waitFor();
    await dialog.getByText("Amount financed").waitFor();

    // Escape closes; the page behind has unlocked its price without a reload.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("main").getByText("Unlock Price", { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const adf = await deliveredAdf("Keyboardson");
    expect(adf).toContain(vinOf(path));
    expect(adf).toMatch(/<vehicle interest="buy"/);
    const lint = xmllint(adf);
    expect(lint.stderr).toBe("");
    expect(lint.status).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("Personalize My Price without JavaScript", () => {
  it("posts each step as a form and ends with the unlocked price, the three choices and a valid ADF lead", async () => {
    const { page: probe } = await openPage(browser);
    const path = await lockedVehiclePath(probe);
    const vin = vinOf(path);
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${path}`);
    await page.getByRole("link", { name: "Personalize My Price" }).first().click();
    await page.waitForURL(`${site.url}/personalize-price/${vin}`);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/^noindex, follow/);

    const post = async (button: string) => {
      const answered = await postAndLoad(page, () => page.getByRole("button", { name: button }).click());
      return answered.status();
    };
    await page.getByRole("heading", { name: "How much would you like to put down?" }).waitFor();
    await page.getByLabel("Cash down", { exact: true }).fill("2500");
    expect(await post("Continue")).toBe(303);
    await page.getByRole("heading", { name: "Are you trading in a vehicle?" }).waitFor();
    await page.getByLabel("Yes, I have a trade-in").check();
    expect(await post("Continue")).toBe(303);
    await page.getByRole("heading", { name: "About how much is your trade-in worth?" }).waitFor();
    expect(await post("Back")).toBe(303);
    await page.getByRole("heading", { name: "Are you trading in a vehicle?" }).waitFor();
    await page.getByLabel("No trade-in").check();
    expect(await post("Continue")).toBe(303);
    await page.getByRole("heading", { name: "What’s your credit score?" }).waitFor();
    await page.getByLabel("Credit score", { exact: true }).fill("");
    expect(await post("Continue")).toBe(400);
    await page.getByText("This field is required").waitFor();
    await page.getByLabel("Credit score", { exact: true }).fill("720");
    await page.getByLabel("Loan term", { exact: true }).selectOption("60");
    expect(await post("Continue")).toBe(303);
    await page.getByRole("heading", { name: "Where should we send your price?" }).waitFor();
    expect(await post("Unlock Price")).toBe(400);
    await page.getByText("Enter your first name.").waitFor();
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Noscript");
    await page.getByLabel("Email").fill("nora.noscript@example.com");
    await page.getByLabel("Mobile phone").fill("(314) 555-0188");
    expect(await post("Unlock Price")).toBe(303);
    await page.getByRole("heading", { name: "Your price is unlocked" }).waitFor();
    expect(await page.getByText("for 60 months").first().isVisible()).toBe(true);
    for (const [name, href] of [
      ["Keep browsing", path],
      ["Get pre-approved", `/auto-financing/apply-for-financing?vin=${vin}`],
      ["Value my trade", "/sell-trade-my-car"],
    ]) {
      expect(await page.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }

    const adf = await deliveredAdf("Noscript");
    expect(adf).toContain(vin);
    const lint = xmllint(adf);
    expect(lint.stderr).toBe("");
    expect(lint.status).toBe(0);
  });

  it("each step has no axe violations with scripts stripped", async () => {
    const { page: probe } = await openPage(browser);
    const vin = vinOf(await lockedVehiclePath(probe));
    const { page } = await openPage(browser, { stripScripts: true });
    await page.goto(`${site.url}/personalize-price/${vin}`);
    const steps: [string, () => Promise<void>][] = [
      ["How much would you like to put down?", async () => {}],
      ["Are you trading in a vehicle?", () => page.getByLabel("Yes, I have a trade-in").check()],
      ["About how much is your trade-in worth?", async () => {}],
      ["What’s your credit score?", async () => {}],
      ["Where should we send your price?", async () => {}],
    ];
    for (const [heading, answer] of steps) {
      await page.getByRole("heading", { name: heading }).waitFor();
      await expectNoAxeViolations(page);
      await answer();
      await page.getByRole("button", { name: heading.startsWith("Where") ? "Unlock Price" : "Continue" }).click();
    }
    await page.getByText("Enter your first name.").waitFor();
    await expectNoAxeViolations(page);
  });
});
