import type { RuleFile } from "../shared/rule-file";
import { type InventoryRules, inventoryRulesSchema } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import { defaultSearchWords } from "./search-words";
import { type SearchWords, searchWordsSchema } from "./search-words.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "inventory.json",
    description:
      "Inventory search vocabulary: body styles, features, filter priority, sort options, items per page and sitemap defaults.",
    schema: inventoryRulesSchema,
    defaults: defaultInventoryRules,
  } satisfies RuleFile<InventoryRules>,
  {
    name: "search-words.json",
    description:
      "What shoppers type in the search box: drivetrain, body style, fuel and colour words and their synonyms, and feed spellings of drivetrains.",
    schema: searchWordsSchema,
    defaults: defaultSearchWords,
  } satisfies RuleFile<SearchWords>,
];
