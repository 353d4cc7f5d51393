import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import { visitors } from "./db/schema.server";
import { visitorCookies } from "./visitor.server";
import { readVisitor, saveVisitor } from "./visitor-state.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const cookies = visitorCookies(SECRET);

/** A request from the browser that `visitorId` names, its id cookie signed as the server signs it. */
async function requestOf(visitorId: string | null): Promise<Request> {
  if (visitorId === null) return new Request("http://localhost/");
  const signed = await createCookie("uniqueUserId", { secrets: [SECRET] }).serialize(visitorId);
  return new Request("http://localhost/", { headers: { Cookie: signed.split(";")[0] ?? "" } });
}

const complete = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "(314) 555-0100" };

describe.each(testDatabaseKinds())("visitor state on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("a browser without the id cookie is a new visitor with nothing unlocked, and reading writes nothing", async () => {
    const state = await readVisitor(t.db, await cookies.identify(await requestOf(null)));
    expect(state).toMatchObject({ visitorId: null, priceUnlocked: false, inventoryUnlocked: false, profile: {} });
    expect(await t.db.select().from(visitors)).toHaveLength(0);
  });

  it("a complete profile stamps the price unlock; a partial one merges without stamping", async () => {
    const id = randomUUID();
    const partial = await saveVisitor(t.db, { visitorId: id, profile: { firstName: "Ada" } });
    expect(partial.priceUnlocked).toBe(false);
    const done = await saveVisitor(t.db, { visitorId: id, profile: { ...complete, firstName: undefined } });
    expect(done.profile).toEqual(complete);
    expect(done.priceUnlocked).toBe(true);
    const read = await readVisitor(t.db, await cookies.identify(await requestOf(id)));
    expect(read).toMatchObject({ visitorId: id, profile: complete, priceUnlocked: true, inventoryUnlocked: false });
  });

  it("the inventory unlock and journeys are kept apart from the profile; a null journey is cleared", async () => {
    const id = randomUUID();
    await saveVisitor(t.db, { visitorId: id, journeys: { "test-drive:X": { step: 1 }, keep: true } });
    const state = await saveVisitor(t.db, { visitorId: id, unlockInventory: true, journeys: { "test-drive:X": null } });
    expect(state).toMatchObject({ inventoryUnlocked: true, priceUnlocked: false, journeys: { keep: true } });
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, id));
    expect(row?.unlockPriceAt).toBeNull();
    expect(row?.journeys).toEqual({ keep: true });
  });

  it("whatever the stored columns hold, reading yields string profile fields and a journeys record", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), async (profile, journeys) => {
        const id = randomUUID();
        await t.db.insert(visitors).values({ id, profile: profile ?? {}, journeys: journeys ?? {} });
        const state = await readVisitor(t.db, await cookies.identify(await requestOf(id)));
        for (const value of Object.values(state.profile)) expect(typeof value).toBe("string");
        expect(typeof state.journeys).toBe("object");
        expect(Array.isArray(state.journeys)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
