import { parseRuleFile } from "../shared/rule-file";
import { type ConsentRules, consentRulesSchema } from "./consent.schema";

/** Validates an analyst's consent rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseConsentRules(json: unknown, file = "consent.json"): ConsentRules {
  return parseRuleFile(consentRulesSchema, json, file);
}
