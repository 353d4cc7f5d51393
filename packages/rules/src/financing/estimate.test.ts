import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../shared/errors";
import { defaultFinancingRules } from "./defaults";
import { estimatePayment } from "./estimate";
import type { FinancingRules } from "./financing.schema";
import { aprBreakdown, aprFor, estimateParsedPayment, monthlyPayment } from "./payment";
import type { PaymentInput } from "./payment-input.schema";

const RUNS = { numRuns: 200 };

/** Whole cents as a dollar string, computed with BigInt so the check shares no float math with the code. */
function centsToString(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

const cents = (max: number) => fc.integer({ min: 0, max });
const paymentInput = fc.record({
  price: cents(20_000_000).map((c) => c / 100),
  cashDown: cents(2_000_000).map((c) => c / 100),
  tradeEquity: cents(2_000_000).map((c) => c / 100),
  creditScore: fc.integer({ min: 300, max: 850 }),
  termMonths: fc.integer({ min: 1, max: 96 }),
  vehicleYear: fc.integer({ min: 1990, max: 2027 }),
});

describe("estimatePayment worked examples", () => {
  it.each([
    // price, down, trade, score, term, year → apr, amount financed, monthly (monthly from an exact decimal calculation)
    [20000, 2000, 0, 850, 72, 2015, 6.99, 18368.03, 313.07],
    [35000, 3000, 2000, 700, 60, 2019, 10.99, 30368.03, 660.12],
    [9000, 2000, 2000, 499, 24, 2018, 23.49, 5368.03, 282.45],
  ])(
    "price %d, down %d, trade %d, score %d, %d months, year %d → APR %d, financed %d, monthly %d",
    (price, cashDown, tradeEquity, creditScore, termMonths, vehicleYear, apr, amountFinanced, monthly) => {
      expect(estimatePayment({ price, cashDown, tradeEquity, creditScore, termMonths, vehicleYear })).toEqual({
        apr,
        amountFinanced,
        monthly,
        termMonths,
      });
    },
  );

  it("a down payment larger than price and fees finances nothing and pays nothing", () => {
    const estimate = estimatePayment({
      price: 5000,
      cashDown: 5000,
      tradeEquity: 400,
      creditScore: 700,
      termMonths: 36,
      vehicleYear: 2012,
    });
    expect(estimate.amountFinanced).toBe(0);
    expect(estimate.monthly).toBe(0);
  });

  it.each([
    { price: -1 },
    { cashDown: Number.NaN },
    { tradeEquity: Number.POSITIVE_INFINITY },
    { creditScore: 299 },
    { creditScore: 851 },
    { creditScore: 700.5 },
    { termMonths: 0 },
  ])("rejects an input outside its domain: %o", (override) => {
    const base: PaymentInput = {
      price: 20000,
      cashDown: 1000,
      tradeEquity: 0,
      creditScore: 700,
      termMonths: 60,
      vehicleYear: 2016,
    };
    expect(() => estimatePayment({ ...base, ...override })).toThrow(InputError);
  });
});

describe("the estimate without the input validation (the browser's live estimator, ADR 427)", () => {
  it("for every valid input, estimateParsedPayment is exactly estimatePayment: the browser recomputes what the server rendered", () => {
    const amount = fc.oneof(
      cents(20_000_000).map((c) => c / 100),
      fc.double({ min: 0, max: 1e9, noNaN: true }),
    );
    const input = fc.record({
      price: amount,
      cashDown: amount,
      tradeEquity: amount,
      creditScore: fc.integer({ min: 300, max: 850 }),
      termMonths: fc.integer({ min: 1, max: 600 }),
      vehicleYear: fc.integer({ min: 1900, max: 2100 }),
    });
    const rules = fc.constantFrom<FinancingRules>(
      defaultFinancingRules,
      { ...defaultFinancingRules, fees: [] },
      { ...defaultFinancingRules, baseApr: [{ minScore: 300, apr: 0 }], lowerCreditSurcharges: [] },
    );
    fc.assert(
      fc.property(input, rules, (choices, financing) => {
        expect(estimateParsedPayment(choices, financing)).toEqual(estimatePayment(choices, financing));
      }),
      RUNS,
    );
  });
});

describe("APR by credit score and model year (spec section 9 and issue 3)", () => {
  it.each([
    [850, 6.99],
    [720, 6.99],
    [719, 8.99],
    [660, 8.99],
    [659, 11.49],
    [620, 11.49],
    [619, 12.99],
    [600, 12.99],
    [599, 14.49],
    [580, 14.49],
    [579, 15.99],
    [560, 15.99],
    [559, 17.99],
    [520, 17.99],
    [519, 19.49],
    [500, 19.49],
    [499, 21.49],
    [300, 21.49],
  ])("score %d on a 2017 vehicle → %d", (score, apr) => {
    expect(aprFor(score, 2017)).toBe(apr);
  });

  it("the model-year program adds exactly 2 points from 2018 on, and nothing before", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 850 }), fc.integer({ min: 1990, max: 2030 }), (score, year) => {
        const withoutProgram = aprFor(score, 2017);
        expect(aprFor(score, year)).toBe(year >= 2018 ? Math.round((withoutProgram + 2) * 100) / 100 : withoutProgram);
      }),
      RUNS,
    );
  });

  it("the breakdown's base, surcharge and program add up to the APR, the surcharge being the spec's for the band", () => {
    const SURCHARGES: [number, number, number][] = [
      [600, 619, 1.5],
      [580, 599, 3],
      [560, 579, 4.5],
      [520, 559, 6.5],
      [500, 519, 8],
      [300, 499, 10],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 850 }), fc.integer({ min: 1990, max: 2030 }), (score, year) => {
        const parts = aprBreakdown(score, year);
        expect(parts.total).toBe(aprFor(score, year));
        expect(Math.round((parts.base + parts.surcharge + parts.program) * 100) / 100).toBe(parts.total);
        expect(parts.surcharge).toBe(SURCHARGES.find(([lo, hi]) => score >= lo && score <= hi)?.[2] ?? 0);
        expect(parts.program).toBe(year >= 2018 ? 2 : 0);
      }),
      RUNS,
    );
  });

  it("a lower credit score never gets a lower APR", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 1990, max: 2030 }),
        (a, b, year) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(aprFor(low, year)).toBeGreaterThanOrEqual(aprFor(high, year));
        },
      ),
      RUNS,
    );
  });

  it("every APR has at most two decimals: tiers and surcharges add without float drift", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 850 }), fc.integer({ min: 1990, max: 2030 }), (score, year) => {
        const apr = aprFor(score, year);
        expect(Number(apr.toFixed(2))).toBe(apr);
      }),
      RUNS,
    );
  });
});

