import type { InventoryRules } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import { CONDITIONS, type Condition, pathSegments, searchPrefix } from "./search-path";
import { slugify } from "./slug";
import { formatVehiclePath } from "./vehicle-path";
import { isValidVin } from "./vin";

export interface LegacyRedirectOptions {
  /** The store's configured vehicle conditions (production: used and certified). */
  readonly conditions?: readonly Condition[];
  readonly rules?: InventoryRules;
}

const INVENTORY_SEGMENT = /^(new|used|certified|all)-inventory$/;
const DETAIL_PREFIX = /^(new|used|certified)-vehicle$/;

function asCondition(value: string | undefined): Condition | undefined {
  return (CONDITIONS as readonly string[]).includes(value ?? "") ? (value as Condition) : undefined;
}

/** An old price value (`20000`, `20,000`, `$19999.99`) as a whole number, rounded outward so no vehicle is lost. */
function legacyAmount(value: string, round: (n: number) => number): number | null {
  const text = value.replace(/[$,\s]/g, "");
  if (!/^\d+(?:\.\d+)?$/.test(text)) return null;
  const amount = round(Number(text));
  return Number.isSafeInteger(amount) ? amount : null;
}

/** The search segment of an old `{filter}/{value}/{value2}` triple, or null when it cannot be one. */
function legacySegment(
  filter: string,
  value: string,
  value2: string | undefined,
  rules: InventoryRules,
): string | null {
  const name = filter.replace(/_/g, "-");
  const pair = `${name}/${value.replace(/_/g, "-")}`;
  const feature = rules.features.find((f) => f.legacy?.replace(/_/g, "-") === pair);
  if (feature) return feature.slug;
  if (name === "price-max") {
    const amount = legacyAmount(value, Math.ceil);
    return amount === null ? null : `price-under-${amount}`;
  }
  if (name === "price-min") {
    const amount = legacyAmount(value, Math.floor);
    return amount === null ? null : `price-over-${amount}`;
  }
  const first = slugify(value);
  if (!first) return null;
  // Only make-model had two values; any other filter's second value had no meaning of its own.
  const second = name === "make-model" ? slugify(value2 ?? "") : "";
  return second ? `${first}-${second}` : first;
}

function legacySearch(segments: readonly string[], options: LegacyRedirectOptions): string | null {
  const { conditions } = options;
  const [, inventory, filter, value, value2, ...extra] = segments;
  if (extra.length > 0) return null;
  let condition: Condition | undefined;
  if (inventory !== undefined) {
    const match = INVENTORY_SEGMENT.exec(inventory.replace(/_/g, "-"));
    if (!match) return null;
    condition = asCondition(match[1]);
    // An old link to a condition this store no longer sells still lands on its inventory rather than a 404.
    if (condition && conditions && conditions.length > 0 && !conditions.includes(condition)) condition = undefined;
  }
  const prefix = searchPrefix(condition, conditions);
  if (filter === undefined) return prefix;
  if (value === undefined) return null;
  const segment = legacySegment(filter, value, value2, options.rules ?? defaultInventoryRules);
  return segment === null ? null : `${prefix}/${segment}`;
}

function legacyDetail(segments: readonly string[]): string | null {
  const [first, year, slug, vin] = segments;
  const condition = asCondition(DETAIL_PREFIX.exec(first ?? "")?.[1]);
  if (!condition || segments.length !== 4 || !/^\d{4}$/.test(year ?? "") || !isValidVin(vin)) return null;
  return formatVehiclePath({ condition, year: year ?? "", slug: slug ?? "", vin });
}

/**
 * Where an old-site path now lives (spec section 2, redirects before navigation), or null when it is not an old
 * path:
 * - `/search-vehicles` → `/cars-for-sale`, or `/{c}-cars-for-sale` when the store has one condition;
 * - `/search-vehicles/{c}-inventory[/{filter}/{value}[/{value2}]]` → the search path with that one filter: `all`
 *   gives no prefix, `make-model` joins both values, `price_max`/`price_min` become `price-under-N`/`price-over-N`,
 *   `great_deals/price_drop` the feature `price-drop`, underscores become hyphens;
 * - `/{used|new|certified}-vehicle/{year}/{slug}/{vin}` → the detail path.
 */
export function legacyRedirect(pathname: string, options: LegacyRedirectOptions = {}): string | null {
  const segments = pathSegments(pathname);
  if (!segments || segments.length === 0) return null;
  if (segments[0] === "search-vehicles") return legacySearch(segments, options);
  return legacyDetail(segments);
}
