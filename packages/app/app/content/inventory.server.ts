import {
  buildCatalogue,
  type Catalogue,
  defaultInventoryRules,
  formatSearchPath,
  type SearchCriteria,
  searchPrefix,
  searchSortOption,
  slugify,
  vehiclePath,
} from "@showroom/rules/inventory";
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, min, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../server/db/client.server";
import { vehicles } from "../server/db/schema.server";

/**
 * Simple inventory reads over the `vehicles` table for the shell: body-style counts, a filtered and sorted page of
 * results, one vehicle by VIN, and the canonical filter pages. Only available, public vehicles are ever listed.
 */

type Condition = "new" | "used" | "certified";

const listed = and(eq(vehicles.status, "available"), eq(vehicles.private, false));

/** A body style's slug (`suvs`) for a feed's value (`SUVs`, `SUV`, `suvs`); null when it is none of the rules'. */
export function bodyStyleSlug(value: string): string | null {
  const slug = slugify(value);
  const style = defaultInventoryRules.bodyStyles.find(
    (b) => b.slug === slug || b.slug === `${slug}s` || slugify(b.name) === slug,
  );
  return style?.slug ?? null;
}

function bodyStyleValues(slug: string): string[] {
  const style = defaultInventoryRules.bodyStyles.find((b) => b.slug === slug);
  if (!style) return [slug];
  return [...new Set([style.name, style.slug, style.name.replace(/s$/, ""), style.name.toLowerCase()])];
}

/** Each body style with vehicles: its slug and name, how many are listed and the lowest price. */
export async function bodyStyleSummary(
  db: Db,
): Promise<{ slug: string; name: string; count: number; startingPrice: number | null }[]> {
  const rows = await db
    .select({ bodyStyle: vehicles.bodyStyle, count: count(), startingPrice: min(vehicles.price) })
    .from(vehicles)
    .where(listed)
    .groupBy(vehicles.bodyStyle);
  const bySlug = new Map<string, { count: number; startingPrice: number | null }>();
  for (const row of rows) {
    const slug = bodyStyleSlug(row.bodyStyle);
    if (!slug) continue;
    const known = bySlug.get(slug) ?? { count: 0, startingPrice: null };
    const price = row.startingPrice === null ? null : Number(row.startingPrice);
    bySlug.set(slug, {
      count: known.count + Number(row.count),
      startingPrice:
        known.startingPrice === null
          ? price
          : price === null
            ? known.startingPrice
            : Math.min(known.startingPrice, price),
    });
  }
  return defaultInventoryRules.bodyStyles.flatMap((style) => {
    const found = bySlug.get(style.slug);
    return found ? [{ slug: style.slug, name: style.name, ...found }] : [];
  });
}

/** The makes and models listed, for reading make-model segments of search paths. */
export async function inventoryCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db.selectDistinct({ make: vehicles.make, model: vehicles.model }).from(vehicles).where(listed);
  return buildCatalogue(rows);
}

/** A vehicle row as search results and the detail page use it. */
export type VehicleRow = typeof vehicles.$inferSelect;

