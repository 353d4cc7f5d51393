import type { RuleFile } from "../shared/rule-file";
import { defaultFinancingRules } from "./defaults";
import { financingRulesSchema } from "./financing.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "financing.json",
    description:
      "Payment estimate: base APR by credit score, lower-credit surcharges, model-year program, fees, calculator sliders.",
    schema: financingRulesSchema,
    defaults: defaultFinancingRules,
  },
];
