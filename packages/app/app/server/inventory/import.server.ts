import { and, count, eq, inArray, sql } from "drizzle-orm";
import { type AlertChange, queueAlertMatches } from "../alerts/match.server";
import type { Db } from "../db/client.server";
import { stores, vehicles } from "../db/schema.server";
import {
  endSupersededCorrections,
  lockStoreInventory,
  priceKeepingCorrection,
  statusKeepingHidden,
} from "./desk-overrides.server";
import { FEED_BATCH_ROWS, type ParsedFeed, type Rejection } from "./feed";
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

/** A summary that changes nothing, thrown inside the import's transaction to roll back what it wrote. */
class Refused extends Error {
  constructor(readonly summary: ImportSummary) {
    super(summary.reason);
  }
}

/** A feed read whole, or in batches (`readFeedInBatches`, `readJsonFeedFile`). */
type Feed = ParsedFeed | Iterable<ParsedFeed> | AsyncIterable<ParsedFeed>;

const isParsedFeed = (feed: Feed): feed is ParsedFeed => "vehicles" in feed;

/**
 * Applies a feed to one store in ONE transaction: upserts by VIN, and (for a full feed) marks the store's vehicles
 * that the feed no longer lists as sold — never deletes them, since leads point at them. An empty feed, or one where
 * more than half the rows were rejected, is almost certainly a broken export: it changes nothing.
 *
 * The feed may come in batches (`readFeedInBatches`, `readJsonFeedFile`, ADR 327): each is written as it is read, so
 * only one batch of validated vehicles is held at a time, and what decides the whole feed (the share rejected, the
 * mass-sold hold) is judged at the end, rolling the transaction back when it refuses.
 *
 * What an admin changed on the desk survives (ADR 395): a hidden car stays hidden (and is sold like any other when the
 * feed drops it), a corrected price stays while the feed sends the price it corrected.
 */
export async function importFeed(
  db: Db,
  storeId: string,
  feed: Feed,
  options: {
    full?: boolean;
    now?: Date;
    /** Hold (change nothing) a full feed that would mark more than this % of the store's cars in stock sold. */
    holdAbovePercent?: number;
    /**
     * Queue the email alerts the feed's new listings and price drops match, in the import's transaction (ADR 372);
     * the domain names their Message-IDs (`mailDomain(MAIL_FROM)`). Absent, no alert is looked at (the seed).
     */
    alerts?: { messageDomain: string };
  } = {},
): Promise<ImportSummary> {
  const { full = true, now = new Date(), holdAbovePercent } = options;
  const refuse = (reason: string, rejected: Rejection[]): ImportSummary => ({
    applied: false,
    reason,
    added: 0,
    updated: 0,
    sold: 0,
    rejected,
  });
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!store) return refuse(`there is no store ${storeId}`, isParsedFeed(feed) ? feed.rejected : []);

  try {
    return await db.transaction(async (tx) => {
      await lockStoreInventory(tx, storeId);
      // The store's cars in stock: a car an admin hid is still the dealer's, and sold when the feed drops it.
      const ofStore = and(eq(vehicles.storeId, storeId), inArray(vehicles.status, ["available", "hidden"]));
      const hold = full && holdAbovePercent !== undefined;
      // Counted before the feed writes, so the hold judges the inventory the feed would change.
      const [available] = hold ? await tx.select({ n: count() }).from(vehicles).where(ofStore) : [];
      const vins: string[] = [];
      const rejected: Rejection[] = [];
      const changes: AlertChange[] = [];
      let known = 0;
      for await (const batch of isParsedFeed(feed) ? [feed] : feed) {
        for (const rejection of batch.rejected) rejected.push(rejection);
        for (let i = 0; i < batch.vehicles.length; i += FEED_BATCH_ROWS) {
          const chunk = batch.vehicles.slice(i, i + FEED_BATCH_ROWS);
          const chunkVins = chunk.map((v) => v.vin);
          const before = await tx
            .select({ vin: vehicles.vin, status: vehicles.status, price: vehicles.price })
            .from(vehicles)
            .where(inArray(vehicles.vin, chunkVins));
          known += before.length;
          await endSupersededCorrections(tx as unknown as Db, chunk, now);
          const shown = await upsert(tx as unknown as Db, chunk, storeId, now);
          if (options.alerts) for (const change of alertChanges(shown, before)) changes.push(change);
          for (const vin of chunkVins) vins.push(vin);
        }
      }
      const total = vins.length + rejected.length;
      if (vins.length === 0)
        throw new Refused(refuse(total === 0 ? "the feed is empty" : "no row of the feed is valid", rejected));
      if (rejected.length * 2 > total) {
        throw new Refused(refuse(`${rejected.length} of ${total} rows were rejected (more than half)`, rejected));
      }
      // One array parameter, not one per VIN: a feed of 100,000 rows is past PostgreSQL's 65,535 parameters.
      const notInFeed = sql`${vehicles.vin} <> all(${toTextArray(vins)}::text[])`;
      if (hold) {
        const [wouldSell] = await tx.select({ n: count() }).from(vehicles).where(and(ofStore, notInFeed));
        const share = { available: Number(available?.n ?? 0), wouldSell: Number(wouldSell?.n ?? 0) };
        if (holdsFeed(share, holdAbovePercent)) {
          throw new Refused({ ...refuse(holdReason(share, holdAbovePercent), rejected), held: share });
        }
      }
      let sold = 0;
      if (full) {
        const gone = await tx
          .update(vehicles)
          .set({ status: "sold", soldAt: now, updatedAt: now })
          .where(and(ofStore, notInFeed))
          .returning({ vin: vehicles.vin });
        sold = gone.length;
      }
      if (options.alerts) await queueAlertMatches(tx as unknown as Db, { storeId, changes, ...options.alerts });
      return { applied: true, added: vins.length - known, updated: known, sold, rejected };
    });
  } catch (error) {
    if (error instanceof Refused) return error.summary;
    throw error;
  }
}

