import { randomUUID } from "node:crypto";
import { ADF_LEAD_COOKIE, type Lead, type LeadStore, leadSchema, leadStatus } from "@showroom/rules/leads";
import type { TrackingEventName } from "@showroom/rules/tracking";
import { eq, sql } from "drizzle-orm";
import { setCookie } from "../../cookies";
import type { Db } from "../db/client.server";
import { leads, outbox, stores, visitors } from "../db/schema.server";
import { leadMessageId } from "../mail/message-id";
import { currentLeadCapture } from "../tracking/lead-capture.server";
import { leadStoreFromProfile } from "./store-snapshot";

/** The session cookie that marks a browser's later leads as `resend` (spec section 4, Leads), set when
 * `recordLead` answers `setAdfLeadCookie`. */
export const ADF_LEAD_SET_COOKIE = setCookie(ADF_LEAD_COOKIE, "1");

/** What the form gave for the lead: everything but what recording decides (id, time, status) and, optionally, the store. */
export type LeadContent = Omit<Lead, "id" | "createdAt" | "status" | "store"> & {
  /** The store as the email should name it; read from the store's profile when absent. */
  store?: LeadStore;
};

export interface RecordLeadInput {
  /** The key the form carried (one per render): a second submit with it finds the first lead. */
  idempotencyKey: string;
  storeId: string;
  /** The visitor the signed uniqueUserId cookie names; marked as a lead. */
  visitorId?: string | null;
  /** The adfLead cookie as the request carried it: absent makes the lead `new`, present `resend`. */
  adfLeadCookie?: string | null;
  lead: LeadContent;
  /**
   * More writes that must land with the lead or not at all (the visitor's profile and price unlock), run inside the
   * lead's transaction after its rows, with the lead as recorded. Not run when the idempotency key had already made the
   * lead.
   */
  alsoWrite?: (tx: LeadTransaction, lead: Lead) => Promise<void>;
  /** An event the form reports besides its kind's (a popup's `submitted.track`), under the lead's own event id. */
  alsoTrack?: TrackingEventName;
}

/** The transaction `alsoWrite` runs in: a database handle whose writes commit or roll back with the lead's. */
export type LeadTransaction = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export interface RecordLeadOptions {
  /** The domain of our Message-IDs: `mailDomain(config.MAIL_FROM)`. */
  messageDomain: string;
  now?: Date;
}

export interface RecordedLead {
  /** The lead as stored and as the email will say it. */
  lead: Lead;
  /** False when the idempotency key had already made this lead: nothing was written. */
  created: boolean;
  /** Whether the answer should set the adfLead session cookie (the request had none). */
  setAdfLeadCookie: boolean;
  messageId: string;
}

/** The lead does not satisfy `leadSchema`; `issues` names each field in the schema's words. */
export class LeadValidationError extends Error {
  override name = "LeadValidationError";
  constructor(readonly issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    super(`The lead is invalid: ${issues.map((i) => `${i.path.join(".") || "lead"}: ${i.message}`).join("; ")}`);
  }
}

export class UnknownStoreError extends Error {
  override name = "UnknownStoreError";
}

/** Thrown inside the transaction to roll it back when the idempotency key is taken. */
class DuplicateSubmit extends Error {}

async function storeSnapshot(db: Db, input: RecordLeadInput): Promise<LeadStore> {
  if (input.lead.store) return input.lead.store;
  const [store] = await db.select({ profile: stores.profile }).from(stores).where(eq(stores.id, input.storeId));
  if (!store) throw new UnknownStoreError(`There is no store ${input.storeId}`);
  return leadStoreFromProfile(store.profile, input.storeId);
}

async function existing(db: Db, idempotencyKey: string): Promise<{ lead: Lead; messageId: string } | undefined> {
  const [row] = await db
    .select({ payload: leads.payload, messageId: outbox.messageId })
    .from(leads)
    .innerJoin(outbox, eq(outbox.leadId, leads.id))
    .where(eq(leads.idempotencyKey, idempotencyKey))
    .limit(1);
  return row && { lead: row.payload as Lead, messageId: row.messageId };
}

