import { sql } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { rowsOf } from "./db/rows";

const WINDOW_MS = 60_000;

/**
 * Counts one hit for `key` and says whether the last 60 seconds hold at most `limit` of them. One atomic upsert keeps
 * the key's latest hits (no more than `limit` earlier ones), so every instance behind a load balancer shares the count.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const at = now.toISOString();
  const [row] = rowsOf<{ count: number | string; second_oldest: string | Date | null }>(
    await db.execute(sql`insert into rate_limits as r (key, hits) values (${key}, array[${at}::timestamptz])
      on conflict (key) do update set hits = array(
        select h from (
          select h from unnest(r.hits) as h
          where h > ${at}::timestamptz - interval '1 minute' order by h desc limit ${limit}
        ) recent order by h
      ) || ${at}::timestamptz
      returning cardinality(hits) as count, hits[2] as second_oldest`),
  );
  const count = Number(row?.count ?? 1);
  if (count <= limit || !row?.second_oldest) return { allowed: true, retryAfterSeconds: 0 };
  const freeAt = new Date(row.second_oldest).getTime() + WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** Drops keys with no hit in the last hour; called now and then so the table stays small. */
export async function sweep(db: Db, now = new Date()): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where hits[cardinality(hits)] < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
  );
}
