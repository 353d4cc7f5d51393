import fc from "fast-check";
import { Engine } from "json-rules-engine";
import { describe, expect, it } from "vitest";
import {
  type Condition,
  canonicalOperator,
  isFactCondition,
  type TopLevelCondition,
} from "../questionnaire/conditions.schema";
import { compileCondition } from "./compile-condition";
import { ALL_OPERATORS, anyConditionArb, scalarArb } from "./rule-set-arbitraries.test-support";

/** The conditions as json-rules-engine runs them: canonical operator names, each answer a plain fact. */
function forEngine(condition: Condition): unknown {
  if (isFactCondition(condition)) {
    const { params, ...leaf } = condition;
    return {
      ...leaf,
      fact: condition.fact === "answer" ? `answer:${params?.questionId}` : condition.fact,
      operator: canonicalOperator(condition.operator),
    };
  }
  if ("all" in condition) return { all: condition.all.map(forEngine) };
  if ("any" in condition) return { any: condition.any.map(forEngine) };
  return { not: forEngine(condition.not) };
}

async function engineHolds(
  condition: TopLevelCondition,
  facts: Record<string, unknown>,
  answers: Record<string, unknown>,
) {
  const engine = new Engine([{ conditions: forEngine(condition) as never, event: { type: "holds" } }]);
  const runtime: Record<string, unknown> = { ...facts };
  for (const [id, value] of Object.entries(answers)) runtime[`answer:${id}`] = value;
  const { events } = await engine.run(runtime);
  return events.length === 1;
}

const factValueArb = fc.oneof(
  scalarArb,
  fc.constant(undefined),
  fc.constantFrom(Number.NaN, "12abc", "abc", "2019"),
  fc.array(fc.constantFrom("transmission", "does-not-run", "none", "brakes", "yes"), { maxLength: 3 }),
);
const factsArb = fc.record({
  age: factValueArb,
  year: factValueArb,
  currentYear: factValueArb,
  mileage: factValueArb,
  make: factValueArb,
  model: factValueArb,
  roughWholesale: factValueArb,
  adjustedWholesaleAvg: factValueArb,
  adjustedRetailAvg: factValueArb,
  basePrice: factValueArb,
});
const answersArb = fc.record({ "100": factValueArb, "300": factValueArb, "402": factValueArb });

describe("compiled conditions against json-rules-engine", () => {
  it("a compiled condition holds exactly when json-rules-engine's rule fires, for any operator, nesting and facts", async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(anyConditionArb(), factsArb, answersArb, async (condition, facts, answers) => {
        JSON.stringify(condition, (key, value) => {
          if (key === "operator") seen.add(value);
          return value;
        });
        const compiled = compileCondition(condition)({ ...facts, answers });
        expect(compiled).toBe(await engineHolds(condition, facts, answers));
      }),
      { numRuns: 1_500 },
    );
    // The run covered every operator of spec section 5 and of json-rules-engine.
    expect([...seen].sort()).toEqual([...ALL_OPERATORS].sort());
  }, 60_000);

  it("empty all and any groups hold, as in json-rules-engine; not inverts", async () => {
    const leaf = { fact: "mileage", operator: ">=", value: 150_000 } as const;
    const facts = { mileage: 10 };
    for (const condition of [
      { all: [] },
      { any: [] },
      { not: { all: [leaf] } },
      { not: { any: [] } },
    ] as TopLevelCondition[]) {
      expect(compileCondition(condition)({ ...facts, answers: {} })).toBe(await engineHolds(condition, facts, {}));
    }
    expect(compileCondition({ any: [] })({ answers: {} })).toBe(true);
    expect(compileCondition({ not: { any: [] } })({ answers: {} })).toBe(false);
  });
});
