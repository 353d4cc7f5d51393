import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import {
  contactLeadInput,
  seedStore,
  TEST_MESSAGE_DOMAIN,
  TEST_STORE_ID,
  testStoreProfile,
} from "../../../tests/support/leads";
import type { Db } from "../db/client.server";
import { leads, outbox, visitors } from "../db/schema.server";
import { leadIdOfMessageId } from "../mail/message-id";
import { LeadValidationError, recordLead, UnknownStoreError } from "./record-lead.server";
import { leadStoreFromProfile } from "./store-snapshot";

const options = { messageDomain: TEST_MESSAGE_DOMAIN };

/** The messages of an error and its causes: drizzle wraps the driver's error. */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(" ← ");
}

async function tally(db: Db) {
  const [l] = await db.select({ n: count() }).from(leads);
  const [o] = await db.select({ n: count() }).from(outbox);
  const [v] = await db.select({ n: count() }).from(visitors);
  return { leads: Number(l?.n), outbox: Number(o?.n), visitors: Number(v?.n) };
}

describe.each(testDatabaseKinds())("recordLead on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("writes the lead, its outbox row and the visitor's lead mark together", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const result = await recordLead(t.db, input, options);

    expect(result.created).toBe(true);
    expect(result.lead.status).toBe("new");
    expect(result.setAdfLeadCookie).toBe(true);
    expect(result.lead.store).toEqual(leadStoreFromProfile(testStoreProfile, TEST_STORE_ID));
    expect(result.lead.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const [row] = await t.db.select().from(leads).where(eq(leads.id, result.lead.id));
    expect(row).toMatchObject({
      kind: "CONTACT_SALES",
      status: "new",
      storeId: TEST_STORE_ID,
      visitorId: input.visitorId,
      idempotencyKey: input.idempotencyKey,
    });
    expect(row?.payload).toEqual(result.lead);

    const [mail] = await t.db.select().from(outbox).where(eq(outbox.leadId, result.lead.id));
    expect(mail?.state).toBe("pending");
    expect(mail?.messageId).toBe(result.messageId);
    expect(leadIdOfMessageId(result.messageId)).toBe(result.lead.id);
    expect(result.messageId.endsWith(`@${TEST_MESSAGE_DOMAIN}>`)).toBe(true);

    const [visitor] = await t.db
      .select()
      .from(visitors)
      .where(eq(visitors.id, input.visitorId as string));
    expect(visitor?.isLead).toBe(true);
  });

  it("a lead sent with the adfLead cookie present is a resend and sets no cookie", async () => {
    await seedStore(t.db);
    const result = await recordLead(t.db, contactLeadInput({ adfLeadCookie: "1" }), options);
    expect(result.lead.status).toBe("resend");
    expect(result.setAdfLeadCookie).toBe(false);
    const [row] = await t.db.select({ status: leads.status }).from(leads).where(eq(leads.id, result.lead.id));
    expect(row?.status).toBe("resend");
  });

  it("a second submit with the same idempotency key returns the first lead and writes nothing", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const first = await recordLead(t.db, input, options);
    const before = await tally(t.db);
    const again = await recordLead(
      t.db,
      { ...input, lead: { ...input.lead, text: "A changed message from a second tab" } },
      options,
    );
    expect(again.created).toBe(false);
    expect(again.lead).toEqual(first.lead);
    expect(again.messageId).toBe(first.messageId);
    expect(await tally(t.db)).toEqual(before);
  });

  it("identical submits racing each other make exactly one lead and one outbox row", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    // On PostgreSQL these run on separate pooled connections and meet at the unique index.
    const results = await Promise.all(Array.from({ length: 12 }, () => recordLead(t.db, input, options)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.lead.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.messageId)).size).toBe(1);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
  });

  it("a failing outbox insert rolls back the lead and the visitor's mark", async () => {
    await seedStore(t.db);
    const visitorId = randomUUID();
    await t.db.insert(visitors).values({ id: visitorId });
    await t.db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox insert refused by the test'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    try {
      const error = await recordLead(t.db, contactLeadInput({ visitorId }), options).catch((e: unknown) => e);
      expect(causes(error)).toMatch(/outbox insert refused by the test/);
    } finally {
      await t.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await t.db.execute(sql`drop function refuse_outbox()`);
    }
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });
    const [visitor] = await t.db.select().from(visitors).where(eq(visitors.id, visitorId));
    expect(visitor?.isLead).toBe(false);

    const retried = await recordLead(t.db, contactLeadInput({ visitorId }), options);
    expect(retried.created).toBe(true);
  });

  it("an invalid lead is refused with the schema's words before anything is written", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const bad = { ...input, lead: { ...input.lead, user: { firstName: "Dana", lastName: "", email: "not-an-email" } } };
    const error = await recordLead(t.db, bad, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadValidationError);
    const messages = (error as LeadValidationError).issues.map((i) => i.message);
    expect(messages).toContain("Enter your last name.");
    expect(messages).toContain("Please enter a valid email address");
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("a lead that smuggles credit-application data is refused", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const smuggled = { ...input, lead: { ...input.lead, ssn: "123-45-6789" } } as unknown as typeof input;
    await expect(recordLead(t.db, smuggled, options)).rejects.toBeInstanceOf(LeadValidationError);
    expect((await tally(t.db)).leads).toBe(0);
  });

  it("a lead for a store that does not exist is refused", async () => {
    await expect(recordLead(t.db, contactLeadInput({ storeId: "nowhere" }), options)).rejects.toBeInstanceOf(
      UnknownStoreError,
    );
    expect((await tally(t.db)).leads).toBe(0);
  });

  it("a lead without a visitor is recorded and marks no one", async () => {
    await seedStore(t.db);
    const result = await recordLead(t.db, contactLeadInput({ visitorId: null }), options);
    expect(result.created).toBe(true);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 0 });
  });

  it("a vehicle lead keeps the VIN in its own column", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const vehicle = {
      condition: "used" as const,
      year: 2021,
      make: "Toyota",
      model: "Camry",
      vin: "4T1G11AK5MU123456",
    };
    const result = await recordLead(t.db, { ...input, lead: { ...input.lead, vehicle } }, options);
    const [row] = await t.db.select({ vin: leads.vin }).from(leads).where(eq(leads.id, result.lead.id));
    expect(row?.vin).toBe("4T1G11AK5MU123456");
  });
});
