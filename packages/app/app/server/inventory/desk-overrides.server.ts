// How the import keeps what an admin changed of a car (issue 29, ADR 395): a hidden car stays hidden, a corrected price
// stays while the feed still sends the price it corrected. Used inside the import's transaction, and by the desk.
import { and, eq, inArray, isNull, not, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { vehicleDeskOverrides } from "../db/schema.server";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "../staff/audit.server";

/**
 * Serialises the desk's changes to a store's cars with the imports into that store, for the rest of the transaction:
 * an import that read a car's override before the desk wrote it would otherwise write the feed's price over the
 * correction. Waits (never fails); an import holds it for its own length, a desk change for milliseconds.
 */
export async function lockStoreInventory(tx: Pick<Db, "execute">, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`showroom:inventory:${storeId}`}))`);
}

/** The upsert's status of a car the feed lists: `hidden` while an admin's override hides it. */
export const statusKeepingHidden = sql.raw(
  `case when exists (select 1 from "vehicle_desk_overrides" o where o."vin" = excluded."vin" and o."hidden") ` +
    `then 'hidden' else 'available' end`,
);

/** The upsert's price: the admin's while the feed still sends the price it corrected, else the feed's. */
export const priceKeepingCorrection = sql.raw(
  `coalesce((select o."price" from "vehicle_desk_overrides" o where o."vin" = excluded."vin" and o."price" is not null ` +
    `and o."feed_price" is not distinct from excluded."price"), excluded."price")`,
);

const intArray = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : String(Math.trunc(v)))).join(",")}}`;

/**
 * Ends the corrections of cars whose feed price is no longer the one corrected: the dealer changed it, and the feed's
 * new price is the one to show (the upsert then writes it). Each ending is an audit row, so the desk can say why a
 * corrected price went. Call before the upsert of the same cars.
 */
export async function endSupersededCorrections(
  tx: Db,
  cars: readonly { vin: string; price: number | null }[],
  now: Date,
  actor: Actor = SYSTEM_ACTOR,
): Promise<number> {
  if (cars.length === 0) return 0;
  const vins = `{${cars.map((c) => `"${c.vin.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  const superseded = rowsOf<{ vin: string; price: number; feed_price: number | null; new_price: number | null }>(
    await tx.execute(sql`
      select o.vin, o.price, o.feed_price, f.price as new_price
      from ${vehicleDeskOverrides} o
      join unnest(${vins}::text[], ${intArray(cars.map((c) => c.price))}::int[]) as f(vin, price) on f.vin = o.vin
      where o.price is not null and o.feed_price is distinct from f.price`),
  );
  if (superseded.length === 0) return 0;
  const ended = superseded.map((r) => r.vin);
  await tx
    .update(vehicleDeskOverrides)
    .set({ price: null, feedPrice: null, priceReason: null, changedAt: now })
    .where(inArray(vehicleDeskOverrides.vin, ended));
  await tx
    .delete(vehicleDeskOverrides)
    .where(
      and(
        inArray(vehicleDeskOverrides.vin, ended),
        not(vehicleDeskOverrides.hidden),
        isNull(vehicleDeskOverrides.price),
      ),
    );
  for (const row of superseded) {
    await recordAudit(tx, actor, {
      action: "feed-replaced-corrected-price",
      subject: row.vin,
      detail: { correctedPrice: row.price, correctedFeedPrice: row.feed_price, feedPrice: row.new_price },
    });
  }
  return superseded.length;
}

/** Deletes an override left with nothing to keep. */
export async function dropEmptyOverride(tx: Db, vin: string): Promise<void> {
  await tx
    .delete(vehicleDeskOverrides)
    .where(
      and(eq(vehicleDeskOverrides.vin, vin), not(vehicleDeskOverrides.hidden), isNull(vehicleDeskOverrides.price)),
    );
}
