import type { RuleFile } from "../shared/rule-file";
import { consentRulesSchema } from "./consent.schema";
import { defaultConsentRules } from "./defaults";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "consent.json",
    description: "Cookie consent: the categories Deny keeps and the paths where the banner never shows.",
    schema: consentRulesSchema,
    defaults: defaultConsentRules,
  },
];
