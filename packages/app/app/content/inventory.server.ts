import { defaultInventoryRules, formatSearchPath, searchPrefix, slugify, vehiclePath } from "@showroom/rules/inventory";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../server/db/client.server";
import { vehicles } from "../server/db/schema.server";
import type { InventoryIndex } from "../server/search/inventory-index";
import { inventoryIndex } from "../server/search/snapshot.server";

/**
 * Simple inventory reads over the `vehicles` table for the shell: body-style counts, one vehicle by VIN (legacy
 * redirects), and the canonical filter pages (search itself is `server/search`). Only available, public vehicles are
 * ever listed.
 */

type Condition = "new" | "used" | "certified";

/** Available, public, and of a condition the site sells (site settings): a new car of a used-only store is not listed. */
const listed = (conditions: readonly Condition[]) =>
  and(eq(vehicles.status, "available"), eq(vehicles.private, false), inArray(vehicles.condition, [...conditions]));

/** A body style's slug (`suvs`) for a feed's value (`SUVs`, `SUV`, `suvs`); null when it is none of the rules'. */
export function bodyStyleSlug(value: string): string | null {
  const slug = slugify(value);
  const style = defaultInventoryRules.bodyStyles.find(
    (b) => b.slug === slug || b.slug === `${slug}s` || slugify(b.name) === slug,
  );
  return style?.slug ?? null;
}

export interface BodyStyleSummary {
  slug: string;
  name: string;
  count: number;
  startingPrice: number | null;
}

// Per inventory index (replaced whenever vehicles change) and set of conditions sold: the home page asks on every
// render, and the answer changes only with the inventory.
const summaries = new WeakMap<InventoryIndex, Map<string, readonly BodyStyleSummary[]>>();

/**
 * Each body style with vehicles: its slug and name, how many are listed and the lowest price. Read from the search's
 * in-memory inventory (ADR 298), which is checked against the inventory version on every use. The same array for every
 * caller while the inventory is unchanged: not to be modified.
 */
export async function bodyStyleSummary(
  db: Db,
  conditions: readonly Condition[],
  /** One store's vehicles (the home page counts the visitor's store, ADR 338); every store's when absent. */
  storeId?: string,
): Promise<readonly BodyStyleSummary[]> {
  const index = await inventoryIndex(db);
  let byConditions = summaries.get(index);
  if (!byConditions) {
    byConditions = new Map();
    summaries.set(index, byConditions);
  }
  const key = `${[...new Set(conditions)].sort().join(",")}@${storeId ?? ""}`;
  let summary = byConditions.get(key);
  if (!summary) {
    summary = summarise(index, conditions, storeId);
    byConditions.set(key, summary);
  }
  return summary;
}

function summarise(
  index: InventoryIndex,
  conditions: readonly Condition[],
  storeId: string | undefined,
): readonly BodyStyleSummary[] {
  // Body styles and conditions by dictionary code: a feed spells a handful of them, so each is mapped once.
  const slugOf = index.dictionaries.bodyStyle.values.map(bodyStyleSlug);
  const sold = new Set<string>(conditions);
  const conditionSold = index.dictionaries.condition.values.map((condition) => sold.has(condition));
  const { private: hidden, price, store, stores } = index.numbers;
  // -2 is no store's position: a store without vehicles counts none.
  const storeAt = storeId === undefined ? -1 : stores.indexOf(storeId) >= 0 ? stores.indexOf(storeId) : -2;
  const bySlug = new Map<string, { count: number; startingPrice: number | null }>();
  index.codes.bodyStyle.forEach((code, i) => {
    const slug = slugOf[code];
    if (!slug || hidden[i] === 1 || !conditionSold[index.codes.condition[i] as number]) return;
    if (storeAt !== -1 && store[i] !== storeAt) return;
    const known = bySlug.get(slug) ?? { count: 0, startingPrice: null };
    known.count += 1;
    // -1 is Call for Price.
    const amount = price[i] as number;
    if (amount >= 0 && (known.startingPrice === null || amount < known.startingPrice)) known.startingPrice = amount;
    bySlug.set(slug, known);
  });
  return defaultInventoryRules.bodyStyles.flatMap((style) => {
    const found = bySlug.get(style.slug);
    return found ? [{ slug: style.slug, name: style.name, ...found }] : [];
  });
}

