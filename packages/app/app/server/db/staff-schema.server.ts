// The staff desk's tables (ADRs 220–225): accounts, sign-ins, the append-only audit trail, the desk's settings and
// the tallies retention keeps. Re-exported by schema.server.ts, the schema drizzle-kit reads.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, sealedColumns } from "./columns.server";

// Analyst stands apart from the chain sales < finance < admin: it publishes offer rules, never sees a lead (ADR 342).
export const staffRoles = ["sales", "finance", "analyst", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * The dealership's people who use the staff desk (`/staff`). Made by `npm run staff -- add`, never deleted (the audit
 * trail names them): a leaver is disabled. The password is an argon2id hash; the TOTP secret (sealed) is what
 * the authenticator app holds, and `totp_last_step` the 30-second step of the last code accepted, so a code is used once.
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: uuid("id").primaryKey(),
    /** Lower-cased. */
    email: text("email").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The TOTP secret, sealed like personal data (ADR 190): a copy of the table computes no codes. */
    ...sealedColumns(),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** Failed passwords or codes since the last success or lockout; the fifth locks the account. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_accounts_email_uq").on(t.email)],
);

/**
 * A sign-in. The cookie holds a random token; only its SHA-256 is the key here, so a copy of the table signs nobody
 * in. `verified_at` is null between the password and the code. Revoked rows stay until they are swept.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_account_idx").on(t.accountId)],
);

export const auditActions = [
  "signed-in",
  "failed-sign-in",
  "signed-out",
  "viewed-application",
  "revealed-ssn",
  "changed-application-status",
  "exported-csv",
  "retried-email",
  "changed-account",
  "changed-retention",
  "retention-run",
  "published-offer-rules",
  "rolled-back-offer-rules",
  "applied-held-feed",
  "uploaded-feed",
  "hid-vehicle",
  "showed-vehicle",
  "corrected-price",
  "restored-feed-price",
  "feed-replaced-corrected-price",
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Who did what to which record, when and from where. Append-only: a trigger (migration 0008) refuses every UPDATE and
 * DELETE on both databases, so neither the desk nor a bug can rewrite it.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system (the retention job, the command line) and for a sign-in with an unknown email. */
    accountId: uuid("account_id"),
    /** The email as given: the account's, or what a failed sign-in typed. */
    actor: text("actor").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    /** The record: an application's reference, a lead id, an outbox row, an account's email. */
    subject: text("subject"),
    ip: text("ip"),
    /** Counts and changes; never personal data of a shopper. */
    detail: jsonb("detail").notNull().default({}),
  },
  (t) => [index("audit_events_at_idx").on(t.at), index("audit_events_subject_idx").on(t.subject)],
);

/** The desk's settings, one row: the retention period in days after last use (RETENTION_DAYS until an admin sets it). */
export const staffSettings = pgTable("staff_settings", {
  id: integer("id").primaryKey(),
  retentionDays: integer("retention_days").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What disposal keeps for reports: how many records of each kind a store had per month, once their personal data is
 * gone. Nothing in it names anyone.
 */
export const retentionTallies = pgTable(
  "retention_tallies",
  {
    month: text("month").notNull(),
    what: text("what").notNull(),
    storeId: text("store_id").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [uniqueIndex("retention_tallies_uq").on(t.month, t.what, t.storeId)],
);
