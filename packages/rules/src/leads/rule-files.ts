import data from "../../rules/lead-destinations.json" with { type: "json" };
import { parseRuleFile, type RuleFile } from "../shared/rule-file";
import { type LeadDestinations, leadDestinationsSchema } from "./destination.schema";

/** The lead destinations that ship with the package: example addresses, replaced by each store's configuration. */
export const defaultLeadDestinations: LeadDestinations = parseRuleFile(
  leadDestinationsSchema,
  data,
  "lead-destinations.json",
);

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
