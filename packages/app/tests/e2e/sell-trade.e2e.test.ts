// The sell/trade journey as shoppers take it (issue 13): a VIN to a cash offer and a year/make/model to a bring-in,
// with JavaScript on and off, on a phone and a desktop, by keyboard; axe on every step and on the offer page; the
// offer's explanation adding up to its price; the lead email validated against the ADF DTD.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, type PageOptions, waitForHydration } from "./support/browser";
import { deliveredLead, xmllintAdf } from "./support/lead-mail";
import { type RunningSite, startSiteWithDataDir } from "./support/server";

/** A 2021 MINI the demo book values, and a 2014 Chevrolet Spark it does not list (both decode offline). */
const MINI_VIN = "WMWWJ9C03M2387500";
const SPARK_VIN = "KL8CD6SA1EC456789";
const PAGE = "/sell-trade-my-car/your-vehicle";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  let started: { site: RunningSite; dataDir: string };
  [started, browser] = await Promise.all([startSiteWithDataDir("sell-trade"), launchBrowser()]);
  ({ site, dataDir } = started);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Presses Tab until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

const deliveredWith = (text: string) => deliveredLead(dataDir, (body) => body.includes(text), `mentioning "${text}"`);

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function expectStep(page: Page, title: string) {
  await expect.poll(() => heading(page).textContent()).toBe(title);
}

/** Ticks the radio (or box) of `answer` in the group asking `question`. */
async function choose(page: Page, question: string, answer: string) {
  await page.getByRole("group", { name: question }).getByLabel(answer, { exact: true }).check();
}

/** Reads "$12,345.67" as cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100) * (text.includes("−") ? -1 : 1);

/** Each offer's explanation on the page adds up to its price, line by line; returns the Cash Now price in dollars. */
async function expectExplanationsAddUp(page: Page): Promise<number | null> {
  let cashNow: number | null = null;
  for (const id of ["cash-now", "more-cash-later"]) {
    const card = page.locator(`section[aria-labelledby="${id}-title"]`);
    if ((await card.count()) === 0) continue;
    const price = await card.locator(`[data-price="${id}"]`).textContent();
    if (price === null) continue;
    const base = cents((await card.locator('[data-amount="base"]').textContent()) ?? "");
    const lines = await card.locator('[data-amount="line"]').allTextContents();
    const total = cents((await card.locator('[data-amount="total"]').textContent()) ?? "");
    expect(total).toBe(cents(price));
    expect(base + lines.reduce((sum, line) => sum + cents(line), 0), `${id}: ${lines.join(" ")}`).toBe(total);
    if (id === "more-cash-later") {
      const reserve = cents((await card.locator('[data-check="reserve"]').textContent()) ?? "");
      const share = cents((await card.locator('[data-check="profit-share"]').textContent()) ?? "");
      expect(reserve + share).toBe(total);
      expect(reserve).toBe(Math.floor((total / 100) * 0.68) * 100);
    }
    if (id === "cash-now") cashNow = total / 100;
  }
  return cashNow;
}

