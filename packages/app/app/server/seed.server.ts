import { loadDealers, readFixtureJson } from "@showroom/fixtures/server";
import { count, sql } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { stores } from "./db/schema.server";
import { parseJsonFeed } from "./inventory/feed";
import { importFeed } from "./inventory/import.server";

const FIXTURE_VEHICLES = "inventory/vehicles.json";

/**
 * Gives an empty database the data the site runs on out of the box: the dealer profiles of the fixtures as stores
 * and the fixture inventory through the same importer a dealer's feed uses. A database that has any store is left
 * alone, so a real deployment's data is never overwritten.
 */
export async function seedIfEmpty(db: Db, log: (line: string) => void = () => {}): Promise<boolean> {
  // Several processes starting on one empty PostgreSQL (WEB_CONCURRENCY) seed it once: the first holds this lock for
  // the whole seed, the others then find the stores and leave them alone.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('showroom:seed'))`);
    return seedInside(tx as unknown as Db, log);
  });
}

async function seedInside(db: Db, log: (line: string) => void): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stores);
  if ((row?.n ?? 0) > 0) return false;

  const { dealers } = loadDealers();
  await db
    .insert(stores)
    .values(dealers.map((dealer) => ({ id: dealer.id, name: dealer.name, profile: dealer })))
    .onConflictDoNothing();

  const all = readFixtureJson(FIXTURE_VEHICLES);
  const vehicles = Array.isArray(all) ? all : [];
  for (const dealer of dealers) {
    const own = vehicles.filter((v) => (v as { storeId?: unknown }).storeId === dealer.id);
    const summary = await importFeed(db, dealer.id, parseJsonFeed(own));
    log(
      summary.applied
        ? `${dealer.name}: ${summary.added} vehicles imported${summary.rejected.length ? `, ${summary.rejected.length} rejected` : ""}`
        : `${dealer.name}: no vehicles imported (${summary.reason})`,
    );
  }
  return true;
}