function criteriaWhere(criteria: Partial<SearchCriteria>): SQL | undefined {
  const parts: (SQL | undefined)[] = [listed];
  if (criteria.condition) parts.push(eq(vehicles.condition, criteria.condition));
  if (criteria.bodyStyle) {
    const values = bodyStyleValues(criteria.bodyStyle).map((v) => v.toLowerCase());
    parts.push(inArray(sql`lower(${vehicles.bodyStyle})`, values));
  }
  if (criteria.make) parts.push(eq(vehicles.makeSlug, criteria.make));
  if (criteria.model) parts.push(eq(vehicles.modelSlug, criteria.model));
  if (criteria.feature === "price-drop") parts.push(eq(vehicles.priceDrop, true));
  if (criteria.feature === "premium-upgrades") parts.push(eq(vehicles.premiumUpgrades, true));
  const range = (
    column: typeof vehicles.price | typeof vehicles.mileage | typeof vehicles.year,
    r?: { min?: number; max?: number },
  ) => {
    if (r?.min !== undefined) parts.push(gte(column, r.min));
    if (r?.max !== undefined) parts.push(lte(column, r.max));
  };
  range(vehicles.price, criteria.price);
  range(vehicles.mileage, criteria.mileage);
  range(vehicles.year, criteria.year);
  if (criteria.fuel?.length) parts.push(inArray(sql`lower(replace(${vehicles.fuelType}, ' ', '-'))`, criteria.fuel));
  if (criteria.exteriorColor?.length)
    parts.push(inArray(sql`lower(${vehicles.exteriorColor})`, criteria.exteriorColor));
  if (criteria.transmission?.length) {
    const codes = criteria.transmission.map((t) => (t.startsWith("m") ? "M" : "A"));
    parts.push(inArray(vehicles.transmission, codes));
  }
  if (criteria.q) {
    for (const word of criteria.q.split(" ").slice(0, 6)) {
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        or(
          ilike(vehicles.make, like),
          ilike(vehicles.model, like),
          ilike(vehicles.trim, like),
          ilike(vehicles.vin, like),
          ilike(vehicles.stockNumber, like),
          sql`${vehicles.year}::text = ${word}`,
        ),
      );
    }
  }
  return and(...parts);
}

/** One page of search results and the total, ordered by the search's sort option. */
export async function searchVehicles(
  db: Db,
  criteria: Partial<SearchCriteria>,
  perPage: number,
): Promise<{ total: number; vehicles: VehicleRow[] }> {
  const where = criteriaWhere(criteria);
  const option = searchSortOption(criteria.sort);
  const column = {
    price: vehicles.price,
    mileage: vehicles.mileage,
    year: vehicles.year,
    listedAt: vehicles.firstSeenAt,
  }[option.field];
  const order = option.direction === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const page = Math.max(1, criteria.page ?? 1);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(vehicles).where(where),
    db
      .select()
      .from(vehicles)
      .where(where)
      .orderBy(order, asc(vehicles.vin))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { total: Number(totals[0]?.total ?? 0), vehicles: rows };
}

/** A listed vehicle by VIN, or null. */
export async function vehicleByVin(db: Db, vin: string): Promise<VehicleRow | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.vin, vin.toUpperCase()), eq(vehicles.status, "available")))
    .limit(1);
  return row ?? null;
}

/** Similar vehicles: the same body style, nearest in price. */
export async function similarVehicles(db: Db, vehicle: VehicleRow, limit = 3): Promise<VehicleRow[]> {
  return db
    .select()
    .from(vehicles)
    .where(and(listed, eq(vehicles.bodyStyle, vehicle.bodyStyle), sql`${vehicles.vin} <> ${vehicle.vin}`))
    .orderBy(sql`abs(coalesce(${vehicles.price}, 0) - ${vehicle.price ?? 0})`, desc(vehicles.year))
    .limit(limit);
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
 * style, make, make-model and feature that has vehicles, and the spec's under-$20K page, as canonical paths.
 */
export async function filterPagePaths(
  db: Db,
  conditions: readonly Condition[],
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
    .where(listed)
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

const filterCache = new WeakMap<
  Db,
  { at: number; key: string; pages: Promise<{ loc: string; lastmod: Date | null }[]> }
>();
const FILTER_CACHE_MS = 60_000;

/** {@link filterPagePaths}, cached for a minute per database: search pages ask on every request. */
export function cachedFilterPages(db: Db, conditions: readonly Condition[]) {
  const key = conditions.join(",");
  const now = Date.now();
  const cached = filterCache.get(db);
  if (cached && cached.key === key && now - cached.at < FILTER_CACHE_MS) return cached.pages;
  const pages = filterPagePaths(db, conditions);
  filterCache.set(db, { at: now, key, pages });
  pages.catch(() => filterCache.delete(db));
  return pages;
}
