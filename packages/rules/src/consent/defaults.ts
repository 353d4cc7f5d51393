import data from "../../rules/consent.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";
import { type ConsentRules, consentRulesSchema } from "./consent.schema";

/** The consent rules that ship in `rules/consent.json`, validated at load. */
export const defaultConsentRules: ConsentRules = parseRuleFile(consentRulesSchema, data, "consent.json");

/** Validates an analyst's consent rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseConsentRules(json: unknown, file = "consent.json"): ConsentRules {
  return parseRuleFile(consentRulesSchema, json, file);
}