/**
 * What the alerts watch in a batch: a listing that is new (never seen, or back after being sold), and a price that
 * went down. Every other row of the feed changes nothing anyone asked to hear about. Both prices are the ones shoppers
 * see, as written before and after the upsert: a desk correction the feed keeps sending is no change (ADR 395, 416).
 */
function alertChanges(
  after: readonly { vin: string; price: number | null }[],
  before: readonly { vin: string; status: string; price: number | null }[],
): AlertChange[] {
  const previous = new Map(before.map((row) => [row.vin, row]));
  const changes: AlertChange[] = [];
  for (const vehicle of after) {
    const old = previous.get(vehicle.vin);
    if (old?.status !== "available") changes.push({ vin: vehicle.vin, event: "new", oldPrice: null });
    else if (old.price !== null && vehicle.price !== null && vehicle.price < old.price)
      changes.push({ vin: vehicle.vin, event: "price-drop", oldPrice: old.price });
  }
  return changes;
}

/** Writes a batch; returns each car's price as written, which a desk correction may have kept (ADR 395). */
async function upsert(
  db: Db,
  batch: ParsedFeed["vehicles"],
  storeId: string,
  now: Date,
): Promise<{ vin: string; price: number | null }[]> {
  return await db
    .insert(vehicles)
    .values(batch.map((v) => ({ ...v, storeId, status: "available" as const, updatedAt: now })))
    .onConflictDoUpdate({
      target: vehicles.vin,
      set: {
        storeId: sql`excluded.store_id`,
        status: statusKeepingHidden,
        condition: sql`excluded.condition`,
        year: sql`excluded.year`,
        make: sql`excluded.make`,
        makeSlug: sql`excluded.make_slug`,
        model: sql`excluded.model`,
        modelSlug: sql`excluded.model_slug`,
        trim: sql`excluded.trim`,
        bodyStyle: sql`excluded.body_style`,
        mileage: sql`excluded.mileage`,
        price: priceKeepingCorrection,
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
    })
    .returning({ vin: vehicles.vin, price: vehicles.price });
}

/** A list of strings as one PostgreSQL text[] literal, each element quoted. */
export function toTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}
