import { defaultInventoryRules } from "./rules";
import { formatSearchPath, pathCanHoldPrice, type SearchFilters, type SearchPathOptions } from "./search-path";
import { formatSearchQuery, type NumberRange, type SearchQuery } from "./search-query";

/** Everything a search page shows, from its path and its query: what the app queries the database with. */
export interface SearchCriteria extends Omit<SearchFilters, "priceMin" | "priceMax">, SearchQuery {}

function definedRange(min: number | undefined, max: number | undefined): NumberRange | undefined {
  if (min === undefined && max === undefined) return undefined;
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/**
 * The criteria of a search page from its parsed path and query. The price is one filter: a bound in the query
 * replaces the same bound of the path (a form on `/cars-for-sale/price-under-20000` that submits `price=null,30000`
 * means the shopper moved the maximum), and the two ends combine otherwise.
 */
export function searchCriteria(filters: SearchFilters, query: SearchQuery): SearchCriteria {
  const criteria: SearchCriteria = {
    sort: query.sort,
    page: query.page,
    fuel: query.fuel,
    transmission: query.transmission,
    exteriorColor: query.exteriorColor,
    drivetrain: query.drivetrain,
  };
  // Copied field by field: a ParsedSearchQuery also carries its dropped list, which is not part of the search.
  if (filters.condition !== undefined) criteria.condition = filters.condition;
  if (filters.bodyStyle !== undefined) criteria.bodyStyle = filters.bodyStyle;
  if (filters.make !== undefined) criteria.make = filters.make;
  if (filters.model !== undefined) criteria.model = filters.model;
  if (filters.feature !== undefined) criteria.feature = filters.feature;
  const price = definedRange(query.price?.min ?? filters.priceMin, query.price?.max ?? filters.priceMax);
  if (price) criteria.price = price;
  if (query.mileage) criteria.mileage = query.mileage;
  if (query.year) criteria.year = query.year;
  if (query.q !== undefined) criteria.q = query.q;
  if (query.shown !== undefined) criteria.shown = query.shown;
  if (query.store !== undefined) criteria.store = query.store;
  return criteria;
}

/**
 * Where each part of the criteria goes: body style, make-model, feature and a single price bound in the path
 * (when there is room), everything else in the query.
 */
export function splitSearchCriteria(criteria: Partial<SearchCriteria>): {
  filters: SearchFilters;
  query: Partial<SearchQuery>;
} {
  const { condition, bodyStyle, make, model, feature, price, ...query } = criteria;
  const filters: SearchFilters = {};
  if (condition !== undefined) filters.condition = condition;
  if (bodyStyle !== undefined) filters.bodyStyle = bodyStyle;
  if (make !== undefined) filters.make = make;
  if (model !== undefined) filters.model = model;
  if (feature !== undefined) filters.feature = feature;
  const withPrice: SearchFilters = { ...filters };
  if (price?.min !== undefined) withPrice.priceMin = price.min;
  if (price?.max !== undefined) withPrice.priceMax = price.max;
  if (pathCanHoldPrice(withPrice)) return { filters: withPrice, query };
  return { filters, query: price ? { ...query, price } : query };
}

/**
 * The canonical URL (path and query) of a search: {@link formatSearchPath} of the path part and
 * {@link formatSearchQuery} of the rest. Links on the search page (facets, sort, "Show more") are built with it.
 */
export function searchHref(criteria: Partial<SearchCriteria>, options: SearchPathOptions = {}): string {
  const { filters, query } = splitSearchCriteria(criteria);
  const search = formatSearchQuery(query, options.rules ?? defaultInventoryRules);
  const path = formatSearchPath(filters, options);
  return search ? `${path}?${search}` : path;
}
