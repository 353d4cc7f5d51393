import {
  type Condition,
  formatSearchPath,
  isIndexable,
  MAX_SHOWN,
  parseSearchPath,
  parseSearchQuery,
  parseVehiclePath,
  type SearchCriteria,
  searchCriteria,
  searchHref,
  searchPrefix,
  searchSortOptions,
} from "@showroom/rules/inventory";
import { redirect } from "react-router";
import type { FacetGroup, FacetLink, FormTarget, SearchResultsView } from "../components/search/types";
import { COMPARE_PICK_TEXTS } from "../server/compare/compare-query";
import { savedVins } from "../server/saved/saved-vehicles.server";
import { searchCatalogue, searchVehicles } from "../server/search/search.server";
import type { FacetValue, RangeFacet, SearchFacets } from "../server/search/types";
import { readVisitor } from "../server/visitor-state.server";
import { cachedFilterPages } from "./inventory.server";
import { searchHeading } from "./search-heading.server";
import {
  cardStoreName,
  otherStoresMatches,
  scopeWords,
  searchStoreId,
  storeChoice,
  storeScope,
} from "./search-stores.server";
import { notFound, pageSeo, requirePage } from "./seo.server";
import { formatMoney } from "./shell.server";
import { readShopperNumbers } from "./shopper-numbers.server";
import type { Site } from "./site.server";
import { breadcrumbJsonLd } from "./structured-data.server";
import { pickTexts, t } from "./translations.server";
import { cardsFor } from "./vehicle-card.server";
import { detailPage } from "./vehicle-detail.server";

type Href = (criteria: Partial<SearchCriteria>) => string;

/**
 * Links of a facet's values. A single-valued facet (body style, make, price…) works like radio buttons: the other
 * values switch to themselves and the chosen one is not a link (its chip removes it). A list facet (fuel,
 * transmission, colours) works like checkboxes: every value toggles.
 */
function links(
  values: FacetValue[],
  choose: (value: FacetValue) => Partial<SearchCriteria>,
  href: Href,
  list = false,
): FacetLink[] {
  return values.map((v) => ({
    label: v.label,
    count: v.count,
    selected: v.selected,
    href: (v.selected ? list : v.count > 0) ? href(choose(v)) : null,
  }));
}

