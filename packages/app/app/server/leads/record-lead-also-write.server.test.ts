import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { contactLeadInput, seedStore, TEST_MESSAGE_DOMAIN } from "../../../tests/support/leads";
import type { Db } from "../db/client.server";
import { leads, outbox, visitors } from "../db/schema.server";
import { saveVisitor } from "../visitor-state.server";
import { recordLead } from "./record-lead.server";

const options = { messageDomain: TEST_MESSAGE_DOMAIN };
const dana = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" };

async function tally(db: Db) {
  const [l] = await db.select({ n: count() }).from(leads);
  const [o] = await db.select({ n: count() }).from(outbox);
  const [v] = await db.select({ n: count() }).from(visitors);
  return { leads: Number(l?.n), outbox: Number(o?.n), visitors: Number(v?.n) };
}

describe.each(testDatabaseKinds())("recordLead's alsoWrite on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("commits the extra writes with the lead: the profile and the price unlock land with the lead and outbox row", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    const visitorId = input.visitorId as string;
    await recordLead(
      t.db,
      { ...input, alsoWrite: async (tx) => void (await saveVisitor(tx, { visitorId, profile: dana })) },
      options,
    );
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, visitorId));
    expect(row?.profile).toEqual(dana);
    expect(row?.unlockPriceAt).toBeInstanceOf(Date);
    expect(row?.isLead).toBe(true);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
  });

  it("a failing extra write leaves no lead, no outbox row and no visitor mark", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    await expect(
      recordLead(
        t.db,
        {
          ...input,
          alsoWrite: async (tx) => {
            await saveVisitor(tx, { visitorId: input.visitorId as string, profile: dana });
            throw new Error("the profile store refused");
          },
        },
        options,
      ),
    ).rejects.toThrow("the profile store refused");
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("a repeated idempotency key writes nothing more, the extra writes included", async () => {
    await seedStore(t.db);
    const input = contactLeadInput();
    await recordLead(t.db, input, options);
    let ran = 0;
    const again = await recordLead(
      t.db,
      {
        ...input,
        alsoWrite: async () => {
          ran++;
        },
      },
      options,
    );
    expect(again.created).toBe(false);
    expect(ran).toBe(0);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
  });
});
