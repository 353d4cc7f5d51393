import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPERATOR_ALIASES } from "../questionnaire/conditions.schema";
import { offerInputArb } from "./arbitraries.test-support";
import { compileOfferRules } from "./compile";
import { evaluateOffer, evaluateParsedOffer } from "./evaluate-offer";
import { parseOfferInput } from "./input.schema";
import { defaultOfferRules, parseOfferRules } from "./offer-rules";

/** The default rules as an analyst might rewrite them: spec operator names, and every outcome rule prioritised. */
function rewrittenRules() {
  const alias = Object.fromEntries(Object.entries(OPERATOR_ALIASES).map(([short, long]) => [long, short]));
  const json = JSON.parse(
    JSON.stringify({
      questionnaire: defaultOfferRules.questionnaire,
      outcomes: defaultOfferRules.outcomes,
      settings: defaultOfferRules.settings,
    }),
    (key, value) => (key === "operator" && typeof value === "string" && alias[value] ? alias[value] : value),
  );
  json.outcomes.rules = json.outcomes.rules.map((rule: object, i: number) => ({ ...rule, priority: 1 + (i % 4) }));
  return parseOfferRules(json);
}

describe("compiled offer rules", () => {
  it("are compiled once per rule set and reused by later evaluations", () => {
    const rules = rewrittenRules();
    const first = compileOfferRules(rules);
    expect(compileOfferRules(rules)).toBe(first);
    expect(compileOfferRules(defaultOfferRules)).not.toBe(first);
    expect(first.outcomes).toHaveLength(defaultOfferRules.outcomes.rules.length);
  });

  it("overlapping evaluations give the same results as one at a time", async () => {
    const rules = rewrittenRules();
    const inputs = fc.sample(offerInputArb(), { numRuns: 60, seed: 42 });
    const oneAtATime = [];
    for (const input of inputs) oneAtATime.push(await evaluateOffer(input, rules));
    const overlapping = await Promise.all(
      inputs.map(async (input, i) => {
        for (let k = 0; k < i * 3; k++) await Promise.resolve();
        return evaluateOffer(input, rules);
      }),
    );
    expect(overlapping).toEqual(oneAtATime);
  });

  it("the spec's operator names and priorities give the same results as the defaults", async () => {
    const rules = rewrittenRules();
    await fc.assert(
      fc.asyncProperty(offerInputArb(), async (input) => {
        expect(await evaluateOffer(input, rules)).toEqual(await evaluateOffer(input));
      }),
      { numRuns: 200 },
    );
  });

  it("evaluateParsedOffer on parsed input equals evaluateOffer on the raw input", async () => {
    await fc.assert(
      fc.asyncProperty(offerInputArb(), async (input) => {
        const parsed = parseOfferInput(input, defaultOfferRules.questionnaire);
        expect(evaluateParsedOffer(parsed)).toEqual(await evaluateOffer(input));
      }),
      { numRuns: 100 },
    );
  });
});
