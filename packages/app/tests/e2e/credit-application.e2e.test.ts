import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, type PageOptions, waitForHydration } from "./support/browser";
import { tabTo, typeInto } from "./support/keyboard";
import { deliveredLead, xmllintAdf } from "./support/lead-mail";
import { type RunningSite, startSite } from "./support/server";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-credit-e2e-"));
  [site, browser] = await Promise.all([
    startSite({ DATA_DIR: dataDir, RELAY_INTERVAL_MS: "200", RATE_LIMIT_POSTS_PER_MINUTE: "1000" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const PATH = "/auto-financing/full-credit-application";
const SSN = "123-45-6789";

const heading = (page: Page, step: string) =>
  page.getByRole("heading", { name: new RegExp(`^Step \\d of 5: ${step}$`) }).waitFor();
const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true }).last();

async function aboutYou(page: Page, lastName: string) {
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(`dana.${lastName.toLowerCase()}@example.com`);
  await page.getByLabel("Mobile phone").fill("(314) 555-0142");
  await page.getByLabel("Date of birth").fill("1990-06-15");
  await page.getByLabel("Social Security number").fill(SSN);
}

async function residence(page: Page, index: number, years: string, street: string) {
  const at = (name: string) => page.locator(`[name="residences[${index}].${name}"]`);
  await at("housingStatus").selectOption("rent");
  await at("monthlyRent").fill("1,250");
  await at("yearsAtAddress").fill(years);
  await at("monthsAtAddress").fill("0");
  await at("fullAddress").fill(street);
  await at("city").fill("St. Louis");
  await at("state").selectOption("MO");
  await at("zipCode").fill("63103");
}

async function employment(page: Page) {
  const at = (name: string) => page.locator(`[name="employments[0].${name}"]`);
  await at("incomeType").selectOption("full-time");
  await at("employer").fill("Gateway Logistics");
  await at("jobTitle").fill("Dispatcher");
  await at("phone").fill("(314) 555-0199");
  await at("monthlyIncome").fill("$4,200");
  await at("years").fill("3");
  await at("months").fill("0");
}

/** The whole journey with a browser of `options`, axe on every step and every error state. */
async function journey(options: PageOptions, lastName: string): Promise<{ page: Page; reference: string }> {
  const { page, errors } = await openPage(browser, options);
  await page.goto(`${site.url}${PATH}`);
  if (options.javaScriptEnabled !== false) await waitForHydration(page, "form");
  const axe = options.javaScriptEnabled !== false;
  await heading(page, "About you");
  if (axe) await expectNoAxeViolations(page);

  // About you: sent empty, the spec's words; then complete.
  await continueButton(page).click();
  await page.getByText("Enter your first name.").first().waitFor();
  expect(await page.locator("#field-ssn-error").textContent()).toBe("This field is required");
  if (axe) await expectNoAxeViolations(page);
  await aboutYou(page, lastName);
  await continueButton(page).click();

  // Where you live: a year and a half is not two years; a second address makes it.
  await heading(page, "Where you live");
  if (axe) await expectNoAxeViolations(page);
  await residence(page, 0, "1", "1200 Market St");
  await continueButton(page).click();
  await page.getByText("Add residence history covering at least two years.").first().waitFor();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Add a previous address" }).click();
  await page.locator('[name="residences[1].fullAddress"]').waitFor();
  expect(await page.locator('[name="residences[0].fullAddress"]').inputValue()).toBe("1200 Market St");
  await residence(page, 1, "2", "88 Olive St");
  await continueButton(page).click();

  await heading(page, "Where you work");
  await employment(page);
  await continueButton(page).click();

  await heading(page, "Co-borrower");
  if (axe) await expectNoAxeViolations(page);
  await continueButton(page).click();

  await heading(page, "Review and submit");
  const review = page.locator("main");
  expect(await review.textContent()).toContain("•••-••-6789");
  expect(await review.textContent()).not.toContain("123-45");
  expect(await review.textContent()).toContain("88 Olive St");
  expect(await review.textContent()).toContain("$4,200");
  if (axe) await expectNoAxeViolations(page);
  // Change: back to the residences, and Continue comes straight back to review.
  await page.getByRole("button", { name: "Change", exact: true }).nth(1).click();
  await heading(page, "Where you live");
  expect(await page.locator('[name="residences[1].fullAddress"]').inputValue()).toBe("88 Olive St");
  await continueButton(page).click();
  await heading(page, "Review and submit");
  // The E-SIGN consent is required.
  await page.getByRole("button", { name: "Submit application" }).last().click();
  await page.getByText("Agree to the Electronic Signature Disclosure").first().waitFor();
  if (axe) await expectNoAxeViolations(page);
  expect(
    await page.locator("form").getByRole("link", { name: "Electronic Signature Disclosure" }).getAttribute("href"),
  ).toBe("/legal/electronic-signature-disclosure");
  expect(await page.getByLabel(/You may call or text me/).isChecked()).toBe(false);
  await page.getByLabel(/I have read the/).check();
  await page.getByRole("button", { name: "Submit application" }).last().click();
  await page.getByRole("heading", { name: "Application received" }).waitFor();
  const reference = (await page.locator("strong.font-mono").textContent()) ?? "";
  expect(reference).toMatch(/^FC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  expect(page.url()).not.toMatch(/123|6789|1990/);
  if (axe) await expectNoAxeViolations(page);
  if (options.javaScriptEnabled !== false) {
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  }
  return { page, reference };
}

async function expectLead(lastName: string, reference: string) {
  const mail = await deliveredLead(
    dataDir,
    (text) => text.includes("<adf>") && text.includes(`>${lastName}</name>`),
    `for ${lastName}`,
  );
  expect(mail).toContain(`Full credit application on file in the finance desk, reference ${reference}`);
  for (const secret of ["123-45-6789", "123456789", "1990-06-15", "4200", "4,200", "1200 Market St"]) {
    expect(mail).not.toContain(secret);
  }
  expect(xmllintAdf(mail.slice(mail.indexOf("<?xml")), dataDir)).toMatchObject({ status: 0 });
}

describe("the full credit application", () => {
  it("with JavaScript on a phone: five steps in the page, errors in the spec's words, one submit, the lead without personal data", async () => {
    const { page, reference } = await journey({ mobile: true }, "Stepper");
    await expectLead("Stepper", reference);
    await page.context().close();
  });

  it("without JavaScript on a desktop: each step a round trip, the same journey, the same lead", async () => {
    const { page, reference } = await journey({ javaScriptEnabled: false }, "Roundtrip");
    await expectLead("Roundtrip", reference);
    await page.context().close();
  });

  it("axe finds nothing on the steps as the server renders them, errors included", async () => {
    const { page } = await openPage(browser, { stripScripts: true });
    await page.goto(`${site.url}${PATH}`);
    await expectNoAxeViolations(page);
    await continueButton(page).click();
    await page.getByText("Enter your first name.").first().waitFor();
    await expectNoAxeViolations(page);
    await aboutYou(page, "Axe");
    await continueButton(page).click();
    await heading(page, "Where you live");
    await continueButton(page).click();
    await page.getByText("Add residence history covering at least two years.").first().waitFor();
    await expectNoAxeViolations(page);
    await page.locator('[name="residences[0].zipCode"]').fill("6310");
    await continueButton(page).click();
    await page.getByText("Enter a 5-digit ZIP code.").first().waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("keyboard only, with JavaScript: the first step is filled, shown and sent with Tab, typing and Enter", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}${PATH}`);
    await waitForHydration(page, "form");
    await typeInto(page, page.getByLabel("First name"), "Kay");
    await typeInto(page, page.getByLabel("Last name"), "Board");
    await typeInto(page, page.getByLabel("Email"), "kay.board@example.com");
    await typeInto(page, page.getByLabel("Mobile phone"), "3145550100");
    await typeInto(page, page.getByLabel("Date of birth"), "06151990");
    await typeInto(page, page.getByLabel("Social Security number"), "234567890");
    await tabTo(page, page.getByRole("button", { name: "Show" }));
    await page.keyboard.press("Enter");
    expect(await page.getByLabel("Social Security number").getAttribute("type")).toBe("text");
    await tabTo(page, continueButton(page));
    await page.keyboard.press("Enter");
    await heading(page, "Where you live");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("credit-step-title");
    await page.context().close();
  });

  // ADR 426: steps two to five are a chunk of their own, held back here so a late arrival would show.
  const LATER_STEPS = /\/later-steps-[\w-]+\.js$/;
  const holdLaterSteps = async (page: Page, requested: string[]) => {
    await page.route(LATER_STEPS, async (route) => {
      requested.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  };

  it("with JavaScript: the later steps' code comes with the stepper, not the page, and the second step shows whole", async () => {
    const { page, errors } = await openPage(browser);
    const requested: string[] = [];
    await holdLaterSteps(page, requested);
    await page.goto(`${site.url}${PATH}`);
    await waitForHydration(page, "form");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    // Any moment with the second step's heading but not its fields is the empty fallback on screen.
    await page.evaluate(() => {
      const w = window as unknown as { emptyStep: boolean };
      w.emptyStep = false;
      new MutationObserver(() => {
        const title = document.getElementById("credit-step-title")?.textContent ?? "";
        if (title.includes("Where you live") && !document.querySelector('[name="residences[0].fullAddress"]')) {
          w.emptyStep = true;
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await aboutYou(page, "Chunk");
    expect(requested).toHaveLength(1);
    await continueButton(page).click();
    await heading(page, "Where you live");
    expect(await page.locator('[name="residences[0].fullAddress"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { emptyStep: boolean }).emptyStep)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript on a step the server rendered: its markup stays until the later steps' code hydrates it", async () => {
    // A journey begun without JavaScript keeps its draft on the server, so the page opens on the second step.
    const start = await openPage(browser, { javaScriptEnabled: false });
    await start.page.goto(`${site.url}${PATH}`);
    await aboutYou(start.page, "Hydrate");
    await continueButton(start.page).click();
    await heading(start.page, "Where you live");
    const cookies = await start.context.cookies();
    await start.context.close();

    const { context, page, errors } = await openPage(browser);
    await context.addCookies(cookies);
    const requested: string[] = [];
    await holdLaterSteps(page, requested);
    await page.goto(`${site.url}${PATH}`);
    await heading(page, "Where you live");
    expect(await page.locator('[name="residences[0].fullAddress"]').count()).toBe(1);
    await waitForHydration(page, '[name="residences[0].fullAddress"]');
    expect(requested).toHaveLength(1);
    await page.getByRole("button", { name: "Add a previous address" }).click();
    await page.locator('[name="residences[1].fullAddress"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
