// The desk's changes to a car that the feeds must not undo (issue 29, ADR 395). Re-exported by schema.server.ts, the
// schema drizzle-kit reads.
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { vehicles } from "./schema.server";

/**
 * What an admin changed of one car. `vehicles` holds the result (status `hidden`, the corrected price), so every reader
 * of the inventory sees it; this row is what the import reads to keep it: a hidden car stays hidden, and a corrected
 * price stays while the feed still sends `feed_price` (the price it corrected). A row with neither is deleted.
 */
export const vehicleDeskOverrides = pgTable("vehicle_desk_overrides", {
  vin: text("vin")
    .primaryKey()
    .references(() => vehicles.vin),
  hidden: boolean("hidden").notNull().default(false),
  hiddenReason: text("hidden_reason"),
  /** Whole dollars; null when the price is the feed's. */
  price: integer("price"),
  /** The feed's price the correction replaced (null: the feed said "Call for Price"). */
  feedPrice: integer("feed_price"),
  priceReason: text("price_reason"),
  changedBy: text("changed_by").notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
});