describe("payment properties", () => {
  it("amountFinanced is never negative and is price + fees − cash down − trade equity to the exact cent", () => {
    fc.assert(
      fc.property(paymentInput, (input) => {
        const { amountFinanced } = estimatePayment(input);
        expect(amountFinanced).toBeGreaterThanOrEqual(0);
        const expected =
          BigInt(Math.round(input.price * 100)) +
          35803n +
          1000n -
          BigInt(Math.round(input.cashDown * 100)) -
          BigInt(Math.round(input.tradeEquity * 100));
        expect(amountFinanced.toFixed(2)).toBe(centsToString(expected > 0n ? expected : 0n));
        expect(Number(amountFinanced.toFixed(2))).toBe(amountFinanced);
      }),
      RUNS,
    );
  });

  it("amountFinanced is never negative whatever non-negative amounts come in, cents or not", () => {
    const amount = fc.double({ min: 0, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(amount, amount, amount, (price, cashDown, tradeEquity) => {
        const estimate = estimatePayment({
          price,
          cashDown,
          tradeEquity,
          creditScore: 700,
          termMonths: 60,
          vehicleYear: 2016,
        });
        expect(estimate.amountFinanced).toBeGreaterThanOrEqual(0);
        expect(estimate.monthly).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it("the monthly payment never rises as cash down rises", () => {
    fc.assert(
      fc.property(paymentInput, cents(2_000_000), (input, extraCents) => {
        const more = { ...input, cashDown: (Math.round(input.cashDown * 100) + extraCents) / 100 };
        expect(estimatePayment(more).monthly).toBeLessThanOrEqual(estimatePayment(input).monthly);
      }),
      RUNS,
    );
  });

  it("the monthly payment falls strictly when a larger cash down still leaves at least a dollar a month financed", () => {
    fc.assert(
      fc.property(paymentInput, fc.integer({ min: 100, max: 500_000 }), (input, extraCents) => {
        const more = { ...input, cashDown: (Math.round(input.cashDown * 100) + extraCents * input.termMonths) / 100 };
        fc.pre(estimatePayment(more).amountFinanced > 0);
        expect(estimatePayment(more).monthly).toBeLessThan(estimatePayment(input).monthly);
      }),
      RUNS,
    );
  });

  it("the monthly payment never falls as the APR rises", () => {
    const apr = fc.integer({ min: 0, max: 4000 }).map((h) => h / 100);
    fc.assert(
      fc.property(cents(20_000_000), apr, apr, fc.integer({ min: 1, max: 96 }), (amountCents, a, b, term) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const amount = amountCents / 100;
        expect(monthlyPayment(amount, high, term)).toBeGreaterThanOrEqual(monthlyPayment(amount, low, term));
      }),
      RUNS,
    );
  });

  it("the monthly payment never falls as the credit score falls (a higher APR)", () => {
    fc.assert(
      fc.property(paymentInput, fc.integer({ min: 300, max: 850 }), (input, otherScore) => {
        const [low, high] = [Math.min(input.creditScore, otherScore), Math.max(input.creditScore, otherScore)];
        expect(estimatePayment({ ...input, creditScore: low }).monthly).toBeGreaterThanOrEqual(
          estimatePayment({ ...input, creditScore: high }).monthly,
        );
      }),
      RUNS,
    );
  });

  it("the monthly payment amortizes the amount financed: the balance after the last payment is within rounding of zero", () => {
    fc.assert(
      fc.property(paymentInput, (input) => {
        const { apr, amountFinanced, monthly, termMonths } = estimatePayment(input);
        const rate = apr / 100 / 12;
        let balance = amountFinanced;
        for (let month = 0; month < termMonths; month++) balance = balance * (1 + rate) - monthly;
        // Each payment is off by at most half a cent, and each error then accrues interest.
        const tolerance = 0.005 * termMonths * (1 + rate) ** termMonths + 1e-6;
        expect(Math.abs(balance)).toBeLessThanOrEqual(tolerance);
      }),
      RUNS,
    );
  });

  it("at APR 0 the monthly payment is the amount financed divided by the term, to the cent", () => {
    const zeroApr: FinancingRules = {
      ...defaultFinancingRules,
      baseApr: [{ minScore: 300, apr: 0 }],
      lowerCreditSurcharges: [],
      modelYearProgram: { fromYear: 2018, add: 0 },
    };
    fc.assert(
      fc.property(paymentInput, (input) => {
        const { apr, amountFinanced, monthly, termMonths } = estimatePayment(input, zeroApr);
        expect(apr).toBe(0);
        expect(Math.abs(monthly - amountFinanced / termMonths)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Number(monthly.toFixed(2))).toBe(monthly);
      }),
      RUNS,
    );
  });
});
