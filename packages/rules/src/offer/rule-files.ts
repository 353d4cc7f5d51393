import type { RuleFile } from "../shared/rule-file";
import { defaultOfferRules } from "./offer-rules";
import { offerOutcomesSchema } from "./outcomes.schema";
import { offerSettingsSchema } from "./settings.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. Deductions live in `questionnaire.json`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "offer-outcomes.json",
    description:
      "Sell/trade outcome triggers as json-rules-engine rules: when to bring the vehicle in, and when to withhold one offer.",
    schema: offerOutcomesSchema,
    defaults: defaultOfferRules.outcomes,
  },
  {
    name: "offer-settings.json",
    description:
      "Sell/trade offer settings: each offer's base price, costs (reconditioning, advertising), minimum, and the More Cash Later checks.",
    schema: offerSettingsSchema,
    defaults: defaultOfferRules.settings,
  },
];
