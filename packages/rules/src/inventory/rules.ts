import data from "../../rules/inventory.json" with { type: "json" };
import type { InventoryRules } from "./inventory.schema";

/**
 * The inventory rules that ship in `rules/inventory.json`, validated when the package is built and by the tests
 * rather than when this module loads (ADR 211).
 */
export const defaultInventoryRules: InventoryRules = data as unknown as InventoryRules;

/** The spec's items per page (19). */
export const ITEMS_PER_PAGE: number = defaultInventoryRules.itemsPerPage;
