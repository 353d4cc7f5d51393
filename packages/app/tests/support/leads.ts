// Stores, leads and outbox rows for server tests.
import { randomUUID } from "node:crypto";
import brentwood from "@showroom/fixtures/dealers/stores/brentwood.json" with { type: "json" };
import { type Lead, type LeadDestinations, leadSchema } from "@showroom/rules/leads";
import type { Db } from "../../app/server/db/client.server";
import { leads, outbox, stores } from "../../app/server/db/schema.server";
import type { RecordLeadInput } from "../../app/server/leads/record-lead.server";
import { leadStoreFromProfile } from "../../app/server/leads/store-snapshot";
import { leadMessageId } from "../../app/server/mail/message-id";

export const TEST_STORE_ID = brentwood.id;
export const TEST_MESSAGE_DOMAIN = "leads.showroom.test";
export const TEST_MAIL_FROM = `Showroom Leads <leads@${TEST_MESSAGE_DOMAIN}>`;

/** The fixture dealer profile of the Brentwood store, as the stores table holds it. */
export const testStoreProfile: unknown = brentwood;

/** Writes the Brentwood store (once). Leads reference a store. */
export async function seedStore(db: Db): Promise<void> {
  await db
    .insert(stores)
    .values({ id: brentwood.id, name: brentwood.name, profile: brentwood })
    .onConflictDoNothing({ target: stores.id });
}

/** Destinations for tests: every text lead to one mailbox, CONTACT_SALES as ADF to a CRM mailbox. */
export const testDestinations: LeadDestinations = {
  destinations: {
    DEFAULT: { type: "text", subject: "Website Lead", to: ["sales@dealer.test"] },
    CONTACT_SALES: { type: "adf", subject: "Website Lead (ADF)", to: ["crm@dealer.test"] },
  },
};

/** A contact-sales lead as the contact form's action would record it, with a fresh idempotency key. */
export function contactLeadInput(overrides: Partial<RecordLeadInput> = {}): RecordLeadInput {
  return {
    idempotencyKey: randomUUID(),
    storeId: TEST_STORE_ID,
    visitorId: randomUUID(),
    adfLeadCookie: null,
    lead: {
      kind: "CONTACT_SALES",
      user: { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" },
      text: "Is the 2021 Camry still available? <I'd like a test drive & a quote.>",
    },
    ...overrides,
  };
}

/**
 * Writes `count` leads with their outbox rows in bulk (no relay involved), kind `kind`, and returns the Message-IDs.
 * Much faster than one recordLead per row when a test needs hundreds of rows.
 */
export async function insertPendingLeads(
  db: Db,
  count: number,
  kind: Lead["kind"] = "CONTACT_DEALERSHIP",
): Promise<string[]> {
  const store = leadStoreFromProfile(brentwood, brentwood.id);
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const payload = leadSchema.parse({
      kind,
      id,
      createdAt: now.toISOString(),
      status: "new",
      user: { firstName: "Shopper", lastName: `Number ${i + 1}`, email: `shopper${i + 1}@example.com` },
      text: `Message ${i + 1}`,
      store,
    });
    return { id, payload, messageId: leadMessageId(id, TEST_MESSAGE_DOMAIN) };
  });
  const chunk = 250;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    await db.insert(leads).values(
      part.map((r) => ({
        id: r.id,
        kind,
        status: "new" as const,
        storeId: brentwood.id,
        idempotencyKey: r.id,
        payload: r.payload,
      })),
    );
    await db.insert(outbox).values(part.map((r) => ({ leadId: r.id, messageId: r.messageId })));
  }
  return rows.map((r) => r.messageId);
}
