import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offerInputArb, pricedInputArb } from "./arbitraries.test-support";
import { referenceEvaluateOffer } from "./engine-reference.test-support";
import { evaluateOffer } from "./evaluate-offer";
import { ruleSetArb } from "./rule-set-arbitraries.test-support";

// The compiled evaluator (ADR 210) against the engine it replaced: json-rules-engine deciding every condition, the
// original arithmetic. Random rule sets put random conditions (every operator, nested all/any/not) on outcome
// rules, base rules, every deduction line and cost rules. The engine is slow, so 300 runs take seconds alone and
// longer beside the other suites: the timeout says so.
describe("evaluateOffer against the json-rules-engine reference", () => {
  it("gives the reference's result for any valid rule set and any valid input", async () => {
    await fc.assert(
      fc.asyncProperty(ruleSetArb(), offerInputArb(), async (rules, input) => {
        expect(await evaluateOffer(input, rules)).toEqual(await referenceEvaluateOffer(input, rules));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it("gives the reference's result on inputs the default triggers let through", async () => {
    await fc.assert(
      fc.asyncProperty(ruleSetArb(), pricedInputArb, async (rules, input) => {
        expect(await evaluateOffer(input, rules)).toEqual(await referenceEvaluateOffer(input, rules));
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
