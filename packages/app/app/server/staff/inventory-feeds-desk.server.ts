import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { type FeedPullRejection, inventoryFeedPulls, stores } from "../db/schema.server";
import { feedUrlForRecord } from "../inventory/feed-fetch.server";
import type { FeedSource } from "../inventory/feed-pull.server";

/** How many pulls of each store the desk lists, and how many rejected lines of each pull it shows. */
const PULLS_SHOWN = 10;
export const LINES_SHOWN = 20;
/** A `running` pull older than this did not finish: its process stopped (or crashed) mid-pull. */
const STALE_MS = 30 * 60_000;

export interface DeskPull {
  id: number;
  startedAt: string;
  url: string;
  /** `running` past {@link STALE_MS} is shown as `did-not-finish`. */
  status: "running" | "did-not-finish" | "not-modified" | "applied" | "held" | "failed";
  reason: string | null;
  added: number;
  updated: number;
  sold: number;
  rejected: number;
  rejectedLines: FeedPullRejection[];
  /** A held feed an admin may still apply. */
  appliable: boolean;
  releasedBy: string | null;
  releasedAt: string | null;
}

export interface DeskStoreFeed {
  id: string;
  name: string;
  /** The configured FEED_URL, as recorded (no credentials or query); null when the store names none. */
  feedUrl: string | null;
  pulls: DeskPull[];
}

/** Every store, its configured feed and its latest pulls, newest first (the desk's "Inventory feeds"). */
export async function inventoryFeedsDesk(db: Db, sources: readonly FeedSource[], now = new Date()) {
  const all = await db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name));
  const ids = all.map((s) => s.id);
  // The latest pulls of each store in one query (a window per store), not one query per store.
  const ranked = db
    .select({
      id: inventoryFeedPulls.id,
      rank: sql<number>`row_number() over (partition by ${inventoryFeedPulls.storeId} order by ${inventoryFeedPulls.startedAt} desc, ${inventoryFeedPulls.id} desc)`.as(
        "rank",
      ),
    })
    .from(inventoryFeedPulls)
    .where(ids.length > 0 ? inArray(inventoryFeedPulls.storeId, ids) : sql`false`)
    .as("ranked");
  const rows = await db
    .select({
      id: inventoryFeedPulls.id,
      storeId: inventoryFeedPulls.storeId,
      startedAt: inventoryFeedPulls.startedAt,
      url: inventoryFeedPulls.url,
      status: inventoryFeedPulls.status,
      reason: inventoryFeedPulls.reason,
      added: inventoryFeedPulls.added,
      updated: inventoryFeedPulls.updated,
      sold: inventoryFeedPulls.sold,
      rejected: inventoryFeedPulls.rejected,
      rejectedLines: inventoryFeedPulls.rejectedLines,
      appliable: sql<boolean>`${inventoryFeedPulls.heldFeed} is not null`,
      releasedBy: inventoryFeedPulls.releasedBy,
      releasedAt: inventoryFeedPulls.releasedAt,
    })
    .from(inventoryFeedPulls)
    .innerJoin(ranked, eq(ranked.id, inventoryFeedPulls.id))
    .where(sql`${ranked.rank} <= ${PULLS_SHOWN}`)
    .orderBy(desc(inventoryFeedPulls.startedAt), desc(inventoryFeedPulls.id));
  const configured = new Map(sources.map((s) => [s.storeId, feedUrlForRecord(s.url)]));
  return all.map(
    (store): DeskStoreFeed => ({
      ...store,
      feedUrl: configured.get(store.id) ?? null,
      pulls: rows
        .filter((r) => r.storeId === store.id)
        .map((r) => ({
          id: r.id,
          startedAt: r.startedAt.toISOString(),
          url: r.url,
          status:
            r.status === "running" && now.getTime() - r.startedAt.getTime() > STALE_MS ? "did-not-finish" : r.status,
          reason: r.reason,
          added: r.added,
          updated: r.updated,
          sold: r.sold,
          rejected: r.rejected,
          rejectedLines: r.rejectedLines.slice(0, LINES_SHOWN),
          appliable: r.status === "held" && Boolean(r.appliable),
          releasedBy: r.releasedBy,
          releasedAt: r.releasedAt?.toISOString() ?? null,
        })),
    }),
  );
}
