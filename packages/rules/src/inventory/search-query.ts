import * as z from "zod/mini";
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
  price?: NumberRange;
  mileage?: NumberRange;
  year?: NumberRange;
  /** Slugs, sorted and unique. */
  fuel: string[];
  transmission: string[];
  exteriorColor: string[];
  /** Free text over year, make, model, trim, VIN and stock number; trimmed, single spaces. */
  q?: string;
}

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
export const MAX_QUERY_TEXT = 100;
export const MAX_LIST_VALUES = 20;

const RANGES = {
  price: { label: "Price", min: 0, max: 10_000_000 },
  mileage: { label: "Mileage", min: 0, max: 2_000_000 },
  year: { label: "Year", min: 1900, max: 2100 },
} as const;
type RangeParam = keyof typeof RANGES;
const LISTS = ["fuel", "transmission", "exteriorColor"] as const;
type ListParam = (typeof LISTS)[number];

/** The canonical order of query parameters. */
export const QUERY_PARAMS = ["q", "price", "mileage", "year", ...LISTS, "sort", "page"] as const;

// zod/mini, as on every browser subpath (ADR 213).
function boundSchema(label: string, min: number, max: number) {
  return z.pipe(
    z.string(),
    z.transform((raw, ctx): number | undefined => {
      const text = raw.trim().toLowerCase();
      if (text === "" || text === "null") return undefined;
      const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < min || value > max) {
        ctx.issues.push({
          code: "custom",
          message: `${label} must be a whole number from ${min} to ${max}`,
          input: raw,
        });
        return z.NEVER;
      }
      return value;
    }),
  );
}

/** `min,max`, either side `null` or empty for an open end, as in the spec's `mileage=null,85000`. */
function rangeSchema(param: RangeParam) {
  const { label, min, max } = RANGES[param];
  const bound = boundSchema(label, min, max);
  return z.pipe(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((raw) => raw.split(",")),
      ),
      z
        .tuple([bound, bound], { error: `${label} takes two values, min,max (null for an open end)` })
        .check(
          z.refine(
            ([lo, hi]) => lo === undefined || hi === undefined || lo <= hi,
            `${label} minimum is above its maximum`,
          ),
        ),
    ),
    z.transform(([lo, hi]): NumberRange | undefined => {
      if (lo === undefined && hi === undefined) return undefined;
      return { ...(lo === undefined ? {} : { min: lo }), ...(hi === undefined ? {} : { max: hi }) };
    }),
  );
}

const rangeSchemas: Record<RangeParam, ReturnType<typeof rangeSchema>> = {
  price: rangeSchema("price"),
  mileage: rangeSchema("mileage"),
  year: rangeSchema("year"),
};

const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}`;
const pageSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.regex(/^\d{1,6}$/, PAGE_MESSAGE)), z.transform(Number)),
  z.number().check(z.minimum(1, PAGE_MESSAGE), z.maximum(MAX_PAGE, PAGE_MESSAGE)),
);

const textSchema = z.pipe(
  z.pipe(
    z.string(),
    // Control characters and runs of white space carry no meaning in a search box and would fork cache keys.
    z.transform((raw) =>
      raw
        .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ),
  ),
  z.string().check(z.maxLength(MAX_QUERY_TEXT, `Search text is limited to ${MAX_QUERY_TEXT} characters`)),
);

function sortSchema(options: readonly SortOption[]) {
  return z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const wanted = raw.trim().toLowerCase();
      const option = options.find((o) => o.value.toLowerCase() === wanted);
      if (!option) {
        ctx.issues.push({
          code: "custom",
          message: `Sort must be one of ${options.map((o) => o.value).join(", ")}`,
          input: raw,
        });
        return z.NEVER;
      }
      return option.value;
    }),
  );
}

function firstMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid value";
}

function toParams(input: URLSearchParams | string): URLSearchParams {
  return typeof input === "string" ? new URLSearchParams(input) : input;
}

/** Canonical list values: slugs, unique, sorted. */
function listValues(values: readonly string[]): string[] {
  return [...new Set(values.map(slugify).filter((v) => v !== ""))].sort();
}

/**
 * The search query of a URL (`?price=null,20000&mileage=null,85000&fuel=hybrid&sort=newest&page=2`). Never throws:
 * a bad value is dropped with its reason and the default stands. Ranges are `min,max` with `null` (or nothing) for
 * an open end; list filters take repeated parameters or comma-separated values; a single-valued parameter given
 * twice keeps its first value. Parameters the search does not know (`utm_source`, …) are ignored.
 */
export function parseSearchQuery(
  searchParams: URLSearchParams | string,
  rules: InventoryRules = defaultInventoryRules,
): ParsedSearchQuery {
  const params = toParams(searchParams);
  const dropped: DroppedParam[] = [];
  const single = <T>(param: string, schema: z.ZodMiniType<T, string>): T | undefined => {
    const [first, ...extra] = params.getAll(param);
    for (const value of extra)
      dropped.push({ param, value, reason: `${param} is given more than once; the first is used` });
    if (first === undefined) return undefined;
    const result = schema.safeParse(first);
    if (result.success) return result.data;
    dropped.push({ param, value: first, reason: firstMessage(result.error) });
    return undefined;
  };

  const query: ParsedSearchQuery = {
    sort: single("sort", sortSchema(rules.sort.search.options)) ?? rules.sort.search.default,
    page: single("page", pageSchema) ?? 1,
    fuel: [],
    transmission: [],
    exteriorColor: [],
    dropped,
  };
  for (const param of Object.keys(RANGES) as RangeParam[]) {
    const range = single(param, rangeSchemas[param]);
    if (range) query[param] = range;
  }
  for (const param of LISTS) {
    const raw = params.getAll(param).flatMap((v) => v.split(","));
    for (const value of raw) {
      if (value.trim() !== "" && slugify(value) === "") {
        dropped.push({ param, value, reason: `${param} values are words of letters and digits` });
      }
    }
    const values = listValues(raw);
    if (values.length > MAX_LIST_VALUES) {
      dropped.push({
        param,
        value: values.slice(MAX_LIST_VALUES).join(","),
        reason: `${param} takes at most ${MAX_LIST_VALUES} values`,
      });
    }
    query[param as ListParam] = values.slice(0, MAX_LIST_VALUES);
  }
  const q = single("q", textSchema);
  if (q) query.q = q;
  return query;
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
 * The canonical query string (without `?`) of a search query: parameters in a fixed order (q, price, mileage,
 * year, fuel, transmission, exteriorColor, sort, page), list values sorted and unique, the default sort and page 1
 * left out. The empty string when nothing is set.
 */
export function formatSearchQuery(query: Partial<SearchQuery>, rules: InventoryRules = defaultInventoryRules): string {
  const pairs: [string, string][] = [];
  const q = query.q === undefined ? "" : textSchema.safeParse(query.q).data;
  if (q) pairs.push(["q", q]);
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
