import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server";
import { offers, visitors } from "../../app/server/db/schema.server";
import { publishOfferRules } from "../../app/server/sell/offer-rule-versions.server";
import type { SavedOffer } from "../../app/server/sell/price-offer.server";
import { recordOffer } from "../../app/server/sell/record-offer.server";
import { seedPgliteDataDir } from "../support/databases";
import { seedStore, TEST_MESSAGE_DOMAIN, TEST_STORE_ID } from "../support/leads";
import { axeViolations, describeViolations } from "./support/axe";
import { launchBrowser, openPage } from "./support/browser";
import { type RunningSite, startDeskSite } from "./support/server";
import { addStaffWithCli, signInStaff } from "./support/staff-sign-in";

const RULES = fileURLToPath(new URL("../../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days });
const SHOPPER = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "3145550142" };
const VIN = "4T1B11HK5KU123456";

let site: RunningSite;
let browser: Browser;
let experiments: Server;
let dataDir: string;
let secret = "";

function saved(rulesVersion: string, rulesPublished: number, cash: number | null): SavedOffer {
  const price = (value: number) => ({
    price: value,
    withheld: null,
    base: 20_000,
    baseKey: "adjustedWholesaleAvg" as const,
    deductions: [],
    costs: [],
  });
  return {
    version: 1,
    asOf: "2026-11-29",
    validUntil: "2026-12-06",
    rulesVersion,
    rulesPublished,
    vehicle: {
      year: 2019,
      make: "Toyota",
      model: "Camry",
      trim: null,
      vin: VIN,
      mileage: 41_000,
      zip: "63119",
      interest: "sell",
    },
    valuation:
      cash === null
        ? null
        : { source: "demo", roughWholesale: 18_000, adjustedWholesaleAvg: 20_000, adjustedRetailAvg: 23_000 },
    outcome: cash === null ? "bring-in" : "offer",
    reasons: cash === null ? ["no-valuation"] : [],
    cashNow: cash === null ? null : price(cash),
    moreCashLater:
      cash === null
        ? null
        : { ...price(cash + 1000), reserve: cash, profitShare: 1000, reservePercent: null, profitSharePercent: null },
    answers: {},
  };
}

/** Two published versions and offers on both sides of `offer-rules-trial`, written before the site opens the data. */
async function seedOffers(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    const { db } = database;
    await seedStore(db);
    const actor = { accountId: null, email: "ana@example.com", ip: null };
    const versions = [];
    for (const days of [7, 6]) {
      const result = await publishOfferRules(db, {
        texts: new Map([["offer-settings.json", settings(days)]]),
        note: `${days} days to decide`,
        actor,
        from: "e2e",
      });
      if (!result.ok) throw new Error(JSON.stringify(result));
      versions.push(result.published);
    }
    const [live, trial] = versions as [(typeof versions)[number], (typeof versions)[number]];
    const made = async (version: typeof live, arm: "variant" | "control", cash: number | null) => {
      const visitorId = randomUUID();
      await db.insert(visitors).values({ id: visitorId });
      return recordOffer(db, {
        saved: saved(version.contentHash, version.version, cash),
        profile: SHOPPER,
        idempotencyKey: randomUUID(),
        storeId: TEST_STORE_ID,
        visitorId,
        experiment: { name: "offer-rules-trial", arm },
        adfLeadCookie: null,
        origin: "https://showroom.test",
        messageDomain: TEST_MESSAGE_DOMAIN,
      });
    };
    const booked = await made(trial, "variant", 14_000);
    await made(trial, "variant", 16_000);
    await made(live, "control", 15_000);
    await made(live, "control", null);
    await db.update(offers).set({ visitBookedAt: new Date() }).where(eq(offers.id, booked.offerId));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-offer-experiments-e2e-"));
  await seedPgliteDataDir(dataDir);
  await seedOffers(dataDir);
  ({ secret } = addStaffWithCli(dataDir, "ana@example.com", "analyst"));
  // The experiments service: one experiment pricing half the visitors with version 2.
  experiments = createServer((_, response) => {
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({
        defaults: { settings: {}, popups: null, langs: {} },
        experiments: [
          {
            name: "offer-rules-trial",
            description: "Six days to decide",
            allocation: 0.5,
            parameters: { offerRules: 2 },
          },
        ],
      }),
    );
  });
  await new Promise<void>((done) => experiments.listen(0, "127.0.0.1", done));
  const { port } = experiments.address() as AddressInfo;
  [site, browser] = await Promise.all([
    startDeskSite(dataDir, { EXPERIMENTS: "on", EXPERIMENTS_URL: `http://127.0.0.1:${port}/experiments` }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((done) => experiments?.close(done));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the desk's offer experiments", () => {
  let page: Page;

  it("an analyst signs in with TOTP, follows the desk's link and reads each side's offers, prices and visits; no shopper on the page; axe-clean", async () => {
    ({ page } = await openPage(browser));
    page.setDefaultTimeout(30_000);
    await signInStaff(page, site.url, "ana@example.com", secret);

    await page.getByRole("link", { name: "Offer experiments" }).first().click();
    await page.getByRole("heading", { name: "Offer experiments", level: 1 }).waitFor();
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).toContain("offer-rules-trial (Six days to decide) prices 50% of sell/trade visitors with version 2");
    expect(main).toContain("That is published version 2");

    const rows = await page
      .getByRole("table", { name: "Offers of offer-rules-trial by side and rules version" })
      .locator("tbody tr")
      .allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^ExperimentVersion 2 \([0-9a-f]{16}\)20 \(0%\)\$15,000 \/ \$15,000 \(2\)\$16,000 \/ \$16,000 \(2\)1 \(50%\)$/,
    );
    expect(rows[1]).toMatch(
      /^Live \(control\)Version 1 \([0-9a-f]{16}\)21 \(50%\)\$15,000 \/ \$15,000 \(1\)\$16,000 \/ \$16,000 \(1\)0 \(0%\)$/,
    );
    const html = await page.content();
    for (const personal of ["Dana", "Reyes", "dana.reyes", "5550142", VIN, "63119", "Camry"]) {
      expect(html).not.toContain(personal);
    }
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
