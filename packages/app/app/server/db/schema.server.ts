import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { alertEmails, alertSubscriptions } from "./alerts-schema.server";
import { bytea, createdAt, sealedColumns } from "./columns.server";
import { vehicleDeskOverrides } from "./desk-overrides-schema.server";
import { inventoryFeedPulls } from "./feed-pulls-schema.server";
import { offerRuleVersions } from "./offer-rules-schema.server";
import { vehiclePhotos } from "./photos-schema.server";
import { auditEvents, retentionTallies, staffAccounts, staffSessions, staffSettings } from "./staff-schema.server";

// The staff desk's tables and the published offer rules live in their own modules; drizzle-kit reads this one, so it
// re-exports them.
export * from "./alerts-schema.server";
export * from "./desk-overrides-schema.server";
export * from "./feed-pulls-schema.server";
export * from "./offer-rules-schema.server";
export * from "./photos-schema.server";
export * from "./staff-schema.server";

/** A dealership store; `profile` is the dealer profile of the fixtures, validated at import. */
export const stores = pgTable("stores", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  profile: jsonb("profile").notNull(),
  createdAt: createdAt(),
});

/**
 * One row per VIN. A dealer feed upserts by VIN; a vehicle missing from a full feed is marked sold, never deleted,
 * so leads keep pointing at the car the shopper asked about.
 */
export const vehicles = pgTable(
  "vehicles",
  {
    vin: text("vin").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    /** `hidden`: an admin took it off the site (vehicle_desk_overrides); every reader lists `available` alone. */
    status: text("status", { enum: ["available", "sold", "hidden"] })
      .notNull()
      .default("available"),
    condition: text("condition", { enum: ["new", "used", "certified"] }).notNull(),
    year: integer("year").notNull(),
    make: text("make").notNull(),
    makeSlug: text("make_slug").notNull(),
    model: text("model").notNull(),
    modelSlug: text("model_slug").notNull(),
    trim: text("trim"),
    bodyStyle: text("body_style").notNull(),
    mileage: integer("mileage").notNull(),
    /** Whole dollars; null means "Call for Price". */
    price: integer("price"),
    oldPrice: integer("old_price"),
    stockNumber: text("stock_number").notNull(),
    exteriorColor: text("exterior_color"),
    interiorColor: text("interior_color"),
    fuelType: text("fuel_type"),
    transmission: text("transmission"),
    priceDrop: boolean("price_drop").notNull().default(false),
    premiumUpgrades: boolean("premium_upgrades").notNull().default(false),
    /** Shown only after the private-inventory unlock. */
    private: boolean("private").notNull().default(false),
    /** Everything else the feed gives (features, doors, drivetrain, engine, pictures…). */
    details: jsonb("details").notNull().default({}),
    firstSeenAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
  },
  (t) => [
    index("vehicles_store_status_idx").on(t.storeId, t.status),
    index("vehicles_make_model_idx").on(t.makeSlug, t.modelSlug),
    index("vehicles_price_idx").on(t.price),
  ],
);

/**
 * One row that a trigger on `vehicles` rewrites with the writing transaction's id after every statement that
 * touches the table (migration 0001): the search keeps the inventory in memory and reloads it when this changes
 * (docs/decisions/130). Transaction ids only grow, so a value never comes back, even after a truncate.
 */
export const inventoryVersion = pgTable("inventory_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "bigint" }).notNull(),
});

/**
 * A browser, keyed by the signed `uniqueUserId` cookie. The profile lives here, not in cookies, so personal data is
 * neither sent on every request nor readable by scripts.
 */
