import { parseRuleFile } from "../shared/rule-file";
import { type InventoryRules, inventoryRulesSchema } from "./inventory.schema";

/** Validates an inventory rule file; throws a RuleFileError naming every JSON path at fault. */
export function parseInventoryRules(json: unknown, file = "inventory.json"): InventoryRules {
  return parseRuleFile(inventoryRulesSchema, json, file);
}
