import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { stores, vehicles } from "../db/schema.server";
import type { ParsedFeed, Rejection } from "./feed";
import { holdReason, holdsFeed, type SoldShare } from "./feed-hold";

export interface ImportSummary {
  applied: boolean;
  /** Why nothing changed, when `applied` is false. */
  reason?: string;
  added: number;
  updated: number;
  sold: number;
  rejected: Rejection[];
  /** Set when a full feed was held by the mass-sold hold: the share it would have sold (ADR 354). */
  held?: SoldShare;
}

const BATCH = 500;

/**
 * Applies a parsed feed to one store in ONE transaction: upserts by VIN, and (for a full feed) marks the store's
 * vehicles that the feed no longer lists as sold — never deletes them, since leads point at them. An empty feed, or
 * one where more than half the rows were rejected, is almost certainly a broken export: it changes nothing.
 */
export async function importFeed(
  db: Db,
  storeId: string,
  feed: ParsedFeed,
  options: {
    full?: boolean;
    now?: Date;
    /** Hold (change nothing) a full feed that would mark more than this % of the store's available cars sold. */
    holdAbovePercent?: number;
  } = {},
): Promise<ImportSummary> {
  const { full = true, now = new Date(), holdAbovePercent } = options;
  const total = feed.vehicles.length + feed.rejected.length;
  const refuse = (reason: string): ImportSummary => ({
    applied: false,
    reason,
    added: 0,
    updated: 0,
    sold: 0,
    rejected: feed.rejected,
  });
  if (feed.vehicles.length === 0) return refuse(total === 0 ? "the feed is empty" : "no row of the feed is valid");
  if (feed.rejected.length * 2 > total) {
    return refuse(`${feed.rejected.length} of ${total} rows were rejected (more than half)`);
  }
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!store) return refuse(`there is no store ${storeId}`);

  return db.transaction(async (tx) => {
    const vins = feed.vehicles.map((v) => v.vin);
    if (full && holdAbovePercent !== undefined) {
      // Counted in the transaction that would apply the feed, so the hold judges the inventory it would change.
      const ofStore = and(eq(vehicles.storeId, storeId), eq(vehicles.status, "available"));
      const [available] = await tx.select({ n: count() }).from(vehicles).where(ofStore);
      const [wouldSell] = await tx
        .select({ n: count() })
        .from(vehicles)
        .where(and(ofStore, sql`${vehicles.vin} <> all(${toTextArray(vins)}::text[])`));
      const share = { available: Number(available?.n ?? 0), wouldSell: Number(wouldSell?.n ?? 0) };
      if (holdsFeed(share, holdAbovePercent)) {
        return { ...refuse(holdReason(share, holdAbovePercent)), held: share };
      }
    }
    const known = new Set<string>();
    for (let i = 0; i < vins.length; i += BATCH) {
      const rows = await tx
        .select({ vin: vehicles.vin })
        .from(vehicles)
        .where(inArray(vehicles.vin, vins.slice(i, i + BATCH)));
      for (const row of rows) known.add(row.vin);
    }
    for (let i = 0; i < feed.vehicles.length; i += BATCH) {
      const batch = feed.vehicles
        .slice(i, i + BATCH)
        .map((v) => ({ ...v, storeId, status: "available" as const, updatedAt: now }));
      await tx
        .insert(vehicles)
        .values(batch)
        .onConflictDoUpdate({
          target: vehicles.vin,
          set: {
            storeId: sql`excluded.store_id`,
            status: sql`'available'`,
            condition: sql`excluded.condition`,
            year: sql`excluded.year`,
            make: sql`excluded.make`,
            makeSlug: sql`excluded.make_slug`,
            model: sql`excluded.model`,
            modelSlug: sql`excluded.model_slug`,
            trim: sql`excluded.trim`,
            bodyStyle: sql`excluded.body_style`,
            mileage: sql`excluded.mileage`,
            price: sql`excluded.price`,
            oldPrice: sql`excluded.old_price`,
            stockNumber: sql`excluded.stock_number`,
            exteriorColor: sql`excluded.exterior_color`,
            interiorColor: sql`excluded.interior_color`,
            fuelType: sql`excluded.fuel_type`,
            transmission: sql`excluded.transmission`,
            priceDrop: sql`excluded.price_drop`,
            premiumUpgrades: sql`excluded.premium_upgrades`,
            private: sql`excluded.private`,
            details: sql`excluded.details`,
            updatedAt: sql`excluded.updated_at`,
            soldAt: sql`null`,
          },
        });
    }
    let sold = 0;
    if (full) {
      const gone = await tx
        .update(vehicles)
        .set({ status: "sold", soldAt: now, updatedAt: now })
        .where(
          and(
            eq(vehicles.storeId, storeId),
            eq(vehicles.status, "available"),
            // One array parameter, not one per VIN: a feed of 100,000 rows is past PostgreSQL's 65,535 parameters.
            sql`${vehicles.vin} <> all(${toTextArray(vins)}::text[])`,
          ),
        )
        .returning({ vin: vehicles.vin });
      sold = gone.length;
    }
    return {
      applied: true,
      added: vins.length - known.size,
      updated: known.size,
      sold,
      rejected: feed.rejected,
    };
  });
}

/** A list of strings as one PostgreSQL text[] literal, each element quoted. */
export function toTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}