export const visitors = pgTable("visitors", {
  id: uuid("id").primaryKey(),
  profile: jsonb("profile").notNull().default({}),
  /** Stamped whenever a complete profile is saved (spec section 4, Leads): listings show prices from then on. */
  unlockPriceAt: timestamp("unlock_price_at", { withTimezone: true }),
  /** The private-inventory unlock (lead UNLOCK_INVENTORY): private vehicles are listed from then on. */
  unlockInventoryAt: timestamp("unlock_inventory_at", { withTimezone: true }),
  /**
   * Journeys in progress without JavaScript (stepper, test drive, inventory unlock): persisted xstate snapshots keyed
   * by journey and vehicle, so each step's form post resumes where the last one left off.
   */
  journeys: jsonb("journeys").notNull().default({}),
  isLead: boolean("is_lead").notNull().default(false),
  selectedStoreId: text("selected_store_id"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The vehicles a visitor saved with a card's or a page's heart (no sign-in: the visitor's server-side profile). A
 * sold or removed vehicle leaves the list with its row; listings show only what is still for sale.
 */
export const savedVehicles = pgTable(
  "saved_vehicles",
  {
    visitorId: uuid("visitor_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    vin: text("vin")
      .notNull()
      .references(() => vehicles.vin, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.visitorId, table.vin] })],
);

/** Every form submission that reached us. Written with its outbox row in one transaction. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["new", "resend"] }).notNull(),
    visitorId: uuid("visitor_id").references(() => visitors.id),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    /** One per form render: a double submit finds the first lead instead of writing a second. */
    idempotencyKey: text("idempotency_key").notNull(),
    vin: text("vin"),
    /** The validated form data the lead email is built from. Never holds SSN, date of birth or income. */
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    /** When the retention job removed the shopper's details from `payload` (the kind, store and dates stay). */
    disposedAt: timestamp("disposed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("leads_idempotency_key_uq").on(t.idempotencyKey), index("leads_created_idx").on(t.createdAt)],
);

/**
 * A sell/trade offer, saved with its SELL_OR_TRADE lead in one transaction and shown at
 * `/sell-trade-my-car/offer/{id}` until `valid_until` (in the dealer's calendar). The id is 128 random bits, so the
 * address is the only key; the row holds the vehicle and the offer, and no contact details (those stay with the lead).
 */
export const offers = pgTable(
  "offers",
  {
    id: text("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    visitorId: uuid("visitor_id").references(() => visitors.id),
    outcome: text("outcome", { enum: ["offer", "bring-in"] }).notNull(),
    /** The content hash of the offer rules that priced it (`offerRulesVersion`). */
    rulesVersion: text("rules_version").notNull(),
    /** The published version's number when the rules came from the database (ADR 341), else null. */
    rulesPublished: integer("rules_published"),
    /**
     * The offer-rules experiment the visitor was in when priced, and on which side (ADR 390): its statistics on the
     * desk are counted from these columns, never from the person.
     */
    experiment: text("experiment"),
    experimentArm: text("experiment_arm", { enum: ["variant", "control"] }),
    /** When the shopper first booked a visit from this offer. */
    visitBookedAt: timestamp("visit_booked_at", { withTimezone: true }),
    /** The two prices offered (null when withheld or brought in), beside the JSON so the desk's figures read no JSON. */
    cashNowPrice: integer("cash_now_price"),
    moreCashLaterPrice: integer("more_cash_later_price"),
    /** The last day the offer stands, as the dealer's calendar has it. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** The vehicle, the valuation and the evaluated offer with every deduction and cost, as the page explains it. */
    offer: jsonb("offer").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("offers_lead_uq").on(t.leadId),
    index("offers_experiment_idx").on(t.experiment, t.createdAt).where(sql`${t.experiment} is not null`),
    index("offers_visitor_experiment_idx").on(t.visitorId, t.validUntil).where(sql`${t.experiment} is not null`),
    check(
      "offers_experiment_arm",
      sql`(${t.experiment} is null and ${t.experimentArm} is null) or ${t.experimentArm} in ('variant', 'control')`,
    ),
  ],
);

// `dropped`: an alert email whose alert was turned off before it went out (ADR 370); never sent, never retried.
export const outboxStates = ["pending", "sent", "dead", "dropped"] as const;
export type OutboxState = (typeof outboxStates)[number];

/**
 * The emails a lead, or an alert (ADR 370), must produce: each row names exactly one of them. The relay claims due
 * rows, sends, and marks them sent, retries them with backoff, or dead-letters them; rows are never deleted.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id").references(() => leads.id),
    alertEmailId: uuid("alert_email_id").references(() => alertEmails.id),
    /** Derived from the lead (or alert email) id, so a CRM can drop a duplicate delivery. */
    messageId: text("message_id").notNull(),
    state: text("state", { enum: outboxStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A claim: another relay leaves the row alone until this passes (a crashed relay's claim expires). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    firstAttemptAt: timestamp("first_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_message_id_uq").on(t.messageId),
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    // The dead letters, few among rows that are never deleted: /metrics counts them at every scrape (ADR 309).
    index("outbox_dead_idx").on(t.id).where(sql`${t.state} = 'dead'`),
    check("outbox_one_source", sql`num_nonnulls(${t.leadId}, ${t.alertEmailId}) = 1`),
  ],
);

/**
 * The times of the latest POSTs per key (an IP), at most the limit plus one, in the database so the limit holds across
 * instances. Counting the last 60 seconds, not clock minutes, means no minute ever admits more than the limit.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: timestamp("hits", { withTimezone: true }).array().notNull(),
});

export const financeApplicationKinds = ["pre-approval", "full-credit"] as const;
export type FinanceApplicationKind = (typeof financeApplicationKinds)[number];
export const financeApplicationStatuses = ["new", "sent-to-lender", "closed"] as const;
export type FinanceApplicationStatus = (typeof financeApplicationStatuses)[number];

/**
 * Pre-approvals and full credit applications. Only what a list needs is clear (reference, name, email, phone, store,
 * status, dates); SSNs, dates of birth, addresses, employers and incomes are in `sealed`, readable only through the
 * staff desk. Written in the transaction of the lead that announces it.
 */
export const financeApplications = pgTable(
  "finance_applications",
  {
    id: uuid("id").primaryKey(),
    /** What the shopper and the finance desk quote: `FC-7K3M-Q9XZ`. */
    reference: text("reference").notNull(),
    kind: text("kind", { enum: financeApplicationKinds }).notNull(),
    status: text("status", { enum: financeApplicationStatuses }).notNull().default("new"),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id),
    visitorId: uuid("visitor_id").references(() => visitors.id),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    ...sealedColumns(),
    createdAt: createdAt(),
    /** The retention period counts from here (ADR 190; the staff desk's disposal job). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("finance_applications_reference_uq").on(t.reference),
    index("finance_applications_created_idx").on(t.createdAt),
  ],
);

/**
 * A full credit application in progress without JavaScript: the stepper's snapshot, answers included, sealed like a
 * submission and kept at most 24 hours. One per visitor.
 */
export const financeApplicationDrafts = pgTable("finance_application_drafts", {
  visitorId: uuid("visitor_id")
    .primaryKey()
    .references(() => visitors.id),
  ...sealedColumns(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const resumeKinds = ["pdf", "docx"] as const;

/**
 * Résumés sent with the careers form (lead CAREERS): the file, as checked, with the name the applicant gave it,
 * sealed under a data key of its own. Clear are only its kind and size; the row's id is its stored name (never the
 * applicant's). Written in the transaction of the lead that announces it; `lastUsedAt` starts the retention period.
 */
export const resumes = pgTable(
  "resumes",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id),
    kind: text("kind", { enum: resumeKinds }).notNull(),
    byteSize: integer("byte_size").notNull(),
    ...sealedColumns(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("resumes_lead_idx").on(t.leadId)],
);

/**
 * SMS codes (spec sections 5 and 7): only an HMAC of each code is kept. A code lives 10 minutes and takes 5 checks; a
 * new send supersedes the number's earlier codes. Sends per number and per IP are counted from here.
 */
export const phoneVerifications = pgTable(
  "phone_verifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The ten national digits. */
    phone: text("phone").notNull(),
    visitorId: uuid("visitor_id"),
    /** An HMAC of the sender's IP: counts sends per IP without keeping the address. */
    ipKey: text("ip_key").notNull(),
    codeHash: bytea("code_hash").notNull(),
    checks: integer("checks").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [
    index("phone_verifications_phone_idx").on(t.phone, t.createdAt),
    index("phone_verifications_ip_idx").on(t.ipKey, t.createdAt),
  ],
);

export const schema = {
  stores,
  vehicles,
  visitors,
  leads,
  offers,
  outbox,
  rateLimits,
  financeApplications,
  financeApplicationDrafts,
  phoneVerifications,
  staffAccounts,
  staffSessions,
  auditEvents,
  staffSettings,
  retentionTallies,
  offerRuleVersions,
  inventoryFeedPulls,
  vehiclePhotos,
  alertSubscriptions,
  alertEmails,
  vehicleDeskOverrides,
};
