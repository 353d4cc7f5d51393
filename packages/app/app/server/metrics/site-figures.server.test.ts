import { LEAD_KINDS } from "@showroom/rules/leads";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { insertPendingLeads, seedStore } from "../../../tests/support/leads";
import { leads, outbox } from "../db/schema.server";
import { OTHER_KIND, readSiteFigures } from "./site-figures.server";

describe.each(testDatabaseKinds())("the figures a scrape reads, on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("an empty site: no pending or dead rows, age 0, and every lead kind at 0", async () => {
    const figures = await readSiteFigures(t.db);
    expect(figures.outboxPending).toBe(0);
    expect(figures.outboxDead).toBe(0);
    expect(figures.oldestPendingAgeSeconds).toBe(0);
    expect([...figures.recentLeadsByKind.keys()].sort()).toEqual([...LEAD_KINDS].sort());
    expect([...figures.recentLeadsByKind.values()].every((n) => n === 0)).toBe(true);
  });

  it("counts pending and dead rows apart from sent ones, and ages the oldest pending row from when it was written", async () => {
    await seedStore(t.db);
    await insertPendingLeads(t.db, 6, "CONTACT_SALES");
    const rows = await t.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.id);
    const ids = rows.map((r) => r.id);
    await t.db
      .update(outbox)
      .set({ state: "sent", sentAt: new Date() })
      .where(inArray(outbox.id, ids.slice(0, 2)));
    await t.db
      .update(outbox)
      .set({ state: "dead" })
      .where(eq(outbox.id, ids[2] as number));
    const now = new Date();
    await t.db
      .update(outbox)
      .set({ createdAt: new Date(now.getTime() - 90_000) })
      .where(eq(outbox.id, ids[3] as number));
    // A dead row older still: only pending rows count towards the age.
    await t.db
      .update(outbox)
      .set({ createdAt: new Date(now.getTime() - 900_000) })
      .where(eq(outbox.id, ids[2] as number));

    const figures = await readSiteFigures(t.db, now);
    expect(figures.outboxPending).toBe(3);
    expect(figures.outboxDead).toBe(1);
    expect(figures.oldestPendingAgeSeconds).toBeCloseTo(90, 0);
  });

  it("counts leads of the last 24 hours by kind; older leads and unknown kinds do not add to the thirteen", async () => {
    await seedStore(t.db);
    await insertPendingLeads(t.db, 3, "CONTACT_SALES");
    await insertPendingLeads(t.db, 1, "SELL_OR_TRADE");
    const [old] = await insertPendingLeads(t.db, 1, "SELL_OR_TRADE");
    await t.db.execute(
      sql`update leads set created_at = now() - interval '25 hours' where id = (select lead_id from outbox where message_id = ${old})`,
    );
    const [odd] = await insertPendingLeads(t.db, 1, "CAREERS");
    await t.db.execute(
      sql`update leads set kind = 'RETIRED_FORM' where id = (select lead_id from outbox where message_id = ${odd})`,
    );

    const figures = await readSiteFigures(t.db);
    expect(figures.recentLeadsByKind.get("CONTACT_SALES")).toBe(3);
    expect(figures.recentLeadsByKind.get("SELL_OR_TRADE")).toBe(1);
    expect(figures.recentLeadsByKind.get("CAREERS")).toBe(0);
    expect(figures.recentLeadsByKind.get(OTHER_KIND)).toBe(1);
    expect(figures.recentLeadsByKind.size).toBe(LEAD_KINDS.length + 1);
    expect(await t.db.$count(leads)).toBe(6);
  });
});