/** Whether the visitor has no contact detail saved yet (no row, or no name, email or phone in its profile). */
async function profileEmpty(db: Db, visitorId: string): Promise<boolean> {
  const [row] = await db.select({ profile: visitors.profile }).from(visitors).where(eq(visitors.id, visitorId));
  const profile = (row?.profile ?? {}) as Record<string, unknown>;
  return !["firstName", "lastName", "email", "phone"].some(
    (field) => typeof profile[field] === "string" && (profile[field] as string).trim() !== "",
  );
}

/**
 * Records a lead with the outbox row that will mail it, in ONE transaction, before the shopper is told it worked:
 * either both rows (and the visitor's isLead mark) are written, or nothing is. A key already used returns the first
 * lead and writes nothing; two identical submits racing each other meet at the unique index (ON CONFLICT DO NOTHING),
 * and the loser rolls back and reads the winner's lead.
 */
export async function recordLead(db: Db, input: RecordLeadInput, options: RecordLeadOptions): Promise<RecordedLead> {
  const { status, setAdfLeadCookie } = leadStatus({ adfLeadCookie: input.adfLeadCookie });
  const found = await existing(db, input.idempotencyKey);
  if (found) return { ...found, created: false, setAdfLeadCookie };

  const id = randomUUID();
  const now = options.now ?? new Date();
  const { store: _given, ...content } = input.lead;
  // The request's tracking capture (ADR 281): the ad parameters the visitor let us keep, and whether the profile was
  // empty before this lead, for the Lead event.
  const capture = currentLeadCapture();
  const kept = content.adParams ?? (await capture?.adParams());
  const adParams = kept && Object.keys(kept).length > 0 ? kept : undefined;
  const profileWasEmpty = capture && input.visitorId ? await profileEmpty(db, input.visitorId) : false;
  const parsed = leadSchema.safeParse({
    ...content,
    ...(adParams ? { adParams } : {}),
    id,
    createdAt: now.toISOString(),
    status,
    store: await storeSnapshot(db, input),
  });
  if (!parsed.success) throw new LeadValidationError(parsed.error.issues);
  const lead = parsed.data;
  const messageId = leadMessageId(id, options.messageDomain);

  try {
    await db.transaction(async (tx) => {
      if (input.visitorId) {
        await tx
          .insert(visitors)
          .values({ id: input.visitorId, isLead: true })
          .onConflictDoUpdate({ target: visitors.id, set: { isLead: true, updatedAt: sql`now()` } });
      }
      const inserted = await tx
        .insert(leads)
        .values({
          id,
          kind: lead.kind,
          status,
          visitorId: input.visitorId ?? null,
          storeId: input.storeId,
          idempotencyKey: input.idempotencyKey,
          vin: lead.vehicle?.vin ?? null,
          payload: lead,
          createdAt: now,
        })
        .onConflictDoNothing({ target: leads.idempotencyKey })
        .returning({ id: leads.id });
      if (inserted.length === 0) throw new DuplicateSubmit();
      await tx.insert(outbox).values({ leadId: id, messageId, nextAttemptAt: now });
      await input.alsoWrite?.(tx, lead);
    });
  } catch (error) {
    if (!(error instanceof DuplicateSubmit)) throw error;
    const winner = await existing(db, input.idempotencyKey);
    if (!winner) throw new Error(`Lead ${input.idempotencyKey} vanished while a duplicate submit waited for it`);
    return { ...winner, created: false, setAdfLeadCookie };
  }
  capture?.recorded.push({
    lead,
    visitorId: input.visitorId ?? null,
    profileWasEmpty,
    ...(input.alsoTrack ? { alsoTrack: input.alsoTrack } : {}),
  });
  return { lead, created: true, setAdfLeadCookie, messageId };
}
