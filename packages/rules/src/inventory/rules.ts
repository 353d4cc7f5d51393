import data from "../../rules/inventory.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";
import { type InventoryRules, inventoryRulesSchema } from "./inventory.schema";

/** Validates an inventory rule file; throws a RuleFileError naming every JSON path at fault. */
export function parseInventoryRules(json: unknown, file = "inventory.json"): InventoryRules {
  return parseRuleFile(inventoryRulesSchema, json, file);
}

/** The inventory rules that ship in `rules/inventory.json`, validated. */
export const defaultInventoryRules: InventoryRules = parseInventoryRules(data);

/** The spec's items per page (19). */
export const ITEMS_PER_PAGE: number = defaultInventoryRules.itemsPerPage;
