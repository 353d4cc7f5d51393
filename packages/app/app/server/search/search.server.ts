import {
  buildCatalogue,
  type Catalogue,
  type Condition,
  defaultInventoryRules,
  type InventoryRules,
  pageCount,
  pageWindow,
  type SearchCriteria,
  searchSortOption,
} from "@showroom/rules/inventory";
import type { Db } from "../db/client.server";
import { toCard } from "./cards";
import { checkCriteria } from "./criteria";
import { type EngineResult, type EngineScope, runSearch } from "./engine";
import { type InventoryIndex, modelKey } from "./inventory-index";
import { appliedFilters, type NameLookup, shapeFacets, titleCase } from "./shape";
import { inventoryIndex } from "./snapshot.server";
import type { SearchResult } from "./types";

export interface SearchOptions {
  /** One store's inventory; every store's when absent. */
  storeId?: string | undefined;
  /** From the URL grammar: `searchCriteria(parseSearchPath(…), parseSearchQuery(…))`. */
  criteria: SearchCriteria;
  /** The visitor has unlocked private inventory (lead UNLOCK_INVENTORY): private vehicles are listed. */
  privateUnlocked: boolean;
  /** The conditions the site sells (`settings.vehicleConditions`); vehicles of others are never listed or counted. */
  conditions?: readonly Condition[] | undefined;
  /** The visitor has unlocked prices (lead UNLOCK_PRICE): cards carry amounts instead of "Unlock Price". */
  priceUnlocked?: boolean;
  /** How many pages to list from `criteria.page` on ("Show more", `?shown=`); default 1. */
  pages?: number;
  /** Whether to count facets; "Show more" fetching only the next cards can skip them. Default true. */
  facets?: boolean;
  /** What "new arrival" is measured from. */
  now?: Date;
  /** Reuse facet counts found for the same filters on this inventory (default); false counts them again. */
  facetMemo?: boolean;
  rules?: InventoryRules;
}

/** Names of slugs from the inventory (the smallest spelling of each), the slug in title case for unknown ones. */
function nameLookup(index: InventoryIndex): NameLookup {
  return (kind, slug, make) => {
    const dictionary = index.dictionaries[kind];
    const code = dictionary.codeOf.get(kind === "model" ? modelKey(make ?? "", slug) : slug);
    return (code === undefined ? undefined : dictionary.labels[code]) ?? titleCase(slug);
  };
}

/**
 * Facet counts by inventory index and by what they depend on: the filters and the scope, not the sort or the page.
 * Every sort and page of one filter set, and every visitor with the same unlocks, share them (docs/decisions/294).
 * The index is replaced when the inventory changes, so its counts go with it; a bounded number of filter sets per
 * index, oldest out first.
 */
const facetMemos = new WeakMap<InventoryIndex, Map<string, EngineResult["rows"]>>();
const FACET_MEMO_LIMIT = 512;

function facetKey(criteria: SearchCriteria, scope: EngineScope): string {
  const { sort: _sort, page: _page, shown: _shown, ...filters } = criteria;
  return JSON.stringify([scope.storeId ?? null, scope.privateUnlocked, scope.conditions ?? null, filters]);
}

/**
 * One page of the search (19 vehicles), the total, and the facet counts: each facet value counts the vehicles that
 * choosing it would give, every other filter staying as it is. Only available vehicles; private ones only once the
 * visitor unlocked private inventory. A page past the last comes back empty with the right `pageCount`.
 */
export async function searchVehicles(db: Db, options: SearchOptions): Promise<SearchResult> {
  const rules = options.rules ?? defaultInventoryRules;
  const criteria = checkCriteria(options.criteria, rules);
  const sort = searchSortOption(criteria.sort, rules);
  const perPage = rules.itemsPerPage;
  const withFacets = options.facets !== false;
  const index = await inventoryIndex(db, rules);
  const scope: EngineScope = {
    storeId: options.storeId,
    privateUnlocked: options.privateUnlocked,
    conditions: options.conditions,
  };
  let memo = facetMemos.get(index);
  if (!memo) {
    memo = new Map();
    facetMemos.set(index, memo);
  }
  const key = withFacets && options.facetMemo !== false ? facetKey(criteria, scope) : null;
  const known = key === null ? undefined : memo.get(key);
  const result = runSearch(index, criteria, scope, {
    sort,
    offset: pageWindow(criteria.page, perPage).offset,
    limit: perPage * Math.max(1, Math.floor(options.pages ?? 1)),
    facets: withFacets && known === undefined,
  });
  if (known !== undefined) result.rows = known;
  else if (key !== null) {
    if (memo.size >= FACET_MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
    memo.set(key, result.rows);
  }
  const names = nameLookup(index);
  const now = options.now ?? new Date();
  return {
    vehicles: result.vehicles.map((v) => toCard(v, { priceUnlocked: options.priceUnlocked ?? false, now })),
    total: result.total,
    page: criteria.page,
    pageCount: pageCount(result.total, perPage),
    perPage,
    sort,
    facets: withFacets ? shapeFacets(result.rows, criteria, names, rules) : null,
    appliedFilters: appliedFilters(criteria, names, rules),
    criteria,
  };
}

const catalogues = new WeakMap<InventoryIndex, Map<string, Catalogue>>();

/**
 * The makes and models a search path can name (for `parseSearchPath`): those of the available vehicles of the
 * store (or of every store), private ones included, so a path means the same to every visitor and only its
 * results differ. The same object while the inventory is unchanged, so the grammar's per-catalogue cache holds.
 */
export async function searchCatalogue(db: Db, options: { storeId?: string | undefined } = {}): Promise<Catalogue> {
  const index = await inventoryIndex(db);
  let byStore = catalogues.get(index);
  if (!byStore) {
    byStore = new Map();
    catalogues.set(index, byStore);
  }
  const key = options.storeId ?? "";
  let catalogue = byStore.get(key);
  if (!catalogue) {
    const { storeId } = options;
    catalogue = buildCatalogue(
      storeId === undefined ? index.vehicles : index.vehicles.filter((v) => v.storeId === storeId),
    );
    byStore.set(key, catalogue);
  }
  return catalogue;
}
