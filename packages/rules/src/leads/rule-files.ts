import type { RuleFile } from "../shared/rule-file";
import { defaultLeadDestinations } from "./default-destinations";
import { leadDestinationsSchema } from "./destination.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "lead-destinations.json",
    description:
      "Lead email destinations per form kind: ADF or text, subject, recipients, CRM comment merging, ad parameters.",
    schema: leadDestinationsSchema,
    defaults: defaultLeadDestinations,
  },
];
