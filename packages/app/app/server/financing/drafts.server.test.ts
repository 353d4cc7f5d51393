import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { keyring, masterKey } from "../crypto/envelope.server";
import { financeApplicationDrafts } from "../db/schema.server";
import { DRAFT_LIFETIME_MS, readDraft, saveDraft, sweepDrafts } from "./drafts.server";

const HOUR = 3_600_000;
const ring = keyring(masterKey(randomBytes(32)));

describe.each(testDatabaseKinds())("credit application drafts on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("on a simulated clock, however often a draft is saved, it is readable until 24 hours after its first save and gone after", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 30 * HOUR }), { minLength: 1, maxLength: 6 }),
        async (offsets) => {
          const visitorId = randomUUID();
          const start = Date.parse("2026-11-26T12:00:00Z");
          const times = [...offsets].sort((a, b) => a - b).map((o) => start + o);
          let firstSave: number | null = null;
          for (const [i, at] of times.entries()) {
            // A save after expiry starts a new draft with a new 24 hours.
            if (firstSave === null || at >= firstSave + DRAFT_LIFETIME_MS) firstSave = at;
            await saveDraft(t.db, ring, visitorId, { step: i }, new Date(at));
            const read = await readDraft(t.db, ring, visitorId, new Date(at));
            expect(read.snapshot).toEqual({ step: i });
          }
          const last = times.at(-1) ?? start;
          const justBefore = await readDraft(
            t.db,
            ring,
            visitorId,
            new Date((firstSave ?? start) + DRAFT_LIFETIME_MS - 1),
          );
          if ((firstSave ?? start) + DRAFT_LIFETIME_MS - 1 >= last)
            expect(justBefore.snapshot).toEqual({ step: times.length - 1 });
          const after = await readDraft(t.db, ring, visitorId, new Date((firstSave ?? start) + DRAFT_LIFETIME_MS));
          expect(after).toEqual({ snapshot: null, expired: true });
          expect(
            await t.db.select().from(financeApplicationDrafts).where(eq(financeApplicationDrafts.visitorId, visitorId)),
          ).toEqual([]);
        },
      ),
      { numRuns: kind === "pglite" ? 40 : 15 },
    );
  });

  it("stores the draft sealed, and a draft changed in the database is discarded, never read", async () => {
    const visitorId = randomUUID();
    await saveDraft(t.db, ring, visitorId, { ssn: "123-45-6789" });
    const [row] = await t.db
      .select()
      .from(financeApplicationDrafts)
      .where(eq(financeApplicationDrafts.visitorId, visitorId));
    expect(Buffer.from(row?.sealed ?? []).includes(Buffer.from("123-45-6789"))).toBe(false);
    const flipped = Buffer.from(row?.sealed ?? []);
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 1;
    await t.db
      .update(financeApplicationDrafts)
      .set({ sealed: flipped })
      .where(eq(financeApplicationDrafts.visitorId, visitorId));
    expect(await readDraft(t.db, ring, visitorId)).toEqual({ snapshot: null, expired: false });
    expect((await t.db.select().from(financeApplicationDrafts)).some((d) => d.visitorId === visitorId)).toBe(false);
  });

  it("the sweep deletes expired drafts only", async () => {
    await t.db.execute(sql`truncate finance_application_drafts, visitors cascade`);
    const now = new Date("2026-11-26T12:00:00Z");
    await saveDraft(t.db, ring, randomUUID(), { old: true }, new Date(now.getTime() - DRAFT_LIFETIME_MS - 1));
    const fresh = randomUUID();
    await saveDraft(t.db, ring, fresh, { fresh: true }, new Date(now.getTime() - HOUR));
    expect(await sweepDrafts(t.db, now)).toBe(1);
    expect((await t.db.select().from(financeApplicationDrafts)).map((d) => d.visitorId)).toEqual([fresh]);
  });
});
