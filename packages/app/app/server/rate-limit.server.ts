import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "./db/client.server";
import { rowsOf } from "./db/rows";

const WINDOW_MS = 60_000;
const SWEEP_AFTER_MS = 3_600_000;

export interface Verdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts hits per key over the last 60 seconds (a sliding window, not a clock minute). Both kinds keep a key's latest
 * hits, no more than `limit` earlier ones, and give the same verdicts (docs/decisions/452).
 */
export interface RateLimiter {
  /** Counts one hit for `key` and says whether the last 60 seconds hold at most `limit` of them. */
  hit(key: string, limit: number, now?: Date): Promise<Verdict>;
  /** Forgets keys with no recent hit, so the count stays small. */
  sweep(now?: Date): Promise<void>;
  /** Every key with its hits, as text: equal before and after a request means the request was not counted. */
  state(): Promise<string>;
}

/** The verdict for a key's hits (oldest first, the new one last) at `now`. */
function verdictOf(count: number, secondOldest: number | null, limit: number, now: number): Verdict {
  if (count <= limit || secondOldest === null) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((secondOldest + WINDOW_MS - now) / 1000)) };
}

/**
 * On PostgreSQL, where several processes serve one site (WEB_CONCURRENCY, several hosts): one atomic upsert per hit
 * in `rate_limits`, so every instance behind a load balancer shares the count.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, now = new Date()) {
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
      const secondOldest = row?.second_oldest ? new Date(row.second_oldest).getTime() : null;
      return verdictOf(Number(row?.count ?? 1), secondOldest, limit, now.getTime());
    },
    async sweep(now = new Date()) {
      const before = new Date(now.getTime() - SWEEP_AFTER_MS).toISOString();
      await db.execute(sql`delete from rate_limits where hits[cardinality(hits)] < ${before}::timestamptz`);
    },
    async state() {
      const [row] = rowsOf<{ state: string }>(
        await db.execute(
          sql`select coalesce(string_agg(t::text, '|' order by t::text), '') as state from rate_limits t`,
        ),
      );
      return row?.state ?? "";
    },
  };
}

/**
 * On the embedded database, which one process serves: the same count in that process's memory, where the upsert cost
 * a millisecond of every POST. A key is kept a minute after its last hit, and at most `maxKeys` of them, the least
 * recently hit dropped first: a flood of addresses forgets old ones, never grows without bound.
 */
export function memoryRateLimiter(maxKeys = 100_000): RateLimiter {
  const keys = new LRUCache<string, number[]>({ max: maxKeys, ttl: WINDOW_MS });
  return {
    async hit(key, limit, now = new Date()) {
      const at = now.getTime();
      const recent = (keys.get(key) ?? [])
        .filter((h) => h > at - WINDOW_MS)
        .sort((a, b) => a - b)
        .slice(-limit);
      recent.push(at);
      keys.set(key, recent);
      return verdictOf(recent.length, recent[1] ?? null, limit, at);
    },
    async sweep() {
      keys.purgeStale();
    },
    async state() {
      return [...keys.entries()]
        .map(([key, hits]) => `${key}:${hits.join(",")}`)
        .sort()
        .join("|");
    },
  };
}
