import { type Answers, questions, type SellJourneyOutput, visibleAnswers } from "@showroom/rules/questionnaire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testSellServices } from "../../content/test-site";
import { priceView } from "../../routes/sell-offer.server";
import { ValuationUnavailableError } from "../valuation/valuation-provider.server";
import { priceOffer } from "./price-offer.server";
import { vehicleChoices } from "./vehicle-choices.server";

const AS_OF = "2026-11-26";
const PROFILE = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "3145550142" };

/** A valid answer to every question (shown or not); the offer keeps the shown ones. */
const answersArb: fc.Arbitrary<Answers> = fc
  .record(
    Object.fromEntries(
      questions.map((q) => {
        const values = q.answers.map((a) => a.value);
        const exclusive = q.answers.filter((a) => a.exclusive).map((a) => a.value);
        const arb =
          q.inputType === "checkbox"
            ? fc.oneof(
                ...exclusive.map((v) => fc.constant([v])),
                fc.subarray(
                  values.filter((v) => !exclusive.includes(v)),
                  { minLength: 1 },
                ),
              )
            : q.inputType === "textarea"
              ? fc.constantFrom("", "Garage kept.")
              : fc.constantFrom(...values);
        return [q.questionId, arb as fc.Arbitrary<string | string[]>];
      }),
    ),
  )
  .map((all) => visibleAnswers(all));

/** A catalogue vehicle of a year it was sold, as the choices offer it. */
const vehicleArb = fc
  .constantFrom(...vehicleChoices.years(AS_OF).filter((y) => y <= 2026))
  .chain((year) => fc.constantFrom(...vehicleChoices.makes(year)).map((make) => ({ year, make })))
  .chain(({ year, make }) =>
    fc.constantFrom(...vehicleChoices.models(year, make)).map((model) => ({ year, make, model })),
  );

const journeyArb: fc.Arbitrary<SellJourneyOutput> = fc
  .record({
    vehicle: vehicleArb,
    mileage: fc.integer({ min: 1, max: 200_000 }),
    interest: fc.constantFrom("sell" as const, "trade-in" as const),
    answers: answersArb,
  })
  .map(({ vehicle, mileage, interest, answers }) => ({
    vehicle: { ...vehicle, trim: null, vin: null },
    details: { mileage, zip: "63119", interest },
    answers,
    profile: PROFILE,
  }));

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100) * (text.startsWith("+") ? 1 : -1);

describe("pricing a journey", () => {
  it("property: each offer's explanation, as the page shows it, adds up to its price to the cent, and the two checks to More Cash Later's", async () => {
    await fc.assert(
      fc.asyncProperty(journeyArb, async (journey) => {
        const saved = await priceOffer(testSellServices(), journey, AS_OF);
        for (const kind of ["cashNow", "moreCashLater"] as const) {
          const offer = saved[kind];
          if (!offer || offer.price === null) continue;
          const view = priceView(kind, offer);
          const base = Math.round(offer.base * 100);
          const lines = [...view.lines.map((l) => l.amount), ...(view.rounding ? [view.rounding] : [])];
          expect(base + lines.reduce((sum, line) => sum + cents(line), 0)).toBe(offer.price * 100);
          expect(view.price).toBe(`$${offer.price.toLocaleString("en-US")}`);
        }
        const later = saved.moreCashLater;
        if (later && later.price !== null) expect((later.reserve ?? 0) + (later.profitShare ?? 0)).toBe(later.price);
        if (saved.outcome === "bring-in") expect(saved.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it("property: every cost line of an offer says why it is taken, and no two cost lines read alike", async () => {
    await fc.assert(
      fc.asyncProperty(journeyArb, async (journey) => {
        const saved = await priceOffer(testSellServices(), journey, AS_OF);
        for (const kind of ["cashNow", "moreCashLater"] as const) {
          const offer = saved[kind];
          if (!offer || offer.price === null) continue;
          const costs = priceView(kind, offer).lines.slice(offer.deductions.length);
          expect(costs).toHaveLength(offer.costs.length);
          for (const line of costs) expect(line.note?.length ?? 0, line.label).toBeGreaterThan(20);
          expect(new Set(costs.map((line) => line.label)).size).toBe(costs.length);
          expect(new Set(costs.map((line) => line.note)).size).toBe(costs.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("an analyst's new cost, unknown to the translations, is named from its rule and still says what kind of cost it is", () => {
    const view = priceView("cashNow", {
      price: 9_000,
      withheld: null,
      base: 10_000,
      baseKey: "roughWholesale",
      deductions: [],
      costs: [{ name: "detailing-fee", amount: 1_000 }],
    });
    expect(view.lines).toEqual([
      { label: "Our cost: detailing fee", note: "A cost of getting the car ready to sell again.", amount: "−$1,000" },
    ]);
  });

  it("a vehicle the book does not list is brought in (no-valuation); a book that fails is brought in (valuation-unavailable)", async () => {
    const journey: SellJourneyOutput = {
      vehicle: { year: 2014, make: "Chevrolet", model: "Spark", trim: "1LT", vin: "KL8CD6SA1EC456789" },
      details: { mileage: 120_000, zip: "63119", interest: "sell" },
      answers: { "100": "great" },
      profile: PROFILE,
    };
    expect(await priceOffer(testSellServices(), journey, AS_OF)).toMatchObject({
      outcome: "bring-in",
      reasons: ["no-valuation"],
      valuation: null,
      validUntil: "2026-12-03",
    });
    for (const error of [new ValuationUnavailableError("down"), new TypeError("a bug in a client")]) {
      const failing = testSellServices({
        valuation: {
          name: "failing",
          value: async () => {
            throw error;
          },
        },
      });
      const toyota = { ...journey, vehicle: { year: 2019, make: "Toyota", model: "RAV4", trim: null, vin: null } };
      expect(await priceOffer(failing, toyota, AS_OF)).toMatchObject({
        outcome: "bring-in",
        reasons: ["valuation-unavailable"],
      });
    }
  });

  it("the offer keeps the question and answer words, and which valuation each base came from", async () => {
    const saved = await priceOffer(
      testSellServices(),
      {
        vehicle: { year: 2019, make: "Toyota", model: "RAV4", trim: "XLE", vin: null },
        details: { mileage: 48_000, zip: "63119", interest: "trade-in" },
        answers: {
          "100": "good",
          "200": "no",
          "201": "no",
          "202": "yes",
          "203": "none",
          "204": "none",
          "205": "two-or-more",
        },
        profile: PROFILE,
      },
      AS_OF,
    );
    expect(saved.valuation?.source).toMatch(/demo valuation book/);
    expect(saved.cashNow?.baseKey).toBe("adjustedWholesaleAvg");
    expect(saved.moreCashLater?.baseKey).toBe("adjustedRetailAvg");
    expect(saved.cashNow?.deductions).toEqual([
      {
        questionId: "202",
        question: "Has anyone smoked in the vehicle?",
        answerValue: "yes",
        answer: "Yes",
        name: "smoked",
        percent: 5,
        amount: expect.any(Number),
      },
    ]);
  });
});