/** A VIN journey to a cash offer: the vehicle step, the decoded vehicle confirmed, "good" answers, the details. */
async function vinJourneyToOffer(page: Page, email: string, options: { axe: boolean; scripts: boolean }) {
  const check = (where: string) => (options.axe ? expectNoAxeViolations(page, where) : Promise.resolve());
  await page.goto(`${site.url}${PAGE}`);
  await expectStep(page, "Your vehicle");
  await check("the vehicle step");

  // A wrong check digit says so, in words, on the VIN field.
  await page.getByLabel(/^VIN\b/).fill("KL8CB6SA3EC000000");
  await page.getByLabel("Mileage").fill("31,500");
  await page.getByLabel("ZIP code where the vehicle is").fill("63119");
  await page.getByRole("group", { name: "What would you like to do?" }).getByLabel("Sell my car").check();
  await page.getByRole("button", { name: "Find my vehicle" }).click();
  await page.getByText("This VIN's check digit does not match").first().waitFor();
  await check("a refused VIN");

  await page.getByLabel(/^VIN\b/).fill(MINI_VIN.toLowerCase());
  await page.getByRole("button", { name: "Find my vehicle" }).click();
  await expectStep(page, "Is this your vehicle?");
  expect(await page.getByText("2021 MINI Cooper Convertible").first().isVisible()).toBe(true);
  await check("the decoded vehicle");
  await page.getByRole("button", { name: "Yes, that’s it" }).click();

  await expectStep(page, "Overall condition");
  expect(await page.getByText("Step 2 of", { exact: false }).isVisible()).toBe(true);
  // With scripts, the journey goes on in the browser once its code is here; before that, a step is the server's.
  if (options.scripts) await page.locator('[data-journey="browser"]').waitFor({ state: "attached" });
  await check("overall condition");
  // Continuing without an answer shows the spec's words (in the browser when it has the journey, without a post).
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("This field is required").first().waitFor();
  await choose(page, "What is the overall condition of your vehicle?", "Good");
  await page.getByRole("button", { name: "Next" }).click();

  await expectStep(page, "Condition details");
  await check("condition details");
  for (const [question, answer] of [
    ["Has the vehicle been in an accident?", "No"],
    ["Does a vehicle history report show damage?", "No"],
    ["Has anyone smoked in the vehicle?", "No"],
    ["How worn is the interior?", "Minor: light stains or scuffs"],
    ["How many exterior panels need touch-up paint or dent repair?", "None"],
    ["How many keys do you have?", "Two or more"],
  ] as const) {
    await choose(page, question, answer);
  }
  await page.getByRole("button", { name: "Next" }).click();

  // Good skips repair needs and structural integrity.
  await expectStep(page, "Anything else");
  await check("anything else");
  await page.getByRole("button", { name: "Next" }).click();

  await expectStep(page, "Where should we send your offer?");
  await check("contact details");
  await page.getByLabel("First name").fill("Sell");
  await page.getByLabel("Last name").fill("Shopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile phone").fill("(314) 555-0133");
  await page.getByRole("button", { name: "See my offer" }).click();

  await page.waitForURL(/\/sell-trade-my-car\/offer\/[A-Za-z0-9_-]{22}$/);
  await expectStep(page, "2021 MINI Cooper Convertible JCW");
  expect(await page.getByText(/Valid until [A-Z][a-z]+ \d{1,2}, \d{4}/).isVisible()).toBe(true);
  await check("the offer page");
  return expectExplanationsAddUp(page);
}

describe("sell or trade: a VIN journey to a cash offer", () => {
  for (const [label, options] of [
    ["without JavaScript, on a phone", { javaScriptEnabled: false, mobile: true }],
    ["without JavaScript's scripts (axe), on a phone", { stripScripts: true, mobile: true }],
    ["with JavaScript, on a desktop", {}],
    ["with JavaScript, on a phone", { mobile: true }],
  ] as [string, PageOptions][]) {
    it(`${label}: every step has its words and no axe violation, the explanation adds up, and the lead carries the offer (valid ADF)`, async () => {
      const { context, page, errors } = await openPage(browser, options);
      const email = `vin.${label.replace(/[^a-z]+/gi, "-").toLowerCase()}@example.com`;
      const axe = options.javaScriptEnabled !== false;
      const scripts = axe && !options.stripScripts;
      const cashNow = await vinJourneyToOffer(page, email, { axe, scripts });
      expect(cashNow).toBeGreaterThan(2000);
      const adf = await deliveredWith(email);
      expect(adf).toContain('<vehicle interest="sell" status="used">');
      expect(adf).toContain(`<vin>${MINI_VIN}</vin>`);
      expect(adf).toContain(`<price type="offer" currency="USD">${cashNow}</price>`);
      expect(adf).toMatch(/More Cash Later: \$[\d,]+: reserve check \$[\d,]+ \(68%\) \+ profit-sharing check/);
      expect(adf).toMatch(/Offer rules version: [0-9a-f]{16}/);
      const lint = xmllintAdf(adf, dataDir);
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      if (scripts) {
        // The refused VIN is the one 400 the browser reports; nothing else went wrong on the page.
        expect(errors).toEqual([
          `console: Failed to load resource: the server responded with a status of 400 (Bad Request) (${site.url}${PAGE}.data)`,
        ]);
      }
      await context.close();
    });
  }
});

