import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handWrittenOffer } from "../bench/hand-written-offer";
import { offerInputArb, pricedInputArb } from "../src/offer/arbitraries.test-support";
import { evaluateOffer, type OfferResult } from "../src/offer/evaluate-offer";

/** What both implementations decide: outcome, reasons, and each offer's base, price, withholding and checks. */
function decision(result: OfferResult) {
  return {
    outcome: result.outcome,
    reasons: result.reasons,
    cashNow: result.cashNow && {
      price: result.cashNow.price,
      withheld: result.cashNow.withheld,
      base: result.cashNow.base,
    },
    moreCashLater: result.moreCashLater && {
      price: result.moreCashLater.price,
      withheld: result.moreCashLater.withheld,
      base: result.moreCashLater.base,
      reserve: result.moreCashLater.reserve,
      profitShare: result.moreCashLater.profitShare,
    },
  };
}

// The benchmark compares evaluateOffer with handWrittenOffer; that is only honest if they compute the same thing.
describe("the benchmark's hand-written offer", () => {
  it("agrees with evaluateOffer on the default rules for any input", async () => {
    await fc.assert(
      fc.asyncProperty(offerInputArb(), async (input) => {
        expect(handWrittenOffer(input)).toEqual(decision(await evaluateOffer(input)));
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with evaluateOffer on inputs that get offers", async () => {
    await fc.assert(
      fc.asyncProperty(pricedInputArb, async (input) => {
        expect(handWrittenOffer(input)).toEqual(decision(await evaluateOffer(input)));
      }),
      { numRuns: 200 },
    );
  });
});
