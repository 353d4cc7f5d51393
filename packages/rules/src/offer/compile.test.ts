import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OPERATOR_ALIASES } from "../questionnaire/conditions.schema";
import { offerInputArb } from "./arbitraries.test-support";
import { compileOfferRules } from "./compile";
import { evaluateOffer } from "./evaluate-offer";
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
  it("are built once per rule set and reused by later evaluations", async () => {
    const rules = rewrittenRules();
    const engines = compileOfferRules(rules);
    expect(compileOfferRules(rules)).toBe(engines);
    expect(compileOfferRules(defaultOfferRules)).not.toBe(engines);
    const inputs = fc.sample(offerInputArb(), { numRuns: 30, seed: 7 });
    for (const input of inputs) await evaluateOffer(input, rules);
    expect(engines.vehicle.enginesBuilt).toBe(1);
    expect(engines.offer.enginesBuilt).toBe(1);
  });

  it("evaluate condition groups shared by many deduction tiers once", () => {
    const { vehicle, offer } = compileOfferRules(defaultOfferRules);
    // 9 outcome rules + 1 conditional base rule; the deduction tiers share two groups (≥ 15000, < 15000), once
    // per offer since each offer has its own base price.
    expect(vehicle.ruleCount).toBe(defaultOfferRules.outcomes.rules.length + 1);
    expect(offer.ruleCount).toBe(4);
  });

  it("overlapping evaluations give the same results as one at a time", async () => {
    const rules = rewrittenRules();
    const inputs = fc.sample(offerInputArb(), { numRuns: 60, seed: 42 });
    const oneAtATime = [];
    for (const input of inputs) oneAtATime.push(await evaluateOffer(input, rules));
    // Start each evaluation a few microtasks after the previous one, so their engine runs interleave.
    const overlapping = await Promise.all(
      inputs.map(async (input, i) => {
        for (let k = 0; k < i * 3; k++) await Promise.resolve();
        return evaluateOffer(input, rules);
      }),
    );
    expect(overlapping).toEqual(oneAtATime);
    expect(compileOfferRules(rules).vehicle.enginesBuilt).toBeGreaterThan(1);
    expect(compileOfferRules(rules).offer.enginesBuilt).toBeGreaterThan(1);
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
});
