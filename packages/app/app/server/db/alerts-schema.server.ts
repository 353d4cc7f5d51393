// Email alerts (issue 28, ADRs 370-374): a shopper's saved search or saved vehicle, and the emails it produced.
// Re-exported by schema.server.ts, the schema drizzle-kit reads.
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.server";
import { stores, vehicles } from "./schema.server";

export const alertKinds = ["search", "vehicle"] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertStatuses = ["pending", "active", "unsubscribed"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/**
 * One alert: what to watch (a search's criteria, or one VIN) and where to write. Nothing but the confirmation is
 * sent while `pending` (double opt-in); `unsubscribed` sends nothing again. The link token is never stored: only its
 * SHA-256 (`token_hash`), looked up on each visit (ADR 371). `last_used_at` starts the retention period.
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: uuid("id").primaryKey(),
    /** The store the shopper subscribed at: its dealer signs the emails. */
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    /** A search alert made from a search at every store (`?store=all`): every store's imports are matched (ADR 423). */
    everyStore: boolean("every_store").notNull().default(false),
    /** Personal data: never logged, never in a URL; cleared by the retention job. */
    email: text("email").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    /** The watched vehicle of a `vehicle` alert. */
    vin: text("vin").references(() => vehicles.vin),
    /** The checked search criteria of a `search` alert (`checkCriteria`), matched with the site's own engine. */
    criteria: jsonb("criteria"),
    /** What the emails link to and call the alert: the search's canonical path or the vehicle's page. */
    path: text("path").notNull(),
    label: text("label").notNull(),
    /** The site's origin when the shopper subscribed: the emails' links point back there. */
    origin: text("origin").notNull(),
    tokenHash: bytea("token_hash").notNull(),
    status: text("status", { enum: alertStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_subscriptions_token_uq").on(t.tokenHash),
    // An address's alerts: its manage page, and the limit per address.
    index("alert_subscriptions_email_idx").on(t.email, t.storeId),
    index("alert_subscriptions_vin_idx").on(t.vin).where(sql`${t.status} = 'active'`),
    index("alert_subscriptions_active_idx").on(t.kind).where(sql`${t.status} = 'active'`),
    check("alert_subscriptions_status", sql`${t.status} in ('pending', 'active', 'unsubscribed')`),
    check(
      "alert_subscriptions_what",
      sql`(${t.kind} = 'vehicle' and ${t.vin} is not null) or (${t.kind} = 'search' and ${t.criteria} is not null)`,
    ),
  ],
);

export const alertEmailKinds = ["confirm", "matches"] as const;

/**
 * One email an alert produced, sent through the outbox (its row names this one). `matches` lists what changed
 * (new listings and price drops) by VIN; the unique index is the "one email per alert per import" rule (ADR 372).
 */
export const alertEmails = pgTable(
  "alert_emails",
  {
    id: uuid("id").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id),
    kind: text("kind", { enum: alertEmailKinds }).notNull(),
    /** The import that found the matches; null for a confirmation. */
    importId: text("import_id"),
    /** `{ vin, event: "new" | "price-drop", price, oldPrice }[]` for `matches`. */
    matches: jsonb("matches").notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_emails_per_import_uq").on(t.subscriptionId, t.importId),
    check("alert_emails_kind", sql`${t.kind} in ('confirm', 'matches')`),
  ],
);
