// The desk's Inventory page (issue 29, ADR 396): find a car by VIN or stock number, hide it or correct its price, each
// change audited, and the cars hidden or corrected now. The change is written to `vehicles` itself, so the listing,
// the search index of every process (the inventory-version notice), the cached pages, the sitemap and the ad feeds
// follow it as they follow an import; `vehicle_desk_overrides` is what keeps it through the next import (ADR 395).
import { type and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { stores, vehicleDeskOverrides, vehicles } from "../db/schema.server";
import { dropEmptyOverride, lockStoreInventory } from "../inventory/desk-overrides.server";
import { type Actor, recordAudit } from "./audit.server";

/** How many cars a search shows: a VIN names one, a stock number a few (stores number apart). */
const FOUND_SHOWN = 20;

export interface DeskCar {
  vin: string;
  stockNumber: string;
  title: string;
  storeName: string;
  status: "available" | "sold" | "hidden";
  price: number | null;
  hidden: boolean;
  hiddenReason: string | null;
  /** Set while an admin's price stands in for the feed's. */
  correction: { feedPrice: number | null; reason: string | null } | null;
  changedBy: string | null;
  changedAt: string | null;
}

const columns = {
  vin: vehicles.vin,
  stockNumber: vehicles.stockNumber,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  trim: vehicles.trim,
  storeName: stores.name,
  status: vehicles.status,
  price: vehicles.price,
  hidden: vehicleDeskOverrides.hidden,
  hiddenReason: vehicleDeskOverrides.hiddenReason,
  deskPrice: vehicleDeskOverrides.price,
  feedPrice: vehicleDeskOverrides.feedPrice,
  priceReason: vehicleDeskOverrides.priceReason,
  changedBy: vehicleDeskOverrides.changedBy,
  changedAt: vehicleDeskOverrides.changedAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null };

const toCar = (r: Row): DeskCar => ({
  vin: r.vin ?? "",
  stockNumber: r.stockNumber ?? "",
  title: [r.year, r.make, r.model, r.trim].filter(Boolean).join(" "),
  storeName: r.storeName ?? "",
  status: r.status ?? "sold",
  price: r.price,
  hidden: r.hidden === true,
  hiddenReason: r.hiddenReason,
  correction: r.deskPrice !== null ? { feedPrice: r.feedPrice, reason: r.priceReason } : null,
  changedBy: r.changedBy,
  changedAt: r.changedAt?.toISOString() ?? null,
});

function carsWhere(db: Db, where: ReturnType<typeof and>) {
  return db
    .select(columns)
    .from(vehicles)
    .innerJoin(stores, eq(stores.id, vehicles.storeId))
    .leftJoin(vehicleDeskOverrides, eq(vehicleDeskOverrides.vin, vehicles.vin))
    .where(where)
    .orderBy(asc(stores.name), asc(vehicles.stockNumber))
    .limit(FOUND_SHOWN);
}

/** Cars whose VIN or stock number is `query` (either case): a VIN is stored in capitals, a stock number as sent. */
export async function findCars(db: Db, query: string): Promise<DeskCar[]> {
  const wanted = query.trim();
  if (wanted === "") return [];
  const rows = await carsWhere(
    db,
    or(eq(vehicles.vin, wanted.toUpperCase()), sql`lower(${vehicles.stockNumber}) = ${wanted.toLowerCase()}`),
  );
  return rows.map(toCar);
}

/** The cars an admin hid, and those whose price an admin corrected (the two lists of the page). */
export async function overriddenCars(db: Db): Promise<{ hidden: DeskCar[]; corrected: DeskCar[] }> {
  const rows = await db
    .select(columns)
    .from(vehicleDeskOverrides)
    .innerJoin(vehicles, eq(vehicles.vin, vehicleDeskOverrides.vin))
    .innerJoin(stores, eq(stores.id, vehicles.storeId))
    .orderBy(asc(stores.name), asc(vehicles.stockNumber));
  const cars = rows.map(toCar);
  return { hidden: cars.filter((c) => c.hidden), corrected: cars.filter((c) => c.correction) };
}

export type DeskChange =
  | { intent: "hide"; vin: string; reason: string }
  | { intent: "show"; vin: string }
  | { intent: "price"; vin: string; price: number; reason: string }
  | { intent: "restore"; vin: string };

/** `unchanged`: the car already was as asked (a second press, a resubmitted form); nothing written, nothing audited. */
export type DeskChangeOutcome = "changed" | "unchanged" | "not-found";

/**
 * One admin change to one car, with its audit row, in one transaction under the store's inventory lock (so an import
 * running now finishes first, and the next one reads the override).
 */
export async function changeCar(
  db: Db,
  actor: Actor,
  change: DeskChange,
  now = new Date(),
): Promise<DeskChangeOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [found] = await tx.select({ storeId: vehicles.storeId }).from(vehicles).where(eq(vehicles.vin, change.vin));
    if (!found) return "not-found";
    await lockStoreInventory(tx, found.storeId);
    const [car] = await tx
      .select({ status: vehicles.status, price: vehicles.price })
      .from(vehicles)
      .where(eq(vehicles.vin, change.vin))
      .for("update");
    if (!car) return "not-found";
    const [kept] = await tx.select().from(vehicleDeskOverrides).where(eq(vehicleDeskOverrides.vin, change.vin));
    const by = { changedBy: actor.email, changedAt: now };
    const audit = (action: Parameters<typeof recordAudit>[2]["action"], detail: Record<string, unknown>) =>
      recordAudit(tx, actor, { action, subject: change.vin, detail });

    switch (change.intent) {
      case "hide": {
        if (kept?.hidden && car.status !== "available") return "unchanged";
        await tx
          .insert(vehicleDeskOverrides)
          .values({ vin: change.vin, hidden: true, hiddenReason: change.reason, ...by })
          .onConflictDoUpdate({
            target: vehicleDeskOverrides.vin,
            set: { hidden: true, hiddenReason: change.reason, ...by },
          });
        // A sold car stays sold; hidden, it stays off the site if the feed lists it again.
        if (car.status === "available") {
          await tx.update(vehicles).set({ status: "hidden", updatedAt: now }).where(eq(vehicles.vin, change.vin));
        }
        await audit("hid-vehicle", { reason: change.reason, status: car.status });
        return "changed";
      }
      case "show": {
        if (!kept?.hidden && car.status !== "hidden") return "unchanged";
        if (kept) {
          await tx
            .update(vehicleDeskOverrides)
            .set({ hidden: false, hiddenReason: null, ...by })
            .where(eq(vehicleDeskOverrides.vin, change.vin));
          await dropEmptyOverride(tx, change.vin);
        }
        if (car.status === "hidden") {
          await tx.update(vehicles).set({ status: "available", updatedAt: now }).where(eq(vehicles.vin, change.vin));
        }
        await audit("showed-vehicle", { hiddenReason: kept?.hiddenReason ?? null });
        return "changed";
      }
      case "price": {
        if (kept?.price === change.price && car.price === change.price) return "unchanged";
        // The feed's price is the one before any correction: a second correction keeps the first one's baseline.
        const feedPrice = kept?.price != null ? kept.feedPrice : car.price;
        await tx
          .insert(vehicleDeskOverrides)
          .values({ vin: change.vin, price: change.price, feedPrice, priceReason: change.reason, ...by })
          .onConflictDoUpdate({
            target: vehicleDeskOverrides.vin,
            set: { price: change.price, feedPrice, priceReason: change.reason, ...by },
          });
        await tx.update(vehicles).set({ price: change.price, updatedAt: now }).where(eq(vehicles.vin, change.vin));
        await audit("corrected-price", { from: car.price, to: change.price, feedPrice, reason: change.reason });
        return "changed";
      }
      case "restore": {
        if (kept?.price == null) return "unchanged";
        await tx
          .update(vehicleDeskOverrides)
          .set({ price: null, feedPrice: null, priceReason: null, ...by })
          .where(eq(vehicleDeskOverrides.vin, change.vin));
        await dropEmptyOverride(tx, change.vin);
        await tx.update(vehicles).set({ price: kept.feedPrice, updatedAt: now }).where(eq(vehicles.vin, change.vin));
        await audit("restored-feed-price", { from: car.price, to: kept.feedPrice });
        return "changed";
      }
    }
  });
}
