import { type Condition, normalizeVin, slugify, vehiclePath } from "@showroom/rules/inventory";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { vehicles } from "../db/schema.server";
import { isNewArrival, toCard } from "./cards";
import type { IndexedVehicle } from "./inventory-index";
import { keptPerInventoryVersion } from "./kept-rows.server";
import { inventoryIndex, listedOn } from "./snapshot.server";
import type { VehicleCard, VehicleDetail } from "./types";

function detailsOf(details: unknown) {
  const d = (details && typeof details === "object" ? details : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
  return {
    doors: typeof d.doors === "number" ? d.doors : null,
    engine: text(d.engine),
    drivetrain: text(d.drivetrain),
    dateAdded: text(d.dateAdded),
    features: Array.isArray(d.features) ? d.features.filter((f): f is string => typeof f === "string") : [],
    images: Array.isArray(d.images) ? d.images.filter((i): i is string => typeof i === "string") : [],
  };
}

/** The rows of the vehicle pages read last (docs/decisions/429): a page the HTML cache cannot answer sends no query. */
const keptVehicleRow = keptPerInventoryVersion<{ row: typeof vehicles.$inferSelect | null }>(200);

/**
 * The vehicle of a detail page by VIN (any case), or null when the VIN is unknown or the vehicle is sold: the spec
 * answers both with a 404. Private vehicles come back with `private: true`; the page applies the unlock gate. Read
 * straight from the table (a primary-key lookup), so a detail page never waits for the search's inventory load.
 */
export async function getVehicleByVin(
  db: Db,
  vin: string,
  options: { now?: Date; conditions?: readonly Condition[] } = {},
): Promise<VehicleDetail | null> {
  const canonical = normalizeVin(vin.trim());
  if (!canonical) return null;
  const { row } = await keptVehicleRow(db, canonical, async () => {
    const [found] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.vin, canonical), eq(vehicles.status, "available")));
    return { row: found ?? null };
  });
  // A condition the site does not sell is a vehicle it does not have: the same 404 as a sold one.
  if (!row || (options.conditions && !options.conditions.includes(row.condition))) return null;
  const { dateAdded, ...details } = detailsOf(row.details);
  const day = listedOn(dateAdded, row.firstSeenAt);
  return {
    vin: row.vin,
    href: vehiclePath(row),
    storeId: row.storeId,
    condition: row.condition,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    bodyStyle: row.bodyStyle,
    mileage: row.mileage,
    price: row.price,
    oldPrice: row.oldPrice,
    stockNumber: row.stockNumber,
    exteriorColor: row.exteriorColor,
    interiorColor: row.interiorColor,
    fuelType: row.fuelType,
    transmission: row.transmission,
    priceDrop: row.priceDrop,
    premiumUpgrades: row.premiumUpgrades,
    private: row.private,
    listedOn: day,
    newArrival: isNewArrival(day, options.now ?? new Date()),
    firstSeenAt: row.firstSeenAt,
    ...details,
  };
}

export interface SimilarOptions {
  privateUnlocked: boolean;
  priceUnlocked?: boolean;
  /** Only this store's vehicles; every store's when absent. */
  storeId?: string | undefined;
  /** Only vehicles of the conditions the site sells; every condition when absent. */
  conditions?: readonly Condition[] | undefined;
  now?: Date;
}

/** How far a candidate is from the vehicle: the same model first, then the same body style; then price, then year. */
function distance(
  vehicle: Pick<VehicleDetail, "make" | "model" | "bodyStyle" | "year" | "price">,
  makeSlug: string,
  modelSlug: string,
): (c: IndexedVehicle) => [number, number, number] | null {
  return (c) => {
    const sameModel = c.makeSlug === makeSlug && c.modelSlug === modelSlug;
    if (!sameModel && c.bodyStyle !== vehicle.bodyStyle) return null;
    // Without a price on either side, price says nothing: those candidates follow the priced ones, by year.
    const price =
      vehicle.price === null ? 0 : c.price === null ? Number.MAX_SAFE_INTEGER : Math.abs(c.price - vehicle.price);
    return [sameModel ? 0 : 1, price, Math.abs(c.year - vehicle.year)];
  };
}

/**
 * Up to `n` (at most 50) available vehicles like `vehicle`: the same make and model first, then the same body style,
 * each by the nearest price (nearest model year for a vehicle without a price), ties by VIN. Never the vehicle
 * itself; private ones only after the private-inventory unlock.
 */
export async function similarVehicles(
  db: Db,
  vehicle: Pick<VehicleDetail, "vin" | "make" | "model" | "bodyStyle" | "year" | "price">,
  n: number,
  options: SimilarOptions = { privateUnlocked: false },
): Promise<VehicleCard[]> {
  const limit = Math.max(0, Math.min(Math.floor(n), 50));
  if (limit === 0) return [];
  const index = await inventoryIndex(db);
  const measure = distance(vehicle, slugify(vehicle.make), slugify(vehicle.model));
  const candidates: { vehicle: IndexedVehicle; key: [number, number, number] }[] = [];
  for (const candidate of index.vehicles) {
    if (candidate.vin === vehicle.vin) continue;
    if (candidate.private && !options.privateUnlocked) continue;
    if (options.storeId !== undefined && candidate.storeId !== options.storeId) continue;
    if (options.conditions && !options.conditions.includes(candidate.condition)) continue;
    const key = measure(candidate);
    if (key) candidates.push({ vehicle: candidate, key });
  }
  candidates.sort(
    (a, b) =>
      a.key[0] - b.key[0] ||
      a.key[1] - b.key[1] ||
      a.key[2] - b.key[2] ||
      (a.vehicle.vin < b.vehicle.vin ? -1 : a.vehicle.vin > b.vehicle.vin ? 1 : 0),
  );
  const now = options.now ?? new Date();
  return candidates
    .slice(0, limit)
    .map((c) => toCard(c.vehicle, { priceUnlocked: options.priceUnlocked ?? false, now }));
}
