import { describe, expect, it } from "vitest";
import data from "../../rules/financing.json" with { type: "json" };
import { RuleFileError } from "../shared/rule-file";
import { parseFinancingRules } from "./parse-rules";

/** A deep copy of the shipped file to edit the way an analyst would. */
function shipped(): Record<string, unknown> & typeof data {
  return structuredClone(data);
}

function problemPaths(json: unknown): string[] {
  try {
    parseFinancingRules(json);
  } catch (error) {
    if (error instanceof RuleFileError) return error.problems.map((p) => p.path);
    throw error;
  }
  return [];
}

describe("financing rule file", () => {
  it("the shipped file validates, with or without its $schema key", () => {
    expect(problemPaths(shipped())).toEqual([]);
    const { $schema: _, ...withoutSchema } = shipped();
    expect(problemPaths(withoutSchema)).toEqual([]);
  });

  it("names the JSON path of every invalid edit", () => {
    const rules = shipped();
    rules.baseApr[1] = { minScore: 740, apr: 8.99 };
    rules.lowerCreditSurcharges[1] = { minScore: 590, maxScore: 610, add: 3 };
    rules.fees[0] = { id: "document-fee", label: "Document fee", amount: 358.035 };
    rules.sliders.cashDown = { min: 0, max: 20000, step: 100, default: 1050 };
    rules.quoteTerms.financeMonths = 70;
    expect(problemPaths(rules).sort()).toEqual(
      [
        "$.baseApr[1].minScore",
        "$.lowerCreditSurcharges[1]",
        "$.fees[0].amount",
        "$.sliders.cashDown.default",
        "$.quoteTerms.financeMonths",
      ].sort(),
    );
  });

  it("refuses a tier table that leaves low scores without a base APR", () => {
    const rules = shipped();
    rules.baseApr = [
      { minScore: 720, apr: 6.99 },
      { minScore: 500, apr: 11.49 },
    ];
    expect(problemPaths(rules)).toEqual(["$.baseApr[1].minScore"]);
  });

  it("refuses unknown keys, so a misspelt setting is caught instead of ignored", () => {
    expect(problemPaths({ ...shipped(), modelYearPrograms: [] })).toEqual(["$"]);
  });
});
