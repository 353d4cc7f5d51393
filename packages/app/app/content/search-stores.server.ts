// Which stores a search covers (ADR 400): the visitor's store, or every store with `?store=all`; the store choice the
// search page shows, with each choice's count; and the words that say which stores a count counts.
import { ALL_STORES, type Condition, type SearchCriteria, searchHref } from "@showroom/rules/inventory";
import type { StoreChoiceView, StoreScopeView } from "../components/search/types";
import { searchVehicles } from "../server/search/search.server";
import type { Site } from "./site.server";
import { t } from "./translations.server";

/** The same search, the criteria a search page parsed, at one scope or the other. */
interface StoreSearch {
  conditions: readonly Condition[];
  criteria: SearchCriteria;
  priceUnlocked: boolean;
  privateUnlocked: boolean;
}

/** The store the engine filters on: the visitor's, or none (every store) for an all-stores search. */
export function searchStoreId(site: Site, criteria: Pick<SearchCriteria, "store">): string | undefined {
  return criteria.store === ALL_STORES ? undefined : site.store.id;
}

/** "Brentwood", or "both stores" / "all 3 stores" for an all-stores search: what a count says it counts. */
export function scopeWords(site: Site, criteria: Pick<SearchCriteria, "store">): string {
  if (criteria.store !== ALL_STORES) return site.store.dealer.city;
  return site.stores.length === 2
    ? t("inventory.search.bothStores")
    : t("inventory.search.everyStore", { count: site.stores.length });
}

/** The store of each VIN's card on an all-stores page ("St. Peters"); nothing to say at one store. */
export function cardStoreName(site: Site, criteria: Pick<SearchCriteria, "store">): (storeId: string) => string | null {
  if (criteria.store !== ALL_STORES) return () => null;
  const names = new Map(site.stores.map((s) => [s.id, s.dealer.city]));
  return (storeId) => names.get(storeId) ?? null;
}

/**
 * The store choice of a search page: each store with the same search's count there, and "All stores" with every
 * store's. The scope being shown counts from its own result; each other scope is one engine pass without facets or
 * cards. A store other than the visitor's is picked by a POST to /api/store (the cookie is the visitor's store); the
 * visitor's own store and "All stores" are links, so the choice works without JavaScript.
 */
export async function storeChoice(site: Site, search: StoreSearch, shownTotal: number): Promise<StoreChoiceView> {
  const { criteria, conditions } = search;
  const everywhere = criteria.store === ALL_STORES;
  const countAt = async (storeId: string | undefined) =>
    (
      await searchVehicles(site.services.db, {
        storeId,
        conditions,
        criteria: { ...criteria, page: 1 },
        privateUnlocked: search.privateUnlocked,
        priceUnlocked: search.priceUnlocked,
        facets: false,
      })
    ).total;
  const { store: _scope, ...atOneStore } = criteria;
  const oneStoreHref = searchHref({ ...atOneStore, page: 1 }, { conditions });
  const stores = await Promise.all(
    site.stores.map(async (store) => {
      const mine = store.id === site.store.id;
      return {
        storeId: store.id,
        name: store.dealer.city,
        count: mine && !everywhere ? shownTotal : await countAt(store.id),
        selected: mine && !everywhere,
        // The visitor's store is a link back to the one-store search; another store switches the cookie.
        href: mine ? oneStoreHref : null,
      };
    }),
  );
  return {
    label: t("inventory.search.storeChoice"),
    stores,
    all: {
      name: t("inventory.search.allStores"),
      count: everywhere ? shownTotal : await countAt(undefined),
      selected: everywhere,
      href: searchHref({ ...criteria, store: ALL_STORES, page: 1 }, { conditions }),
    },
    // Back to this search at one store once the cookie names the picked one.
    redirectTo: oneStoreHref,
  };
}

/** How many vehicles the same search finds at each other store, those with any (ADR 338). */
export function otherStoresMatches(choice: StoreChoiceView, site: Site) {
  return choice.stores
    .filter((s) => s.storeId !== site.store.id && s.count > 0)
    .map((s) => ({ storeId: s.storeId, store: s.name, count: s.count }));
}

/** The header's words and "All stores" link for a search page (ADR 403): the scope is the page's, not the cookie's. */
export function storeScope(
  site: Site,
  criteria: Pick<SearchCriteria, "store">,
  choice: StoreChoiceView,
): StoreScopeView {
  const everyStore = criteria.store === ALL_STORES;
  const every = scopeWords(site, { store: ALL_STORES });
  return {
    everyStore,
    summary: everyStore ? t("inventory.search.headerSearching", { store: every }) : null,
    all: {
      label: choice.all.name,
      hint: t("inventory.search.headerAllStoresHint", { store: every }),
      href: choice.all.href,
    },
  };
}
