import { parseRuleFile } from "../shared/rule-file";
import { type FinancingRules, financingRulesSchema } from "./financing.schema";

/** Validates an analyst's financing rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseFinancingRules(json: unknown, file = "financing.json"): FinancingRules {
  return parseRuleFile(financingRulesSchema, json, file);
}
