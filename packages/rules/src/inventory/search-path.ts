import { type Catalogue, makeModelSegment, resolveMakeModel } from "./catalogue";
import type { InventoryRules } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import { slugify } from "./slug";
import { type FilterKind, PRICE_SEGMENT_PATTERN } from "./vocabulary";

/** Vehicle conditions (spec section 3). */
export const CONDITIONS = ["new", "used", "certified"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The spec's route allows three filter segments after `/cars-for-sale`. */
export const MAX_FILTER_SEGMENTS = 3;

/** The filters a search path holds: slugs of the catalogue and the rules, and at most one price bound. */
export interface SearchFilters {
  condition?: Condition;
  bodyStyle?: string;
  make?: string;
  model?: string;
  feature?: string;
  /** `price-over-N`: price ≥ N. */
  priceMin?: number;
  /** `price-under-N`: price ≤ N. */
  priceMax?: number;
}

export interface SearchPathOptions {
  /**
   * The store's configured vehicle conditions. With exactly one, the canonical path always carries it
   * (`/used-cars-for-sale` rather than `/cars-for-sale`); when parsing, a condition outside the list is unknown.
   */
  readonly conditions?: readonly Condition[];
  readonly rules?: InventoryRules;
}

const PREFIX_PATTERN = /^(?:(new|used|certified)-)?cars-for-sale$/;

function isCondition(value: string | undefined): value is Condition {
  return (CONDITIONS as readonly string[]).includes(value ?? "");
}

/** `decodeURIComponent` that answers null instead of throwing on a malformed escape. */
export function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The lower-cased, decoded, non-empty segments of a pathname, ignoring any query or fragment and any trailing or
 * doubled slash; null when it is not an absolute path or an escape is malformed.
 */
export function pathSegments(pathname: string): string[] | null {
  const end = pathname.search(/[?#]/);
  const path = end >= 0 ? pathname.slice(0, end) : pathname;
  if (!path.startsWith("/")) return null;
  const segments: string[] = [];
  for (const raw of path.split("/")) {
    if (raw === "") continue;
    const decoded = safeDecode(raw);
    if (decoded === null) return null;
    segments.push(decoded.toLowerCase());
  }
  return segments;
}

/** The condition named by a search or detail prefix (`cars-for-sale`, `used-cars-for-sale`), or null when none. */
export function parseSearchPrefix(segment: string | undefined): { condition?: Condition } | null {
  const match = PREFIX_PATTERN.exec(segment ?? "");
  if (!match) return null;
  return isCondition(match[1]) ? { condition: match[1] } : {};
}

/** `/cars-for-sale`, or `/{condition}-cars-for-sale` for the given condition or the store's only condition. */
export function searchPrefix(condition?: Condition, conditions?: readonly Condition[]): string {
  const shown = condition ?? (conditions?.length === 1 ? conditions[0] : undefined);
  return shown ? `/${shown}-cars-for-sale` : "/cars-for-sale";
}

function parsePrice(segment: string): Pick<SearchFilters, "priceMin" | "priceMax"> | null {
  const match = PRICE_SEGMENT_PATTERN.exec(segment);
  if (!match) return null;
  const amount = Number(match[2]);
  if (!Number.isSafeInteger(amount)) return null;
  return match[1] === "under" ? { priceMax: amount } : { priceMin: amount };
}

/**
 * The filters of a search path (`/cars-for-sale/suvs/toyota-camry/price-under-20000`,
 * `/used-cars-for-sale/...`), or null when the path is not a search path or a segment is unknown, repeats a
 * kind, or there are more than three. Segments may come in any order and any case, with a trailing slash; the
 * app compares {@link formatSearchPath} of the result with the request and redirects when they differ.
 */
export function parseSearchPath(
  pathname: string,
  catalogue: Catalogue,
  options: SearchPathOptions = {},
): SearchFilters | null {
  const segments = pathSegments(pathname);
  if (!segments) return null;
  const [first, ...rest] = segments;
  const prefix = parseSearchPrefix(first);
  if (!prefix || rest.length > MAX_FILTER_SEGMENTS) return null;
  const { conditions } = options;
  if (prefix.condition && conditions && conditions.length > 0 && !conditions.includes(prefix.condition)) return null;

  const rules = options.rules ?? defaultInventoryRules;
  const filters: SearchFilters = { ...prefix };
  const seen = new Set<FilterKind>();
  const take = (kind: FilterKind, values: Partial<SearchFilters>): boolean => {
    if (seen.has(kind)) return false;
    seen.add(kind);
    Object.assign(filters, values);
    return true;
  };
  for (const segment of rest) {
    let ok: boolean;
    // Body styles, features and price shapes are reserved words, read before the catalogue so a store's data can
    // never change what they mean (a catalogue entry that collides is reported by catalogueConflicts).
    const price = parsePrice(segment);
    if (rules.bodyStyles.some((b) => b.slug === segment)) ok = take("bodystyle", { bodyStyle: segment });
    else if (rules.features.some((f) => f.slug === segment)) ok = take("features", { feature: segment });
    else if (price) ok = take("price", price);
    else {
      const makeModel = resolveMakeModel(segment, catalogue);
      ok = makeModel !== undefined && take("make-model", { ...makeModel });
    }
    if (!ok) return null;
  }
  return filters;
}

/** The single price bound a path can show, or undefined when there is none or there are both. */
function priceSegment(filters: SearchFilters): string | undefined {
  const hasMin = validAmount(filters.priceMin);
  const hasMax = validAmount(filters.priceMax);
  if (hasMax && !hasMin) return `price-under-${Math.ceil(filters.priceMax as number)}`;
  if (hasMin && !hasMax) return `price-over-${Math.floor(filters.priceMin as number)}`;
  return undefined;
}

function validAmount(value: number | undefined): boolean {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= Number.MAX_SAFE_INTEGER;
}

function nonPriceSegments(filters: SearchFilters): Map<FilterKind, string> {
  const segments = new Map<FilterKind, string>();
  const bodyStyle = slugify(filters.bodyStyle ?? "");
  const make = slugify(filters.make ?? "");
  const model = slugify(filters.model ?? "");
  const feature = slugify(filters.feature ?? "");
  if (bodyStyle) segments.set("bodystyle", bodyStyle);
  // A model means nothing without its make, so it is left out rather than guessed.
  if (make) segments.set("make-model", makeModelSegment(make, model || undefined));
  if (feature) segments.set("features", feature);
  return segments;
}

/**
 * True when the path can show the filters' price: exactly one bound, and a segment left after body style,
 * make-model and feature. Otherwise the price belongs in the query (`price=min,max`).
 */
export function pathCanHoldPrice(filters: SearchFilters): boolean {
  return priceSegment(filters) !== undefined && nonPriceSegments(filters).size < MAX_FILTER_SEGMENTS;
}

/**
 * The canonical search path of `filters`: lower-case slugs, segments in the rules' filter priority (body style,
 * make-model, feature, price), no trailing slash, and the condition prefix (or the store's only condition). A
 * price the path cannot hold (see {@link pathCanHoldPrice}) is left out: {@link searchHref} puts it in the query.
 */
export function formatSearchPath(filters: SearchFilters, options: SearchPathOptions = {}): string {
  const rules = options.rules ?? defaultInventoryRules;
  const segments = nonPriceSegments(filters);
  const price = priceSegment(filters);
  if (price && segments.size < MAX_FILTER_SEGMENTS) segments.set("price", price);
  const ordered = rules.filterPriority.flatMap((kind) => segments.get(kind) ?? []);
  const condition = isCondition(filters.condition) ? filters.condition : undefined;
  return [searchPrefix(condition, options.conditions), ...ordered].join("/");
}
