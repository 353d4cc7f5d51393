import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultFinancingRules } from "./defaults";
import { estimatePayment } from "./estimate";
import { listingEstimate } from "./listing-estimate";
import { defaultCashDown } from "./sliders";

const RUNS = { numRuns: 300 };
const price = fc.integer({ min: 0, max: 20_000_000 }).map((cents) => cents / 100);
const year = fc.integer({ min: 1990, max: 2028 });

describe("listingEstimate", () => {
  it("a $18,995 2016 car: $1,900 down, 72 months at 6.99 % APR for a score of 850, fees included", () => {
    const estimate = listingEstimate(18_995, 2016);
    expect(estimate).toMatchObject({ cashDown: 1900, tradeEquity: 0, creditScore: 850, termMonths: 72, apr: 6.99 });
    expect(estimate.amountFinanced).toBe(17_463.03);
    expect(estimate.monthly).toBe(estimatePayment({ ...estimate, price: 18_995 }).monthly);
  });

  it("is the estimator's answer for the choices it reports, which are the estimator's opening choices for the price", () => {
    fc.assert(
      fc.property(price, year, (p, y) => {
        const estimate = listingEstimate(p, y);
        const { sliders, quoteTerms } = defaultFinancingRules;
        expect(estimate.cashDown).toBe(defaultCashDown(p));
        expect(estimate.creditScore).toBe(sliders.creditScore.default);
        expect(estimate.termMonths).toBe(quoteTerms.financeMonths);
        const { apr, amountFinanced, monthly, termMonths } = estimatePayment(estimate);
        expect({ apr, amountFinanced, monthly, termMonths }).toEqual({
          apr: estimate.apr,
          amountFinanced: estimate.amountFinanced,
          monthly: estimate.monthly,
          termMonths: estimate.termMonths,
        });
      }),
      RUNS,
    );
  });

  it("the payments over the term repay at least the amount financed, and never more than it at APR 0", () => {
    fc.assert(
      fc.property(price, year, (p, y) => {
        const { monthly, termMonths, amountFinanced } = listingEstimate(p, y);
        // Each payment is rounded to a cent, so the sum may fall short of the principal by half a cent a month.
        expect(monthly * termMonths).toBeGreaterThanOrEqual(amountFinanced - termMonths * 0.005 - 1e-6);
        expect(monthly).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  // Cash down snaps to the nearest $100 of 10 percent, so $1,499.99 opens at $100 down and $1,500 at $200: a cent
  // dearer can cost less a month. Once the prices are $200 apart, the price outruns any snap (0.9 × 200 > 100).
  it("a car of the same year dearer by $200 or more never shows a lower monthly payment", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 20_000, max: 5_000_000 }), year, (low, more, y) => {
        const high = (Math.round(low * 100) + more) / 100;
        expect(listingEstimate(low, y).monthly).toBeLessThanOrEqual(listingEstimate(high, y).monthly);
      }),
      RUNS,
    );
  });

  it("a cent dearer can show a lower payment, where the cash down snaps up a step (why the property above keeps $200)", () => {
    expect(listingEstimate(1500, 2016).monthly).toBeLessThan(listingEstimate(1499.99, 2016).monthly);
  });
});

describe("listingEstimate with the shopper's numbers", () => {
  const numbers = fc.record({
    cashDown: fc.integer({ min: 0, max: 200 }).map((n) => n * 100),
    tradeEquity: fc.integer({ min: 0, max: 200 }).map((n) => n * 100),
    creditScore: fc.integer({ min: 40, max: 85 }).map((n) => n * 10),
    termMonths: fc.constantFrom(12, 24, 36, 48, 60, 72),
  });

  it("is the estimator's answer for exactly the shopper's numbers, on any price and year", () => {
    fc.assert(
      fc.property(price, year, numbers, (p, y, n) => {
        const estimate = listingEstimate(p, y, defaultFinancingRules, n);
        expect(estimate).toMatchObject(n);
        const { apr, amountFinanced, monthly, termMonths } = estimatePayment({ price: p, vehicleYear: y, ...n });
        expect({ apr, amountFinanced, monthly, termMonths }).toEqual({
          apr: estimate.apr,
          amountFinanced: estimate.amountFinanced,
          monthly: estimate.monthly,
          termMonths: estimate.termMonths,
        });
      }),
      RUNS,
    );
  });

  it("$2,000 down and a 400 score on a 2016 car pay 21.49 % APR, not the example's 6.99 %", () => {
    const numbers450 = { cashDown: 2000, tradeEquity: 0, creditScore: 400, termMonths: 72 };
    expect(listingEstimate(9_000, 2016, defaultFinancingRules, numbers450).apr).toBe(21.49);
    expect(listingEstimate(9_000, 2016).apr).toBe(6.99);
  });
});