/** A vehicle row as search results and the detail page use it. */
export type VehicleRow = typeof vehicles.$inferSelect;

/** An available vehicle by VIN, of a condition the site sells, or null. */
export async function vehicleByVin(db: Db, vin: string, conditions: readonly Condition[]): Promise<VehicleRow | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.vin, vin.toUpperCase()),
        eq(vehicles.status, "available"),
        inArray(vehicles.condition, [...conditions]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The detail path of a row. */
export function rowPath(row: VehicleRow): string {
  return vehiclePath({
    condition: row.condition,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    vin: row.vin,
  });
}

/** The spec's "under $20K" sub-filter (section 2 "Inventory": price-under-20000). */
const PRICE_FILTERS = [20_000];

/**
 * The filter pages (the filters sitemap, and the search pages that may be indexed): the search root, each body
 * style, make, make-model and feature that has vehicles, and the spec's under-$20K page, as canonical paths. With a
 * store, only the pages that have vehicles at that store: the sitemap lists what a crawler, who has picked no
 * store, finds at the default store (ADR 338).
 */
export async function filterPagePaths(
  db: Db,
  conditions: readonly Condition[],
  storeId?: string,
): Promise<{ loc: string; lastmod: Date | null }[]> {
  const rows = await db
    .select({
      bodyStyle: vehicles.bodyStyle,
      make: vehicles.makeSlug,
      model: vehicles.modelSlug,
      priceDrop: vehicles.priceDrop,
      premium: vehicles.premiumUpgrades,
      lastmod: sql<Date | string | null>`max(${vehicles.updatedAt})`,
    })
    .from(vehicles)
    .where(storeId === undefined ? listed(conditions) : and(listed(conditions), eq(vehicles.storeId, storeId)))
    .groupBy(vehicles.bodyStyle, vehicles.makeSlug, vehicles.modelSlug, vehicles.priceDrop, vehicles.premiumUpgrades);
  const pages = new Map<string, Date | null>();
  const add = (path: string, lastmod: Date | string | null) => {
    const date = lastmod === null ? null : new Date(lastmod);
    const known = pages.get(path);
    if (!known || (date && date > known)) pages.set(path, date);
  };
  const options = { conditions };
  add(searchPrefix(undefined, conditions), null);
  for (const row of rows) {
    const bodyStyle = bodyStyleSlug(row.bodyStyle);
    if (bodyStyle) add(formatSearchPath({ bodyStyle }, options), row.lastmod);
    add(formatSearchPath({ make: row.make }, options), row.lastmod);
    add(formatSearchPath({ make: row.make, model: row.model }, options), row.lastmod);
    if (row.priceDrop) add(formatSearchPath({ feature: "price-drop" }, options), row.lastmod);
    if (row.premium) add(formatSearchPath({ feature: "premium-upgrades" }, options), row.lastmod);
  }
  for (const max of PRICE_FILTERS) add(formatSearchPath({ priceMax: max }, options), null);
  return [...pages].map(([loc, lastmod]) => ({ loc, lastmod }));
}

type FilterPages = Promise<{ loc: string; lastmod: Date | null }[]>;
// Per database, one entry per set of conditions and store (the search pages ask for every store's, the sitemap for
// the default store's): a handful of keys at most.
const filterCache = new WeakMap<Db, Map<string, { at: number; pages: FilterPages }>>();
const FILTER_CACHE_MS = 60_000;

/** {@link filterPagePaths}, cached for a minute per database: search pages ask on every request. */
export function cachedFilterPages(db: Db, conditions: readonly Condition[], storeId?: string): FilterPages {
  const key = `${conditions.join(",")}@${storeId ?? ""}`;
  const now = Date.now();
  let byKey = filterCache.get(db);
  if (!byKey) {
    byKey = new Map();
    filterCache.set(db, byKey);
  }
  const cached = byKey.get(key);
  if (cached && now - cached.at < FILTER_CACHE_MS) return cached.pages;
  const pages = filterPagePaths(db, conditions, storeId);
  byKey.set(key, { at: now, pages });
  pages.catch(() => byKey.delete(key));
  return pages;
}