describe("sell or trade: a year/make/model journey to a bring-in", () => {
  it("without JavaScript: year and make, model, trim and details, poor shows 400–403, frame damage brings it in with the store and a visit to book", async () => {
    for (const options of [{ javaScriptEnabled: false }, { stripScripts: true }] as PageOptions[]) {
      const { context, page } = await openPage(browser, { ...options, mobile: true });
      const check = (where: string) => (options.stripScripts ? expectNoAxeViolations(page, where) : Promise.resolve());
      await page.goto(`${site.url}${PAGE}`);
      await page.getByLabel(/^Year\b/).selectOption("2019");
      await page.getByLabel(/^Make\b/).selectOption("Toyota");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel(/^Model\b/).waitFor();
      await check("the model choice");
      await page.getByLabel(/^Model\b/).selectOption("RAV4");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("group", { name: "Trim (if you know it)" }).getByLabel("XLE", { exact: true }).check();
      await check("the trim choice");
      // Continue with the details missing: each field says what it needs.
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Enter the mileage of the vehicle.").waitFor();
      await check("the refused details");
      await page.getByLabel("Mileage").fill("64000");
      await page.getByLabel("ZIP code where the vehicle is").fill("63376");
      await page.getByRole("group", { name: "What would you like to do?" }).getByLabel("Trade it in").check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "Overall condition");
      await choose(page, "What is the overall condition of your vehicle?", "Poor");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, "Condition details");
      for (const question of [
        "Has the vehicle been in an accident?",
        "Does a vehicle history report show damage?",
        "Has anyone smoked in the vehicle?",
      ]) {
        await choose(page, question, "No");
      }
      await choose(page, "How worn is the interior?", "No visible wear");
      await choose(page, "How many exterior panels need touch-up paint or dent repair?", "None");
      await choose(page, "How many keys do you have?", "One");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, "Repair needs and warnings");
      await check("repair needs");
      await choose(page, "Does the vehicle need any of these repairs?", "None of these");
      await choose(page, "What shape are the tires in?", "Good tread on all tires");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, "Structural integrity");
      await check("structural integrity");
      for (const question of [
        "Does the vehicle have frame damage?",
        "What kind of title does the vehicle have?",
        "Does the vehicle have hail damage or rust?",
        "How much bodywork does the vehicle need?",
      ]) {
        expect(await page.getByRole("group", { name: question }).isVisible()).toBe(true);
      }
      await choose(page, "Does the vehicle have frame damage?", "Yes");
      await choose(page, "What kind of title does the vehicle have?", "Clean");
      await choose(page, "Does the vehicle have hail damage or rust?", "No");
      await choose(page, "How much bodywork does the vehicle need?", "None");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, "Anything else");
      await page.getByLabel(/Anything else we should know/).fill("Rear quarter panel was replaced.");
      await page.getByRole("button", { name: "Next" }).click();
      const email = options.stripScripts ? "bring.axe@example.com" : "bring.nojs@example.com";
      await page.getByLabel("First name").fill("Bring");
      await page.getByLabel("Last name").fill("Itin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Mobile phone").fill("636-555-0188");
      await page.getByRole("button", { name: "See my offer" }).click();

      await page.waitForURL(/\/sell-trade-my-car\/offer\//);
      await page.getByRole("heading", { name: "Bring it in for an offer" }).waitFor();
      expect(await page.getByText("Frame damage was reported.").isVisible()).toBe(true);
      expect(await page.getByText("8725 Manchester Rd").first().isVisible()).toBe(true);
      await check("the bring-in page");
      await page.getByLabel("When would you like to come in?").selectOption({ index: 1 });
      await page.getByRole("button", { name: "Book my visit" }).click();
      await page.getByRole("status").filter({ hasText: "Visit booked" }).waitFor();

      const adf = await deliveredWith(email);
      expect(adf).toContain('<vehicle interest="trade-in" status="used">');
      expect(adf).toContain("<model>RAV4</model>");
      expect(adf).not.toContain('<price type="offer"');
      expect(adf).toContain("Frame damage was reported.");
      expect(xmllintAdf(adf, dataDir).status).toBe(0);
      await context.close();
    }
  });

  it("a vehicle the book does not list (a 2014 Chevrolet Spark) is brought in, with its own reason", async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${PAGE}`);
    await page.getByLabel(/^VIN\b/).fill(SPARK_VIN);
    await page.getByLabel("Mileage").fill("120000");
    await page.getByLabel("ZIP code where the vehicle is").fill("63119");
    await page.getByRole("group", { name: "What would you like to do?" }).getByLabel("Sell my car").check();
    await page.getByRole("button", { name: "Find my vehicle" }).click();
    await page.getByRole("button", { name: "Yes, that’s it" }).click();
    await choose(page, "What is the overall condition of your vehicle?", "Great");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("First name").fill("Spark");
    await page.getByLabel("Last name").fill("Owner");
    await page.getByLabel("Email").fill("spark.owner@example.com");
    await page.getByLabel("Mobile phone").fill("3145550111");
    await page.getByRole("button", { name: "See my offer" }).click();
    await page.waitForURL(/\/sell-trade-my-car\/offer\//);
    expect(await page.getByText("Our valuation book does not list this vehicle").isVisible()).toBe(true);
    expect(await page.locator("[data-price]").count()).toBe(0);
    await context.close();
  });
});

describe("sell or trade by keyboard alone", () => {
  it("with JavaScript, a chosen vehicle's questionnaire and details are filled and sent by keyboard, focus following each step's heading", async () => {
    const { context, page, errors } = await openPage(browser);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes(PAGE)) posts.push(request.postData() ?? "");
    });
    await page.goto(`${site.url}${PAGE}?year=2020&make=Honda&model=Civic`);
    await waitForHydration(page);
    // Tab enters the trim group on its checked choice ("I’m not sure"); the arrow keys move the choice.
    const trims = page.getByRole("group", { name: "Trim (if you know it)" });
    await tabTo(page, trims.getByLabel("I’m not sure"), 200);
    await page.keyboard.press("ArrowUp");
    expect(await trims.getByLabel("Sport Touring").isChecked()).toBe(true);
    await tabTo(page, page.getByLabel("Mileage"));
    await page.keyboard.type("52000");
    await page.keyboard.press("Tab");
    await page.keyboard.type("63144");
    await tabTo(page, page.getByRole("group", { name: "What would you like to do?" }).getByLabel("Sell my car"));
    await page.keyboard.press("Space");
    // Past the vehicle, the browser's journey code loads while the shopper reads the step.
    const journeyCode = page.waitForResponse((response) => /client-journey-[\w-]+\.js$/.test(response.url()));
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    await expectStep(page, "Overall condition");
    await journeyCode;
    // The fetched file is not yet the evaluated module: the page says when the next step stays in the browser.
    await page.locator('[data-journey="browser"]').waitFor({ state: "attached" });
    await expect.poll(() => heading(page).evaluate((h) => h === document.activeElement)).toBe(true);
    await tabTo(page, page.getByLabel("Great", { exact: true }));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");
    await expectStep(page, "Anything else");
    await expect.poll(() => heading(page).evaluate((h) => h === document.activeElement)).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");
    await expectStep(page, "Where should we send your offer?");
    await tabTo(page, page.getByLabel("First name"));
    await page.keyboard.type("Key");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Board");
    await page.keyboard.press("Tab");
    await page.keyboard.type("keyboard.seller@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("(314) 555-0177");
    await tabTo(page, page.getByRole("button", { name: "See my offer" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/sell-trade-my-car\/offer\//);
    await expectExplanationsAddUp(page);
    // Two posts in all: the vehicle, then the whole journey in one (the questionnaire ran in the browser).
    expect(posts.map((body) => new URLSearchParams(body).get("intent"))).toEqual(["choice", "offer"]);
    const adf = await deliveredWith("keyboard.seller@example.com");
    expect(adf).toContain("<model>Civic</model>");
    expect(xmllintAdf(adf, dataDir).status).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the database after the journeys", () => {
  it("holds each offer with its SELL_OR_TRADE lead, its outbox row sent, and the rules version of the offer in its lead", async () => {
    await site.close();
    const db = new PGlite(join(dataDir, "pgdata"));
    try {
      const { rows } = await db.query<{
        email: string;
        outcome: string;
        version: string;
        state: string;
        price: unknown;
      }>(
        `select l.payload->'user'->>'email' as email, o.outcome, o.rules_version as version, x.state,
           l.payload->'sellVehicle'->'price' as price
         from offers o join leads l on l.id = o.lead_id join outbox x on x.lead_id = l.id order by email`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(7);
      for (const row of rows) {
        expect(row.state).toBe("sent");
        expect(row.version).toMatch(/^[0-9a-f]{16}$/);
        if (row.outcome === "bring-in") expect(row.price).toBeNull();
      }
      const { rows: visits } = await db.query<{ start: string }>(
        `select payload->'appointment'->>'start_datetime' as start from leads
         where kind = 'SELL_OR_TRADE' and payload ? 'appointment'`,
      );
      expect(visits.length).toBe(2);
    } finally {
      await db.close();
    }
  });
});
