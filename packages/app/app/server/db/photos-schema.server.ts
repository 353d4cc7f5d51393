// Feed photos fetched and resized by the server (issue 29, ADR 380). Re-exported by schema.server.ts, the schema
// drizzle-kit reads.

import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed or the photo was refused, in words for the log and the desk. */
    reason: text("reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vehicle_photos_due_idx").on(t.status, t.nextAttemptAt),
    check("vehicle_photos_status", sql`${t.status} in ('waiting', 'ready', 'refused')`),
  ],
);
