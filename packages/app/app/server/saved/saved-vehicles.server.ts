// The vehicles a visitor saved (the hearts), kept on the visitor's server-side profile: no sign-in, the signed
// visitor cookie names the list (docs/decisions/271).
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { savedVehicles, visitors } from "../db/schema.server";
import type { VisitorState } from "../visitor-state.server";

/** How many vehicles one visitor may keep: a shortlist, and a bound on what one cookie can make us store. */
export const SAVED_VEHICLES_LIMIT = 100;

/** The VINs a visitor saved, oldest first; none for a browser the server does not know or has just named. */
export async function savedVins(db: Db, visitor: Pick<VisitorState, "visitorId" | "namedNow">): Promise<string[]> {
  const { visitorId } = visitor;
  if (visitorId === null || visitor.namedNow) return [];
  const rows = await db
    .select({ vin: savedVehicles.vin })
    .from(savedVehicles)
    .where(eq(savedVehicles.visitorId, visitorId))
    .orderBy(asc(savedVehicles.createdAt), asc(savedVehicles.vin));
  return rows.map((row) => row.vin);
}

export type SaveOutcome = "saved" | "full";

/**
 * Saves a vehicle (which the caller checked is listed) to the visitor's list, creating the visitor's row on first
 * use; saving one already saved changes nothing. "full" when the list holds {@link SAVED_VEHICLES_LIMIT} others.
 */
export async function saveVehicle(db: Db, visitorId: string, vin: string): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    await tx.insert(visitors).values({ id: visitorId }).onConflictDoNothing();
    // The visitor's row, locked: two saves at once cannot both pass the limit.
    await tx.execute(sql`select 1 from visitors where id = ${visitorId}::uuid for update`);
    const [already] = await tx
      .select({ n: count() })
      .from(savedVehicles)
      .where(and(eq(savedVehicles.visitorId, visitorId), eq(savedVehicles.vin, vin)));
    if (Number(already?.n ?? 0) > 0) return "saved";
    const [total] = await tx.select({ n: count() }).from(savedVehicles).where(eq(savedVehicles.visitorId, visitorId));
    if (Number(total?.n ?? 0) >= SAVED_VEHICLES_LIMIT) return "full";
    await tx.insert(savedVehicles).values({ visitorId, vin }).onConflictDoNothing();
    return "saved";
  });
}

/** Takes a vehicle off the visitor's list; removing one that is not there changes nothing. */
export async function removeVehicle(db: Db, visitorId: string, vin: string): Promise<void> {
  await db.delete(savedVehicles).where(and(eq(savedVehicles.visitorId, visitorId), eq(savedVehicles.vin, vin)));
}
