// Inventory feed pulls (issue 29, ADR 352): every scheduled pull of a store's feed URL, what it did, and a held feed
// waiting for an admin. Re-exported by schema.server.ts, the schema drizzle-kit reads.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "./schema.server";

export const feedPullStatuses = ["running", "not-modified", "applied", "held", "failed"] as const;
export type FeedPullStatus = (typeof feedPullStatuses)[number];

/** A rejected row as the desk shows it: its line in the feed and why. */
export interface FeedPullRejection {
  line: number;
  reason: string;
}

/**
 * One pull of one store's feed. Claimed as `running` under an advisory lock before the fetch (so of several processes
 * one pulls per cycle), then finished with what it did. The validators (`etag`, `last_modified`) are kept only when the
 * response's content decided the outcome, so a pull that failed on our side fetches the body again next time.
 */
export const inventoryFeedPulls = pgTable(
  "inventory_feed_pulls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Where from, without user, password, query or fragment: those may carry the dealer system's secrets. */
    url: text("url").notNull(),
    status: text("status", { enum: feedPullStatuses }).notNull(),
    /** Why it failed or was held, in words the desk shows. */
    reason: text("reason"),
    httpStatus: integer("http_status"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    bytes: integer("bytes"),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    sold: integer("sold").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** The first rejected rows (a bounded list); `rejected` counts them all. */
    rejectedLines: jsonb("rejected_lines").$type<FeedPullRejection[]>().notNull().default([]),
    /** A held feed's parsed vehicles, until an admin applies it or a later pull supersedes it. */
    heldFeed: jsonb("held_feed"),
    /** For a held feed: the store's cars in stock (listed or hidden), and how many of them the feed would mark sold. */
    available: integer("available"),
    wouldSell: integer("would_sell"),
    /** When and by whom a held feed was applied anyway. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: text("released_by"),
  },
  (t) => [
    index("inventory_feed_pulls_store_idx").on(t.storeId, t.startedAt),
    check("inventory_feed_pulls_status", sql`${t.status} in ('running', 'not-modified', 'applied', 'held', 'failed')`),
  ],
);