function toggled(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Threshold links of a range facet: each sets one end (`mileage=null,85000`); the chosen one is not a link. */
function rangeLinks(
  facet: RangeFacet,
  end: "min" | "max",
  label: (bound: number) => string,
  set: (range: { min?: number; max?: number }) => Partial<SearchCriteria>,
  href: Href,
): FacetLink[] {
  const other = end === "min" ? "max" : "min";
  return facet.thresholds.map(({ bound, count }) => {
    const selected = facet.selected?.[end] === bound && facet.selected[other] === undefined;
    return {
      label: label(bound),
      count,
      selected,
      href: !selected && count > 0 ? href(set({ [end]: bound })) : null,
    };
  });
}

/** The facet groups: every value links to the search with it toggled (page 1), with its count. */
function facetGroups(facets: SearchFacets, criteria: SearchCriteria, conditions: readonly Condition[]): FacetGroup[] {
  const href: Href = (change) => searchHref({ ...criteria, ...change, page: 1 }, { conditions });
  const label = (key: string) => t(`inventory.filters.${key}`);
  const condition = facets.condition.filter((v) => (conditions as readonly string[]).includes(v.value));
  const groups: Omit<FacetGroup, "open">[] = [
    {
      id: "condition",
      label: label("condition"),
      values: conditions.length > 1 ? links(condition, (v) => ({ condition: v.value as Condition }), href) : [],
    },
    {
      id: "body-style",
      label: label("bodyStyle"),
      values: links(facets.bodyStyle, (v) => ({ bodyStyle: v.value }), href),
    },
    {
      id: "make",
      label: label("make"),
      values: links(facets.make, (v) => ({ make: v.value, model: undefined }), href),
    },
    {
      id: "model",
      label: label("model"),
      // Under a chosen make only: every model of every make is too long a list to scan.
      values: criteria.make
        ? facets.model.map((m) => ({
            label: m.label,
            count: m.count,
            selected: m.selected,
            href: !m.selected && m.count > 0 ? href({ make: m.make, model: m.value }) : null,
          }))
        : [],
    },
    {
      id: "price",
      label: label("price"),
      values: rangeLinks(
        facets.price,
        "max",
        (n) => t("inventory.filters.priceUnder", { amount: formatMoney(n) }),
        (price) => ({ price }),
        href,
      ),
    },
    {
      id: "mileage",
      label: label("mileage"),
      values: rangeLinks(
        facets.mileage,
        "max",
        (n) => t("inventory.filters.mileageUnder", { miles: n.toLocaleString("en-US") }),
        (mileage) => ({ mileage }),
        href,
      ),
    },
    {
      id: "year",
      label: label("year"),
      values: rangeLinks(
        facets.year,
        "min",
        (n) => `${t("inventory.filters.yearMin")} ${n}`,
        (year) => ({ year }),
        href,
      ),
    },
    {
      id: "fuel",
      label: label("fuelType"),
      values: links(facets.fuel, (v) => ({ fuel: toggled(criteria.fuel, v.value) }), href, true),
    },
    {
      id: "transmission",
      label: label("transmission"),
      values: links(
        facets.transmission,
        (v) => ({ transmission: toggled(criteria.transmission, v.value) }),
        href,
        true,
      ),
    },
    {
      id: "exterior-color",
      label: label("exteriorColor"),
      values: links(
        facets.exteriorColor,
        (v) => ({ exteriorColor: toggled(criteria.exteriorColor, v.value) }),
        href,
        true,
      ),
    },
    {
      id: "drivetrain",
      label: label("drivetrain"),
      values: links(facets.drivetrain, (v) => ({ drivetrain: toggled(criteria.drivetrain, v.value) }), href, true),
    },
    {
      id: "features",
      label: label("features"),
      values: links(facets.feature, (v) => ({ feature: v.value }), href),
    },
  ];
  return groups.filter((g) => g.values.length > 0).map((g) => ({ ...g, open: g.values.some((v) => v.selected) }));
}

/** A GET form on the canonical URL of `criteria` that sets `field` itself: the rest of the query rides along hidden. */
function formTarget(criteria: Partial<SearchCriteria>, conditions: readonly Condition[], field: string): FormTarget {
  const url = new URL(searchHref({ ...criteria, page: 1 }, { conditions }), "http://x");
  return { action: url.pathname, hidden: [...url.searchParams].filter(([key]) => key !== field) };
}

async function searchPage(site: Site, request: Request, url: URL) {
  requirePage(site, request, "cars-search-page");
  const conditions = site.settings.vehicleConditions;
  const { db } = site.services;
  const catalogue = await searchCatalogue(db);
  const filters = parseSearchPath(url.pathname, catalogue, { conditions });
  if (!filters) notFound(request);
  const canonicalPath = formatSearchPath(filters, { conditions });
  if (canonicalPath !== url.pathname) throw redirect(`${canonicalPath}${url.search}`, 301);
  const visitor = await readVisitor(db, site.visitor);
  const saved = await savedVins(db, visitor);
  const parsed = searchCriteria(filters, parseSearchQuery(url.searchParams));
  const search = {
    storeId: searchStoreId(site, parsed),
    conditions,
    criteria: parsed,
    priceUnlocked: visitor.priceUnlocked,
  };
  // Private vehicles (spec section 4) are listed only after the private-inventory unlock (lead UNLOCK_INVENTORY).
  // `?shown=N` lists N pages from the page on, as "Show more" left them (ADR 261).
  const result = await searchVehicles(db, {
    ...search,
    privateUnlocked: visitor.inventoryUnlocked,
    pages: search.criteria.shown ?? 1,
  });
  const { criteria, page, pageCount } = result;
  if (page > pageCount) notFound(request);
  // The result's criteria are what was searched, without `shown`, so every other link starts from one page. Fewer
  // pages than asked once cars are sold: Back to an older list shows what is left, not a 404.
  const shown = Math.min(search.criteria.shown ?? 1, pageCount - page + 1);
  // How many private vehicles this search would add once unlocked: the engine counts only what it lists, so the
  // same criteria are counted again with them (one pass, no facets, no cards kept).
  const privateHidden = visitor.inventoryUnlocked
    ? 0
    : (await searchVehicles(db, { ...search, privateUnlocked: true, facets: false })).total - result.total;
  const filterPages = (await cachedFilterPages(db, conditions)).map((p) => p.loc);
  const choice = await storeChoice(
    site,
    { ...search, privateUnlocked: visitor.inventoryUnlocked, priceUnlocked: visitor.priceUnlocked },
    result.total,
  );
  // An empty page at one store points to the other stores' matches, each a button that switches store (ADR 338).
  const elsewhere = result.total > 0 || criteria.store ? [] : otherStoresMatches(choice, site);
  const storeOf = cardStoreName(site, criteria);
  const card = cardsFor(saved, readShopperNumbers(request, site.settings));
  const { dealer } = site.store;
  const named = (kind: string) => result.appliedFilters.find((f) => f.kind === kind)?.label;
  const words = searchHeading({
    filters,
    makeName: named("make"),
    modelName: named("model"),
    conditions,
    city: dealer.city,
    state: dealer.state_short,
    stores: criteria.store ? scopeWords(site, criteria) : undefined,
    page,
  });
  // Page 2 and later of a filter page are pages of their own for crawlers: `?page=N` alone keeps the page
  // indexable, with itself as canonical (ADR 231). Any other query (sort, free text, a query filter) is not indexed.
  const paged =
    [...url.searchParams.keys()].every((key) => key === "page") && url.searchParams.get("page") === String(page);
  const listPath = page > 1 && paged ? `${canonicalPath}?page=${page}` : canonicalPath;
  const pageHref = (n: number) => searchHref({ ...criteria, page: n, shown: 1 }, { conditions });
  const firstIndex = (page - 1) * result.perPage + 1;
  const lastPage = page + shown - 1;
  const results: SearchResultsView = {
    vehicles: result.vehicles.map((v) => {
      const store = storeOf(v.storeId);
      return store ? { ...card(v), store } : card(v);
    }),
    total: result.total,
    page,
    shown,
    pageCount,
    firstIndex,
    // The same list one page longer, landing on its first new card; past MAX_SHOWN, the next page on its own.
    moreHref:
      lastPage >= pageCount
        ? null
        : shown < MAX_SHOWN
          ? `${searchHref({ ...criteria, page, shown: shown + 1 }, { conditions })}#card-${firstIndex + shown * result.perPage}`
          : pageHref(lastPage + 1),
    nextHref: lastPage < pageCount ? pageHref(lastPage + 1) : null,
    prevHref: page > 1 ? pageHref(page - 1) : null,
  };
  return {
    kind: "search" as const,
    seo: pageSeo(site, request, "cars-search-page", {
      canonicalPath: listPath,
      values: { search_subject: words.subject, search_page: words.pageSuffix },
      // A page that lists nothing at this store is no landing page, whatever the other stores hold (ADR 338).
      indexable: result.total > 0 && isIndexable(paged ? canonicalPath : `${canonicalPath}${url.search}`, filterPages),
    }),
    heading: words.heading,
    breadcrumbs: searchBreadcrumbs(site, canonicalPath, words.subject),
    // What the search view and its cards look up in the browser; facet and sort labels come formatted.
    texts: pickTexts("inventory", [
      "search",
      "filters.count",
      "filters.countsAtStore",
      "conditions",
      "card",
      "alerts.createSearch",
      ...COMPARE_PICK_TEXTS,
    ]),
    // Email alerts for this search (issue 28): the form works the search out again from its address, scope and all.
    alertHref: `/alerts?search=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
    condition: criteria.condition ?? null,
    q: criteria.q ?? "",
    sort: result.sort.value,
    sortOptions: searchSortOptions.map((o) => ({ value: o.value, label: t(`inventory.sort.search.${o.value}`) })),
    sortForm: formTarget(criteria, conditions, "sort"),
    searchForm: formTarget(criteria, conditions, "q"),
    chips: result.appliedFilters.map((f) => ({ label: f.label, href: searchHref(f.without, { conditions }) })),
    // Clearing the filters keeps the stores searched: the scope is no filter (ADR 400).
    clearHref: searchHref({ sort: criteria.sort, store: criteria.store }, { conditions }),
    facets: result.facets ? facetGroups(result.facets, criteria, conditions) : [],
    results,
    privateHidden,
    store: scopeWords(site, criteria),
    everyStore: criteria.store !== undefined,
    storeChoice: choice,
    // Read by the header's store switcher through the route matches.
    storeScope: storeScope(site, criteria, choice),
    elsewhere,
    // Back to this very search once the store is switched.
    redirectTo: `${url.pathname}${url.search}`,
  };
}

/** Home, the whole list, and this list when it is narrower: where a search page sits, for search engines. */
function searchBreadcrumbs(site: Site, canonicalPath: string, subject: string) {
  const conditions = site.settings.vehicleConditions;
  const root = searchPrefix(undefined, conditions);
  const whole = searchHeading({ filters: {}, conditions, city: "", state: "", page: 1 }).subject;
  return breadcrumbJsonLd(site, [
    { name: whole, path: root },
    ...(canonicalPath === root ? [] : [{ name: subject, path: canonicalPath }]),
  ]);
}

/**
 * The inventory pages (`/cars-for-sale/…`, `/{condition}-cars-for-sale/…`): a vehicle's detail page when the path
 * names a VIN, otherwise the search page of its filters. Paths are canonicalised with 301s; unknown segments,
 * VINs and pages past the end answer the route-validation 404. `url` is the loader's normalized URL: a data
 * request's `request.url` ends in `.data`.
 */
export function carsPage(site: Site, request: Request, url: URL) {
  const vehicle = parseVehiclePath(url.pathname);
  return vehicle ? detailPage(site, request, url, vehicle.vin) : searchPage(site, request, url);
}
