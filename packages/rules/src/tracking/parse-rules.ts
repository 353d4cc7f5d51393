import { parseRuleFile } from "../shared/rule-file";
import { type TrackingRules, trackingRulesSchema } from "./tracking.schema";

/** Validates an analyst's tracking rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseTrackingRules(json: unknown, file = "tracking.json"): TrackingRules {
  return parseRuleFile(trackingRulesSchema, json, file);
}
