import { RuleFileError } from "../shared/rule-file";
import type { InventoryRules, SortOption } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import { slugify } from "./slug";

/** An inclusive range with either end open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

/** The search state a query string holds: sorting, paging and the filters that have no path segment. */
export interface SearchQuery {
  /** One of the search sort options (default `priceLow`). */
  sort: string;
  /** 1-based. */
  page: number;
  /**
   * How many pages the list shows from `page` on, after "Show more" (ADR 261): `?shown=3` lists pages 1 to 3, so
   * Back and a shared link bring the same cards. 1 (left out of URLs) is the page alone.
   */
  shown?: number;
  price?: NumberRange;
  mileage?: NumberRange;
  year?: NumberRange;
  /** Slugs, sorted and unique. */
  fuel: string[];
  transmission: string[];
  exteriorColor: string[];
  /** Drivetrain slugs (`awd`, `4wd`, `fwd`, `rwd`; ADR 337). */
  drivetrain: string[];
  /**
   * Free text: inside year, make, model, trim, VIN and stock number, or at a word's start in body style, colour,
   * fuel and features (`suv`, `leather`, `red truck`; the app's search, ADR 260); drivetrain, body, fuel and colour
   * synonyms and one typo in a make or model name (ADR 337). Trimmed, single spaces.
   */
  q?: string;
  /**
   * `all`: the search spans every store (ADR 400). Absent, it covers the visitor's store, the one the store cookie
   * names; a store is never named in the URL, so one address means the same search to every visitor of a store.
   */
  store?: typeof ALL_STORES;
}

/** The one value of `?store=`: a search at every store. */
export const ALL_STORES = "all";

/** A query parameter value that was left out, and why. */
export interface DroppedParam {
  readonly param: string;
  readonly value: string;
  readonly reason: string;
}

/** A parsed query: the usable values plus what was dropped. */
export interface ParsedSearchQuery extends SearchQuery {
  dropped: DroppedParam[];
}

export const MAX_PAGE = 10_000;
/** The most pages one list shows at once (`?shown=`): past it, "Show more" leads to the next page on its own. */
export const MAX_SHOWN = 20;
export const MAX_QUERY_TEXT = 100;
export const MAX_LIST_VALUES = 20;

export const RANGES = {
  price: { label: "Price", min: 0, max: 10_000_000 },
  mileage: { label: "Mileage", min: 0, max: 2_000_000 },
  year: { label: "Year", min: 1900, max: 2100 },
} as const;
export type RangeParam = keyof typeof RANGES;
export const LISTS = ["fuel", "transmission", "exteriorColor", "drivetrain"] as const;
export type ListParam = (typeof LISTS)[number];

/** The canonical order of query parameters. */
export const QUERY_PARAMS = ["store", "q", "price", "mileage", "year", ...LISTS, "sort", "page", "shown"] as const;

/** Search text as the search reads it: control characters and runs of white space become one space, trimmed. */
export function normalizeSearchText(raw: string): string {
  return raw
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Canonical list values: slugs, unique, sorted. */
export function listValues(values: readonly string[]): string[] {
  return [...new Set(values.map(slugify).filter((v) => v !== ""))].sort();
}

function formatBound(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? "null" : String(Math.trunc(value));
}

// Commas separate range ends and list values, and are legal in a query (RFC 3986 sub-delims), so the canonical
// form keeps them bare (`mileage=null,85000`, as the spec writes it) instead of `%2C`; spaces become `+` like forms do.
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+").replace(/%2C/gi, ",");
}

/**
 * The canonical query string (without `?`) of a search query: parameters in a fixed order (store, q, price, mileage,
 * year, fuel, transmission, exteriorColor, drivetrain, sort, page, shown), list values sorted and unique, the default sort, page 1
 * and one page shown left out. The empty string when nothing is set.
 */
export function formatSearchQuery(query: Partial<SearchQuery>, rules: InventoryRules = defaultInventoryRules): string {
  const pairs: [string, string][] = [];
  if (query.store === ALL_STORES) pairs.push(["store", ALL_STORES]);
  const q = query.q === undefined ? "" : normalizeSearchText(query.q);
  if (q && q.length <= MAX_QUERY_TEXT) pairs.push(["q", q]);
  for (const param of Object.keys(RANGES) as RangeParam[]) {
    const range = query[param];
    if (range && (range.min !== undefined || range.max !== undefined)) {
      pairs.push([param, `${formatBound(range.min)},${formatBound(range.max)}`]);
    }
  }
  for (const param of LISTS) {
    const values = listValues(query[param] ?? []);
    if (values.length > 0) pairs.push([param, values.join(",")]);
  }
  const sort = rules.sort.search.options.find((o) => o.value === query.sort);
  if (sort && sort.value !== rules.sort.search.default) pairs.push(["sort", sort.value]);
  if (query.page !== undefined && Number.isSafeInteger(query.page) && query.page > 1)
    pairs.push(["page", String(query.page)]);
  if (query.shown !== undefined && Number.isSafeInteger(query.shown) && query.shown > 1 && query.shown <= MAX_SHOWN)
    pairs.push(["shown", String(query.shown)]);
  return pairs.map(([key, value]) => `${key}=${encodeValue(value)}`).join("&");
}

/** The search sort option for a value (with the field and direction to order by), or the default one. */
export function searchSortOption(value: string | undefined, rules: InventoryRules = defaultInventoryRules): SortOption {
  const { options, default: fallback } = rules.sort.search;
  const option = options.find((o) => o.value === value) ?? options.find((o) => o.value === fallback) ?? options[0];
  if (!option) {
    throw new RuleFileError([
      { file: "inventory.json", path: "$.sort.search.options", message: "The search sort menu has no option." },
    ]);
  }
  return option;
}
