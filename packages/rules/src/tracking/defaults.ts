import data from "../../rules/tracking.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";
import { type TrackingRules, trackingRulesSchema } from "./tracking.schema";

/** The tracking rules that ship in `rules/tracking.json`, validated at load. */
export const defaultTrackingRules: TrackingRules = parseRuleFile(trackingRulesSchema, data, "tracking.json");

/** Validates an analyst's tracking rule file; throws a `RuleFileError` naming every JSON path at fault. */
export function parseTrackingRules(json: unknown, file = "tracking.json"): TrackingRules {
  return parseRuleFile(trackingRulesSchema, json, file);
}
