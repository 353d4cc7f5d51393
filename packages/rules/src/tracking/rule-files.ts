import type { RuleFile } from "../shared/rule-file";
import { defaultTrackingRules } from "./defaults";
import { trackingRulesSchema } from "./tracking.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "tracking.json",
    description: "Tracking: event values (USD), Google item values, ad parameters kept, routes that skip PageView.",
    schema: trackingRulesSchema,
    defaults: defaultTrackingRules,
  },
];
