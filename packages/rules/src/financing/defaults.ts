import data from "../../rules/financing.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";
import { type FinancingRules, financingRulesSchema } from "./financing.schema";

/** The financing rules that ship in `rules/financing.json`, validated at load. */
export const defaultFinancingRules: FinancingRules = parseRuleFile(financingRulesSchema, data, "financing.json");

/** Validates an analyst's financing rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseFinancingRules(json: unknown, file = "financing.json"): FinancingRules {
  return parseRuleFile(financingRulesSchema, json, file);
}
