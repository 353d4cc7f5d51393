// Offer-rules experiments (issue 30, ADR 390-392) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: the split
// prices each side with its version, an unknown version falls back to the live rules with a log line, a standing
// offer keeps its version, the lead and the offer row name the version, and the desk's statistics add up.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExperimentsFile } from "@showroom/fixtures";
import { buildLead, leadSchema } from "@showroom/rules/leads";
import { loadOfferRuleTexts } from "@showroom/rules/offer";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { seedStore, TEST_MESSAGE_DOMAIN, TEST_STORE_ID } from "../../../tests/support/leads";
import type { Db } from "../db/client.server";
import { leads, offers, visitors } from "../db/schema.server";
import { publishOfferRules } from "../sell/offer-rule-versions.server";
import type { OfferRuleSet } from "../sell/offer-rules-source.server";
import type { SavedOffer } from "../sell/price-offer.server";
import { recordOffer } from "../sell/record-offer.server";
import { offerRulesArm } from "./assignment";
import { offerExperimentStats, runningOfferExperiment } from "./offer-experiments-desk.server";
import { type OfferExperiment, resolveVisitorOfferRules } from "./offer-rules-experiment.server";

const RULES = fileURLToPath(new URL("../../../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days });
const ANALYST = { accountId: null, email: "pat.analyst", ip: null };
const TODAY = "2026-11-29";
const WEEK_LATER = "2026-12-06";
const PROFILE = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "3145550142" };

function experimentsFile(offerRules: number | string | undefined, allocation = 0.5): ExperimentsFile {
  return {
    defaults: { settings: {}, popups: null, langs: {} },
    experiments: [
      {
        name: "offer-rules-trial",
        description: "Do six days to decide change how many sellers book a visit?",
        allocation,
        parameters: offerRules === undefined ? {} : { offerRules },
      },
    ],
  };
}

const EXPERIMENT = { name: "offer-rules-trial", allocation: 0.5 };
/** Visitor ids on each side of the 50 % split, found by the split itself. */
function visitorOn(arm: "variant" | "control"): string {
  for (;;) {
    const id = randomUUID();
    if (offerRulesArm(EXPERIMENT, id) === arm) return id;
  }
}

function savedOffer(
  set: Pick<OfferRuleSet, "version" | "published">,
  cash: number | null,
  later: number | null = cash === null ? null : cash + 1000,
): SavedOffer {
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
    asOf: TODAY,
    validUntil: WEEK_LATER,
    rulesVersion: set.version,
    rulesPublished: set.published ?? null,
    vehicle: {
      year: 2019,
      make: "Toyota",
      model: "Camry",
      trim: null,
      vin: "4T1B11HK5KU123456",
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
      later === null
        ? null
        : { ...price(later), reserve: later - 500, profitShare: 500, reservePercent: null, profitSharePercent: null },
    answers: {},
  };
}

async function offerMade(db: Db, visitorId: string, saved: SavedOffer, experiment: OfferExperiment | null) {
  await db.insert(visitors).values({ id: visitorId }).onConflictDoNothing();
  return recordOffer(db, {
    saved,
    profile: PROFILE,
    idempotencyKey: randomUUID(),
    storeId: TEST_STORE_ID,
    visitorId,
    experiment,
    adfLeadCookie: null,
    origin: "https://showroom.test",
    messageDomain: TEST_MESSAGE_DOMAIN,
  });
}

describe.each(testDatabaseKinds())("offer-rules experiments on %s", (kind) => {
  const handle = useTestDatabase(kind);
  afterEach(() => vi.restoreAllMocks());

  /** Publishes the live version (7 days) and the experiment's (6 days); answers both as the site loads them. */
  async function twoVersions() {
    await seedStore(handle.db);
    const sets: OfferRuleSet[] = [];
    for (const days of [7, 6]) {
      const result = await publishOfferRules(handle.db, {
        texts: new Map([["offer-settings.json", settings(days)]]),
        note: `${days} days`,
        actor: ANALYST,
        from: "test",
      });
      if (!result.ok) throw new Error(JSON.stringify(result));
      const loaded = loadOfferRuleTexts(new Map(Object.entries(result.published.files)), "test");
      if (!loaded.ok) throw new Error("the published rules do not load");
      sets.push({ rules: loaded.rules, version: loaded.version, dir: null, published: result.published.version });
    }
    const [live, trial] = sets as [OfferRuleSet, OfferRuleSet];
    return { live, trial };
  }

  const resolve = (live: OfferRuleSet, file: ExperimentsFile, visitorId: string | null, today = TODAY) =>
    resolveVisitorOfferRules(handle.db, { live, file, visitorId, today });

  it("each side of the split is priced with its version, named by number or by content hash, the same every time", async () => {
    const { live, trial } = await twoVersions();
    for (const named of [2, trial.version]) {
      const file = experimentsFile(named);
      for (let i = 0; i < 20; i++) {
        const arm = i % 2 === 0 ? "variant" : "control";
        const visitorId = visitorOn(arm);
        const first = await resolve(live, file, visitorId);
        expect(first.experiment).toEqual({ name: "offer-rules-trial", arm });
        expect(first.set.version).toBe(arm === "variant" ? trial.version : live.version);
        expect(first.set.rules.settings.validForDays).toBe(arm === "variant" ? 6 : 7);
        expect((await resolve(live, file, visitorId)).set.version).toBe(first.set.version);
      }
    }
  });

  it("a visitor the site does not know yet, OFFER_RULES_DIR, or no experiment naming rules: the live rules, in no experiment", async () => {
    const { live } = await twoVersions();
    expect(await resolve(live, experimentsFile(2), null)).toEqual({ set: live, experiment: null });
    const folder = { ...live, dir: "/rules" };
    expect(await resolve(folder, experimentsFile(2), visitorOn("variant"))).toEqual({ set: folder, experiment: null });
    expect(await resolve(live, experimentsFile(undefined), visitorOn("variant"))).toEqual({
      set: live,
      experiment: null,
    });
  });

  it("an experiment naming a version nobody published prices its side with the live rules and says so in the log once", async () => {
    const { live } = await twoVersions();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Logged once per process: each database's run names versions of its own.
    const unknown = kind === "pglite" ? [98, "0123456789abcdef"] : [99, "fedcba9876543210"];
    for (const named of unknown) {
      for (let i = 0; i < 3; i++) {
        const answer = await resolve(live, experimentsFile(named), visitorOn("variant"));
        expect(answer).toEqual({ set: live, experiment: { name: "offer-rules-trial", arm: "variant" } });
      }
      const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(`offer rules ${named}`));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("priced with the live rules");
    }
    const running = await runningOfferExperiment(handle.db, experimentsFile(99));
    expect(running).toMatchObject({ name: "offer-rules-trial", named: 99, found: null });
    expect((await runningOfferExperiment(handle.db, experimentsFile(2)))?.found).toMatchObject({ version: 2 });
  });

  it("an offer re-priced within its 7 days keeps its version and side, whatever the experiment became; after them the split decides again", async () => {
    const { live, trial } = await twoVersions();
    const visitorId = visitorOn("variant");
    const first = await resolve(live, experimentsFile(2), visitorId);
    expect(first.set.version).toBe(trial.version);
    await offerMade(handle.db, visitorId, savedOffer(first.set, 15_000), first.experiment);

    // The experiment is stopped (allocation 0), or renamed to another version, or gone: the standing offer holds.
    for (const file of [experimentsFile(2, 0), experimentsFile(1), experimentsFile(undefined)]) {
      const again = await resolve(live, file, visitorId, WEEK_LATER);
      expect(again.set.version).toBe(trial.version);
      expect(again.experiment).toEqual({ name: "offer-rules-trial", arm: "variant" });
    }
    // The day after the offer's last day, the visitor falls on the split as anyone does.
    const after = await resolve(live, experimentsFile(2, 0), visitorId, "2026-12-07");
    expect(after).toEqual({ set: live, experiment: { name: "offer-rules-trial", arm: "control" } });
    // An offer made outside any experiment pins nothing.
    const other = visitorOn("control");
    await offerMade(handle.db, other, savedOffer(live, 15_000), null);
    expect((await resolve(live, experimentsFile(2, 1), other)).set.version).toBe(trial.version);
  });

  it("the offer row and its lead say which version priced it and on which side of which experiment", async () => {
    const { trial } = await twoVersions();
    const visitorId = visitorOn("variant");
    const experiment = { name: "offer-rules-trial", arm: "variant" } as const;
    const { offerId } = await offerMade(handle.db, visitorId, savedOffer(trial, 15_000), experiment);
    const [row] = await handle.db
      .select({ offer: offers, payload: leads.payload })
      .from(offers)
      .innerJoin(leads, eq(leads.id, offers.leadId))
      .where(eq(offers.id, offerId));
    expect(row?.offer).toMatchObject({
      rulesVersion: trial.version,
      rulesPublished: 2,
      experiment: "offer-rules-trial",
      experimentArm: "variant",
      visitBookedAt: null,
    });
    const lead = leadSchema.parse(row?.payload);
    expect(lead.sellVehicle?.offer).toMatchObject({ rulesVersion: trial.version, rulesPublished: 2, experiment });
    // The CRM's ADF comments, which the desk's lead view shows as the relay builds them, carry both lines.
    const { body } = buildLead(lead, {
      name: "CRM",
      type: "adf",
      subject: "Website Lead",
      to: ["crm@dealer.test"],
      mergeCommentsIntoTop: false,
      adParams: [],
    });
    expect(body).toContain("Experiment: offer-rules-trial (variant, priced with the rules it names)");
    expect(body).toContain(`Offer rules version: ${trial.version} (published version 2)`);
  });

  it("the desk counts offers, bring-ins, average and median prices and booked visits per version, and reads nothing of the person", async () => {
    const { live, trial } = await twoVersions();
    const variant = { name: "offer-rules-trial", arm: "variant" } as const;
    const control = { name: "offer-rules-trial", arm: "control" } as const;
    const made: string[] = [];
    for (const cash of [10_000, 12_000, 20_000, null]) {
      made.push((await offerMade(handle.db, randomUUID(), savedOffer(trial, cash), variant)).offerId);
    }
    for (const cash of [11_000, 13_000, null, null]) {
      made.push((await offerMade(handle.db, randomUUID(), savedOffer(live, cash), control)).offerId);
    }
    await offerMade(handle.db, randomUUID(), savedOffer(live, 99_000), null);
    // Two visits from the experiment's offers, one from the control's.
    for (const id of [made[0], made[3], made[4]]) {
      await handle.db
        .update(offers)
        .set({ visitBookedAt: new Date() })
        .where(eq(offers.id, id as string));
    }

    const stats = await offerExperimentStats(handle.db);
    expect(stats).toEqual([
      {
        name: "offer-rules-trial",
        capped: false,
        versions: [
          {
            arm: "variant",
            rulesVersion: trial.version,
            published: 2,
            offers: 4,
            bringIn: 1,
            cashNow: { count: 3, average: 14_000, median: 12_000 },
            moreCashLater: { count: 3, average: 15_000, median: 13_000 },
            visits: 2,
          },
          {
            arm: "control",
            rulesVersion: live.version,
            published: 1,
            offers: 4,
            bringIn: 2,
            cashNow: { count: 2, average: 12_000, median: 12_000 },
            moreCashLater: { count: 2, average: 13_000, median: 13_000 },
            visits: 1,
          },
        ],
      },
    ]);
    // Past the cap, only an experiment's newest offers are counted, and the page is told so.
    const capped = await offerExperimentStats(handle.db, 3);
    expect(capped.map((e) => [e.name, e.capped, e.versions.reduce((n, v) => n + v.offers, 0)])).toEqual([
      ["offer-rules-trial", true, 3],
    ]);
    expect((await offerExperimentStats(handle.db, 8))[0]?.capped).toBe(false);
    const text = JSON.stringify(stats);
    for (const personal of ["Dana", "Reyes", "example.com", "5550142", "4T1B11HK5KU123456", "63119", "Camry"]) {
      expect(text).not.toContain(personal);
    }
  });
});
