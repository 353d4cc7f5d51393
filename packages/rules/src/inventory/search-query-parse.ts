import * as z from "zod/mini";
import type { InventoryRules, SortOption } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import {
  ALL_STORES,
  type DroppedParam,
  LISTS,
  type ListParam,
  listValues,
  MAX_LIST_VALUES,
  MAX_PAGE,
  MAX_QUERY_TEXT,
  MAX_SHOWN,
  type NumberRange,
  normalizeSearchText,
  type ParsedSearchQuery,
  RANGES,
  type RangeParam,
} from "./search-query";
import { slugify } from "./slug";

// Parsing a query string is reading outside input, so it runs zod (mini, ADR 213) and lives apart from
// formatSearchQuery, which links on every page use and which must not load the parser.
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

const SHOWN_MESSAGE = `Shown pages must be a whole number from 1 to ${MAX_SHOWN}`;
const shownSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.regex(/^\d{1,3}$/, SHOWN_MESSAGE)), z.transform(Number)),
  z.number().check(z.minimum(1, SHOWN_MESSAGE), z.maximum(MAX_SHOWN, SHOWN_MESSAGE)),
);

const textSchema = z.pipe(
  z.pipe(
    z.string(),
    // Control characters and runs of white space carry no meaning in a search box and would fork cache keys.
    z.transform(normalizeSearchText),
  ),
  z.string().check(z.maxLength(MAX_QUERY_TEXT, `Search text is limited to ${MAX_QUERY_TEXT} characters`)),
);

const STORE_MESSAGE = `Store must be ${ALL_STORES} (every store); without it the search is at your store`;
const storeSchema = z.pipe(
  z.string(),
  z.transform((raw, ctx): typeof ALL_STORES => {
    if (raw.trim().toLowerCase() === ALL_STORES) return ALL_STORES;
    ctx.issues.push({ code: "custom", message: STORE_MESSAGE, input: raw });
    return z.NEVER;
  }),
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

/**
 * The search query of a URL (`?price=null,20000&mileage=null,85000&fuel=hybrid&sort=newest&page=2`). Never throws:
 * a bad value is dropped with its reason and the default stands. Ranges are `min,max` with `null` (or nothing) for
 * an open end; list filters take repeated parameters or comma-separated values; a single-valued parameter given
 * twice keeps its first value. `store=all` spans every store (ADR 400). Parameters the search does not know (`utm_source`, …) are ignored.
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
    drivetrain: [],
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
  const store = single("store", storeSchema);
  if (store) query.store = store;
  const q = single("q", textSchema);
  if (q) query.q = q;
  const shown = single("shown", shownSchema);
  if (shown !== undefined && shown > 1) query.shown = shown;
  return query;
}
