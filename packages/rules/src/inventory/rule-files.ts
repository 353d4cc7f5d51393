import type { RuleFile } from "../shared/rule-file";
import { type InventoryRules, inventoryRulesSchema } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "inventory.json",
    description:
      "Inventory search vocabulary: body styles, features, filter priority, sort options, items per page and sitemap defaults.",
    schema: inventoryRulesSchema,
    defaults: defaultInventoryRules,
  } satisfies RuleFile<InventoryRules>,
];
