// Feed photos fetched and resized by the server (issue 29, ADR 380). Re-exported by schema.server.ts, the schema
// drizzle-kit reads.

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const photoStatuses = ["waiting", "ready", "refused"] as const;
export type PhotoStatus = (typeof photoStatuses)[number];

/**
 * One photo address a feed gave, whatever vehicles name it. `waiting` until the photo job has made its files (due at
 * `next_attempt_at`; a claim pushes that forward, so a crashed worker's claim runs out), `ready` once they are under
 * DATA_DIR/media/photos as `{name}-{width}.{avif,webp}`, `refused` when its content is no image the site shows (never
 * fetched again).
 */
export const vehiclePhotos = pgTable(
  "vehicle_photos",
  {
    sourceUrl: text("source_url").primaryKey(),
    status: text("status", { enum: photoStatuses }).notNull().default("waiting"),
    /** The content hash the files are named by. */
    name: text("name"),
    /** The widest file made (every standard width up to it exists). */
    width: integer("width"),
    /** A JPEG at `width` exists too, `{name}-{width}.jpg`: what the ad feeds name (Google and Meta take no AVIF or WebP). */
    feedJpeg: boolean("feed_jpeg").notNull().default(false),
    /**
     * Since when no car still in the inventory names this address (sold, removed, or its photos changed); null while
     * one does. Its files are deleted a grace period later (ADR 406), so pages and feeds fetched before still load.
     */
    unusedSince: timestamp("unused_since", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed or the photo was refused, in words for the log and the desk. */
    reason: text("reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vehicle_photos_due_idx").on(t.status, t.nextAttemptAt),
    index("vehicle_photos_unused_idx").on(t.unusedSince).where(sql`${t.unusedSince} is not null`),
    check("vehicle_photos_status", sql`${t.status} in ('waiting', 'ready', 'refused')`),
  ],
);
