import { describe, expect, it } from "vitest";
import { evaluateOffer } from "./evaluate-offer";
import { OfferInputError } from "./input.schema";
import { defaultOfferRules, parseOfferRules } from "./offer-rules";

const GOOD = {
  "100": "good",
  "200": "no",
  "201": "no",
  "202": "no",
  "203": "none",
  "204": "none",
  "205": "two-or-more",
};
const f150 = { year: 2019, make: "Ford", model: "F-150", trim: "XLT", mileage: 68_000 };
const input = (over: Partial<Parameters<typeof evaluateOffer>[0]> = {}) => ({
  vehicle: f150,
  valuation: { roughWholesale: 24_500, adjustedWholesaleAvg: 27_200, adjustedRetailAvg: 31_900 },
  answers: GOOD,
  asOf: "2026-11-21",
  ...over,
});

describe("evaluateOffer", () => {
  it("prices both offers by the issue's formulas", async () => {
    const result = await evaluateOffer(input({ answers: { ...GOOD, "200": "yes", "205": "one" } }));
    const cashBase = 24_500; // rough wholesale above 20000: Cash Now starts from it
    const cashDeductions = 0.12 * cashBase + 150;
    const cash = Math.floor(cashBase - cashDeductions - (260 + 300 + 0.02 * cashBase));
    const retail = 31_900;
    const retailDeductions = 0.12 * retail + 150;
    const advertising = Math.max(1500, Math.max(995, 0.05 * retail));
    const more = Math.floor(retail - retailDeductions - (260 + 300 + 0.02 * retail) - advertising);
    expect(result).toMatchObject({
      outcome: "offer",
      reasons: [],
      age: 7,
      validUntil: "2026-11-28",
      cashNow: { price: cash, withheld: null, base: cashBase, baseKey: "roughWholesale" },
      moreCashLater: {
        price: more,
        withheld: null,
        base: retail,
        reserve: Math.floor(more * 0.68),
        profitShare: more - Math.floor(more * 0.68),
      },
    });
    expect(result.cashNow?.deductions).toEqual([
      { name: "accident", questionId: "200", answer: "yes", percent: 12, amount: 2940 },
      { name: "one-key", questionId: "205", answer: "one", percent: false, amount: 150 },
    ]);
    expect(result.moreCashLater?.costs).toEqual([
      { name: "reconditioning-baseline", amount: 260 },
      { name: "warranty", amount: 300 },
      { name: "reconditioning", amount: 638 },
      { name: "advertising", amount: 1595 },
    ]);
  });

  it("takes Cash Now's base from the adjusted wholesale average inside 10000–20000 and deducts percents below 15000", async () => {
    const valuation = { roughWholesale: 13_200, adjustedWholesaleAvg: 14_100, adjustedRetailAvg: 17_100 };
    const result = await evaluateOffer(input({ valuation, answers: { ...GOOD, "201": "yes", "205": "one" } }));
    expect(result.cashNow).toMatchObject({ base: 14_100, baseKey: "adjustedWholesaleAvg" });
    expect(result.cashNow?.deductions.map((d) => d.amount)).toEqual([0.02 * 14_100, 0.015 * 14_100]);
    // More Cash Later's base (17100) is at or above 15000: flat amounts, except the report's 5 %.
    expect(result.moreCashLater?.deductions.map((d) => d.amount)).toEqual([0.05 * 17_100, 150]);
  });

  it("keeps deductions exact so a price is not floored a dollar short", async () => {
    // 4320 − 3 % − (560 + 2 %) is exactly 3544; summed in floats it comes to 3543.9999… and floors to 3543.
    const valuation = { roughWholesale: 4_320, adjustedWholesaleAvg: 4_600, adjustedRetailAvg: 7_900 };
    const floats = 4_320 - (4_320 * 3) / 100 - (260 + 300 + (4_320 * 2) / 100);
    expect(Math.floor(floats)).toBe(3_543);
    const result = await evaluateOffer(input({ valuation, answers: { ...GOOD, "203": "major" } }));
    expect(result.cashNow?.price).toBe(3_544);
  });

  it("brings the vehicle in with every matching reason, in rule order", async () => {
    const result = await evaluateOffer(
      input({
        vehicle: { ...f150, year: 2009, mileage: 212_000 },
        answers: {
          ...GOOD,
          "100": "poor",
          "300": ["transmission", "does-not-run"],
          "301": "good",
          "400": "yes",
          "401": "salvage-or-rebuilt",
          "402": "yes",
          "403": "none",
        },
      }),
    );
    expect(result).toMatchObject({
      outcome: "bring-in",
      reasons: ["age", "mileage", "hail-rust", "frame", "salvage", "inoperable", "transmission"],
      cashNow: null,
      moreCashLater: null,
    });
  });

  it("treats the current and previous model year as too recent, and next year's model too", async () => {
    for (const year of [2025, 2026, 2027]) {
      const result = await evaluateOffer(input({ vehicle: { ...f150, year } }));
      expect(result.reasons).toEqual(["recent-model-year"]);
    }
    expect((await evaluateOffer(input({ vehicle: { ...f150, year: 2024 } }))).outcome).toBe("offer");
  });

  it("withholds More Cash Later at ten years old and keeps Cash Now", async () => {
    const result = await evaluateOffer(input({ vehicle: { ...f150, year: 2016 } }));
    expect(result.outcome).toBe("offer");
    expect(result.cashNow?.price).toBeGreaterThan(0);
    expect(result.moreCashLater).toMatchObject({ price: null, withheld: "age", reserve: null, profitShare: null });
  });

  it("withholds an offer below its minimum, and brings the vehicle in when neither has a price", async () => {
    const cheap = { roughWholesale: 2_500, adjustedWholesaleAvg: 2_900, adjustedRetailAvg: 6_000 };
    const one = await evaluateOffer(input({ valuation: cheap }));
    expect(one.cashNow).toMatchObject({ price: null, withheld: "below-minimum" });
    expect(one.moreCashLater?.price).toBe(Math.floor(6_000 - 560 - 120 - 1_500));
    const none = await evaluateOffer(input({ valuation: { ...cheap, adjustedRetailAvg: 4_000 } }));
    expect(none).toMatchObject({
      outcome: "bring-in",
      reasons: ["no-online-offer"],
      cashNow: null,
      moreCashLater: null,
    });
  });

  it("offers a price of exactly the minimum (Cash Now 2000, More Cash Later 2300) and withholds a dollar less", async () => {
    const great = { "100": "great" };
    // Cash Now from rough wholesale below 10000: price = floor(0.98 × base − 560).
    const at = await evaluateOffer(
      input({
        answers: great,
        valuation: { roughWholesale: 2_612.25, adjustedWholesaleAvg: 2_700, adjustedRetailAvg: 9_000 },
      }),
    );
    expect(at.cashNow).toMatchObject({ price: 2_000, withheld: null });
    const below = await evaluateOffer(
      input({
        answers: great,
        valuation: { roughWholesale: 2_611.25, adjustedWholesaleAvg: 2_700, adjustedRetailAvg: 9_000 },
      }),
    );
    expect(below.cashNow).toMatchObject({ price: null, withheld: "below-minimum" });
    // More Cash Later under a retail of 30000: price = floor(0.98 × retail − 560 − 1500).
    const retail = (adjustedRetailAvg: number) =>
      evaluateOffer(
        input({
          answers: great,
          valuation: { roughWholesale: 24_500, adjustedWholesaleAvg: 27_200, adjustedRetailAvg },
        }),
      );
    expect((await retail(4_448.98)).moreCashLater).toMatchObject({ price: 2_300, withheld: null, reserve: 1_564 });
    expect((await retail(4_447.96)).moreCashLater).toMatchObject({ price: null, withheld: "below-minimum" });
  });

  it("rejects an input that does not validate, naming each path", async () => {
    const bad = {
      ...input(),
      vehicle: { ...f150, mileage: -5, year: 2031 },
      valuation: { roughWholesale: "24500", adjustedWholesaleAvg: 27_200, adjustedRetailAvg: 31_900.123 },
      asOf: "11/21/2026",
    };
    const error = await evaluateOffer(bad as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfferInputError);
    expect((error as OfferInputError).problems.map((p) => p.path)).toEqual([
      "$.vehicle.mileage",
      "$.valuation.roughWholesale",
      "$.valuation.adjustedRetailAvg",
      "$.asOf",
    ]);
    const missing = await evaluateOffer(input({ answers: { "100": "fair" } })).catch((e: unknown) => e);
    expect(String(missing)).toContain('$.answers["300"]: This field is required');
    const future = await evaluateOffer(input({ vehicle: { ...f150, year: 2028 } })).catch((e: unknown) => e);
    expect((future as OfferInputError).problems).toEqual([
      { path: "$.vehicle.year", message: "A 2028 model cannot be for sale in 2026." },
    ]);
  });

  it("runs analyst rules: a new trigger and changed settings", async () => {
    const rules = parseOfferRules({
      questionnaire: defaultOfferRules.questionnaire,
      outcomes: {
        rules: [
          ...defaultOfferRules.outcomes.rules,
          {
            name: "no online offers on convertibles we cannot recondition",
            conditions: { any: [{ fact: "model", operator: "in", value: ["Miata", "F-150"] }] },
            event: { type: "withhold", params: { offer: "cashNow", reason: "age" } },
          },
        ],
      },
      settings: {
        ...defaultOfferRules.settings,
        moreCashLater: { ...defaultOfferRules.settings.moreCashLater, minimumPrice: 40_000 },
      },
    });
    const result = await evaluateOffer(input(), rules);
    expect(result).toMatchObject({ outcome: "bring-in", reasons: ["no-online-offer"] });
    const other = await evaluateOffer(input({ vehicle: { ...f150, model: "Ranger" } }), rules);
    expect(other.cashNow?.price).toBe(
      (await evaluateOffer(input({ vehicle: { ...f150, model: "Ranger" } }))).cashNow?.price,
    );
    expect(other.moreCashLater).toMatchObject({ price: null, withheld: "below-minimum" });
  });
});
