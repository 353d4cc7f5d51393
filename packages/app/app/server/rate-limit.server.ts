import { lt, sql } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { rateLimits } from "./db/schema.server";

const WINDOW_MS = 60_000;

/**
 * Counts one hit for `key` in the current one-minute window and says whether it is within `limit`. The count lives
 * in the database (one upsert), so every instance behind a load balancer shares it.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds };
}

/** Drops windows older than an hour; called now and then so the table stays small. */
export async function sweep(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 3_600_000)));
}
