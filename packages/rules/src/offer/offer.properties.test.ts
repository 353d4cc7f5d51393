import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultQuestionnaire } from "../questionnaire/default-questionnaire";
import type { Answers } from "../questionnaire/visibility";
import { selectedValues, visibleAnswers, visibleQuestions } from "../questionnaire/visibility";
import {
  candidateAnswersArb,
  offerInputArb,
  pricedInputArb,
  TRIGGER_ANSWERS,
  valuationArb,
} from "./arbitraries.test-support";
import { evaluateOffer, type OfferResult } from "./evaluate-offer";
import type { OfferInput } from "./input.schema";
import { defaultOfferRules } from "./offer-rules";
import { OFFER_KINDS } from "./outcomes.schema";

const RUNS = { numRuns: 200 };
const { settings } = defaultOfferRules;

function prices(result: OfferResult) {
  return { cashNow: result.cashNow?.price ?? null, moreCashLater: result.moreCashLater?.price ?? null };
}

describe("offer properties", () => {
  it("prices are whole dollars at or above the offer's minimum, or null", async () => {
    await fc.assert(
      fc.asyncProperty(offerInputArb(), async (input) => {
        const result = await evaluateOffer(input);
        for (const kind of OFFER_KINDS) {
          const price = result[kind]?.price ?? null;
          if (price === null) continue;
          expect(Number.isInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(settings[kind].minimumPrice);
        }
      }),
      RUNS,
    );
  });

  it("adding a deduction-bearing answer never raises an offer", async () => {
    const bearing = defaultQuestionnaire.questions.flatMap((q) =>
      q.answers
        .filter((a) => (a.deduction ?? []).length > 0 && !TRIGGER_ANSWERS.has(`${q.questionId}:${a.value}`))
        .map((a) => ({ question: q, value: a.value })),
    );
    await fc.assert(
      fc.asyncProperty(pricedInputArb, fc.constantFrom(...bearing), async (input, { question, value }) => {
        const shown = visibleQuestions(input.answers).some((q) => q.questionId === question.questionId);
        fc.pre(shown);
        const current = input.answers[question.questionId];
        const free = (v: string) => !question.answers.find((a) => a.value === v)?.deduction?.length;
        let next: string | string[];
        if (question.inputType === "checkbox") {
          const kept = selectedValues(current).filter((v) => !question.answers.find((a) => a.value === v)?.exclusive);
          fc.pre(!kept.includes(value));
          next = [...kept, value];
        } else {
          fc.pre(typeof current === "string" && free(current));
          next = value;
        }
        const before = prices(await evaluateOffer(input));
        const after = prices(
          await evaluateOffer({ ...input, answers: { ...input.answers, [question.questionId]: next } }),
        );
        for (const kind of OFFER_KINDS) {
          const now = after[kind];
          if (now !== null) expect(now).toBeLessThanOrEqual(before[kind] ?? -Infinity);
        }
      }),
      RUNS,
    );
  });

  it("answers to hidden questions never change the result", async () => {
    await fc.assert(
      fc.asyncProperty(offerInputArb(), candidateAnswersArb(), async (input, extra) => {
        const shown = new Set(visibleQuestions(input.answers).map((q) => q.questionId));
        const hidden = Object.fromEntries(Object.entries(extra).filter(([id]) => !shown.has(id)));
        fc.pre(Object.keys(hidden).length > 0);
        const withHidden = { ...input, answers: { ...hidden, ...input.answers } };
        expect(visibleAnswers(withHidden.answers)).toEqual(input.answers);
        expect(await evaluateOffer(withHidden)).toEqual(await evaluateOffer(input));
      }),
      RUNS,
    );
  });

  it("any bring-in trigger yields no price", async () => {
    const triggers = [
      { reason: "age", apply: (i: Input) => ({ ...i, vehicle: { ...i.vehicle, year: year(i) - 15 } }) },
      { reason: "recent-model-year", apply: (i: Input) => ({ ...i, vehicle: { ...i.vehicle, year: year(i) - 1 } }) },
      { reason: "mileage", apply: (i: Input) => ({ ...i, vehicle: { ...i.vehicle, mileage: 150_000 } }) },
      { reason: "hail-rust", apply: (i: Input) => poor(i, { "402": "yes" }) },
      { reason: "frame", apply: (i: Input) => poor(i, { "400": "yes" }) },
      { reason: "salvage", apply: (i: Input) => poor(i, { "401": "salvage-or-rebuilt" }) },
      { reason: "inoperable", apply: (i: Input) => poor(i, { "300": ["does-not-run"] }) },
      { reason: "transmission", apply: (i: Input) => poor(i, { "300": ["brakes", "transmission"] }) },
    ] as const;
    await fc.assert(
      fc.asyncProperty(offerInputArb(), fc.constantFrom(...triggers), async (input, trigger) => {
        const result = await evaluateOffer(trigger.apply(input));
        expect(result.outcome).toBe("bring-in");
        expect(result.reasons).toContain(trigger.reason);
        expect(result.cashNow).toBeNull();
        expect(result.moreCashLater).toBeNull();
      }),
      RUNS,
    );
  });

  it("reserve plus profit share equals the More Cash Later price", async () => {
    await fc.assert(
      fc.asyncProperty(pricedInputArb, async (input) => {
        const offer = (await evaluateOffer(input)).moreCashLater;
        if (offer?.price == null) {
          expect([offer?.reserve ?? null, offer?.profitShare ?? null]).toEqual([null, null]);
          return;
        }
        expect((offer.reserve ?? Number.NaN) + (offer.profitShare ?? Number.NaN)).toBe(offer.price);
        expect(offer.reserve).toBe(Math.floor((offer.price * 68) / 100));
      }),
      RUNS,
    );
  });

  it("the flat/percent switch happens exactly at a base of 15000", async () => {
    // The table: flat dollars at base ≥ 15000, percent of base below (accident is a percent on both sides).
    const TABLE: Record<string, { flat: number | { percent: number }; percent: number }> = {
      "200:yes": { flat: { percent: 12 }, percent: 5 },
      "201:yes": { flat: { percent: 5 }, percent: 2 },
      "202:yes": { flat: 500, percent: 5 },
      "203:minor": { flat: 100, percent: 1 },
      "203:moderate": { flat: 200, percent: 2 },
      "203:major": { flat: 300, percent: 3 },
      "204:one-two": { flat: 200, percent: 2 },
      "204:three-four": { flat: 400, percent: 4 },
      "204:five-plus": { flat: 600, percent: 6 },
      "205:one": { flat: 150, percent: 1.5 },
      "300:check-engine-4x4": { flat: 1500, percent: 15 },
      "300:brakes": { flat: 1250, percent: 12.5 },
      "300:ac-heat": { flat: 1000, percent: 10 },
      "300:other-mechanical": { flat: 1000, percent: 10 },
      "301:replace-two": { flat: 500, percent: 5 },
      "301:replace-all": { flat: 1000, percent: 10 },
      "403:minor": { flat: 500, percent: 5 },
      "403:moderate": { flat: 1000, percent: 10 },
      "403:major": { flat: 1500, percent: 15 },
    };
    const base = fc.oneof(
      fc.constantFrom(14_999, 14_999.99, 15_000, 15_000.01),
      fc.integer({ min: 100_000, max: 4_000_000 }).map((c) => c / 100),
    );
    await fc.assert(
      fc.asyncProperty(pricedInputArb, base, async (input, retail) => {
        // More Cash Later's base is the adjusted retail average, so setting it sets the base directly.
        const valuation = { ...input.valuation, adjustedRetailAvg: retail };
        const offer = (await evaluateOffer({ ...input, valuation })).moreCashLater;
        fc.pre(offer !== null); // both offers withheld: the vehicle is brought in, with no deductions to look at
        expect(offer?.base).toBe(retail);
        for (const d of offer?.deductions ?? []) {
          const row = TABLE[`${d.questionId}:${d.answer}`];
          if (!row) throw new Error(`No table row for ${d.questionId}:${d.answer}`);
          const expected =
            retail >= 15_000
              ? typeof row.flat === "number"
                ? row.flat
                : (retail * row.flat.percent) / 100
              : (retail * row.percent) / 100;
          expect(d.amount).toBeCloseTo(expected, 6);
        }
        const expectedCount = Object.keys(TABLE).filter((k) => {
          const [id, value] = k.split(":") as [string, string];
          return selectedValues(input.answers[id]).includes(value);
        }).length;
        expect(offer?.deductions).toHaveLength(expectedCount);
      }),
      RUNS,
    );
  });

  it("Cash Now's base is the adjusted wholesale average exactly when rough wholesale is 10000 to 20000", async () => {
    await fc.assert(
      fc.asyncProperty(pricedInputArb, valuationArb, async (input, valuation) => {
        const offer = (await evaluateOffer({ ...input, valuation })).cashNow;
        const inBand = valuation.roughWholesale >= 10_000 && valuation.roughWholesale <= 20_000;
        if (offer) {
          expect(offer.base).toBe(inBand ? valuation.adjustedWholesaleAvg : valuation.roughWholesale);
        }
      }),
      RUNS,
    );
  });
});

type Input = OfferInput & { answers: Answers };

function year(input: Input): number {
  return Number(input.asOf.slice(0, 4));
}

/** The input with 100 = poor and every newly shown question answered harmlessly, then `answers` on top. */
function poor(input: Input, answers: Answers): Input {
  const defaults = { "200": "no", "201": "no", "202": "no", "203": "none", "204": "none", "205": "two-or-more" };
  const structure = { "300": ["none"], "301": "good", "400": "no", "401": "clean", "402": "no", "403": "none" };
  return { ...input, answers: { ...defaults, ...structure, ...input.answers, "100": "poor", ...answers } };
}
