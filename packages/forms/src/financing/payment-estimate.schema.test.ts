import { clampToSlider, defaultFinancingRules, isSliderValue } from "@showroom/rules/financing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedFormContext } from "../fields/context";
import {
  estimatorModelYears,
  hasPaymentEstimate,
  PAYMENT_ESTIMATE_FIELDS,
  readPaymentEstimateChoices,
} from "./payment-estimate.schema";

const context = fixedFormContext("2026-11-26");
const { sliders } = defaultFinancingRules;

describe("payment estimate choices", () => {
  it("a bare visit opens on the sliders' defaults, cash down at 10 percent of the price", () => {
    expect(readPaymentEstimateChoices(new URLSearchParams(), context)).toEqual({
      price: 20000,
      cashDown: 2000,
      tradeEquity: 0,
      creditScore: 850,
      termMonths: 24,
      vehicleYear: 2023,
    });
  });

  it("reads amounts as people type them", () => {
    const choices = readPaymentEstimateChoices(
      new URLSearchParams({
        price: "$18,500",
        cashDown: "1,500",
        creditScore: "640",
        termMonths: "72",
        vehicleYear: "2017",
      }),
      context,
    );
    expect(choices).toMatchObject({
      price: 18500,
      cashDown: 1500,
      creditScore: 640,
      termMonths: 72,
      vehicleYear: 2017,
    });
  });

  it("whatever a query holds, every choice is a value its slider can show and the year one the estimator offers", () => {
    const years = estimatorModelYears(context);
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...PAYMENT_ESTIMATE_FIELDS, "other"),
          fc.oneof(fc.string(), fc.double().map(String), fc.integer({ min: -1e7, max: 1e7 }).map(String)),
        ),
        (query) => {
          const choices = readPaymentEstimateChoices(new URLSearchParams(query), context);
          expect(isSliderValue(choices.price, sliders.price)).toBe(true);
          expect(isSliderValue(choices.cashDown, sliders.cashDown)).toBe(true);
          expect(isSliderValue(choices.tradeEquity, sliders.tradeEquity)).toBe(true);
          expect(isSliderValue(choices.creditScore, sliders.creditScore)).toBe(true);
          expect(isSliderValue(choices.termMonths, sliders.financeTerm)).toBe(true);
          expect(years).toContain(choices.vehicleYear);
        },
      ),
    );
  });

  it("a value the slider shows comes back unchanged, and one out of range moves to the nearest it can show", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90000 }), (amount) => {
        const choices = readPaymentEstimateChoices(new URLSearchParams({ price: String(amount) }), context);
        expect(choices.price).toBe(clampToSlider(amount, sliders.price));
      }),
    );
  });

  it("tells a link from the estimator from a bare visit", () => {
    expect(hasPaymentEstimate(new URLSearchParams({ vin: "x" }))).toBe(false);
    expect(hasPaymentEstimate(new URLSearchParams({ price: "20000" }))).toBe(true);
  });
});
