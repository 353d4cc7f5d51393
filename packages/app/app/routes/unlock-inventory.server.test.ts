import { randomUUID } from "node:crypto";
import type { Lead } from "@showroom/rules/leads";
import { SAVE_DETAILS_ERROR } from "@showroom/rules/test-drive";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import { clearVisitorsAndLeads, ORIGIN, Shopper, settle, siteOn, tally } from "../../tests/support/test-drive";
import { served } from "../content/test-site";
import { leads, visitors } from "../server/db/schema.server";
import { seedIfEmpty } from "../server/seed.server";
import { readVisitor } from "../server/visitor-state.server";
import { DEFAULT_RETURN, returnPath, unlockInventoryAction, unlockInventoryPage } from "./unlock-inventory.server";

const PROFILE = { firstName: "Jo", lastName: "Park", email: "jo.park@example.com", phone: "+1 636 555 0199" };

function fields(overrides: Record<string, string> = {}) {
  return {
    idempotencyKey: randomUUID(),
    website: "",
    return: "/used-cars-for-sale?sort=priceHigh",
    ...PROFILE,
    ...overrides,
  };
}

/** Strings an attacker would put in `?return=` to leave the site, and some that are merely odd. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.webUrl(),
  fc
    .tuple(
      fc.constantFrom(
        "//",
        "/\\",
        "\\\\",
        "\\/",
        "/\t/",
        "/\n/",
        "https:",
        "javascript:",
        " /",
        "/%2F",
        "///",
        "/ /",
        "/.//",
        "/./\\",
        "/a/..//",
        "/%2e%2e//",
        "/\u0000/",
        "/€/",
      ),
      fc.domain(),
      fc.string({ maxLength: 10 }),
    )
    .map(([prefix, host, rest]) => `${prefix}${host}${rest}`),
);

describe("the return path after the unlock", () => {
  it("is always a path on this site, whatever is asked for (no open redirect)", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const path = returnPath(value);
        expect(path.startsWith("/")).toBe(true);
        const resolved = new URL(path, ORIGIN);
        expect(resolved.origin).toBe(ORIGIN);
        // Browsers also read a Location header this way: what they would resolve it to stays on the site.
        expect(new URL(path, "https://other.example").origin).toBe("https://other.example");
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps a path of the site with its query, and falls back to the search otherwise", () => {
    expect(returnPath("/used-cars-for-sale/suvs?sort=priceHigh")).toBe("/used-cars-for-sale/suvs?sort=priceHigh");
    expect(returnPath("/")).toBe("/");
    expect(returnPath("/.//evil.example")).toBe(DEFAULT_RETURN);
    expect(returnPath("/a/..//evil.example")).toBe(DEFAULT_RETURN);
    expect(returnPath("/voitures/é?q=ü")).toBe("/voitures/%C3%A9?q=%C3%BC");
    for (const bad of [null, undefined, "", "//evil.example", "https://evil.example/", "/\\evil.example", "cars"]) {
      expect(returnPath(bad)).toBe(DEFAULT_RETURN);
    }
  });
});

describe.each(testDatabaseKinds())("unlock private inventory on %s", (kind) => {
  const t = useTestDatabase(kind, { truncate: false });

  beforeAll(async () => {
    await seedIfEmpty(t.db);
  }, 120_000);

  beforeEach(async () => {
    await clearVisitorsAndLeads(t.db);
  });

  it("valid details write the lead UNLOCK_INVENTORY, its outbox row, the profile and unlock_inventory_at together, then 303 back", async () => {
    const site = siteOn(t.db);
    const shopper = new Shopper();
    let page = await settle(() =>
      served(site, shopper.request("/unlock-inventory?return=%2Fcars-for-sale%3Fq%3Dmini"), unlockInventoryPage),
    );
    expect(page.data).toMatchObject({ granted: false, returnTo: "/cars-for-sale?q=mini", profile: {} });

    const answer = shopper.keep(
      await settle(() => served(site, shopper.post("/unlock-inventory", fields()), unlockInventoryAction)),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/used-cars-for-sale?sort=priceHigh");
    expect(site.nudges).toBe(1);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
    const [row] = await t.db.select().from(leads);
    expect(row?.kind).toBe("UNLOCK_INVENTORY");
    expect((row?.payload as Lead | undefined)?.user).toMatchObject(PROFILE);
    const [visitor] = await t.db.select().from(visitors);
    expect(visitor?.unlockInventoryAt).toBeInstanceOf(Date);
    expect(visitor?.profile).toEqual(PROFILE);
    expect(row?.visitorId).toBe(visitor?.id);

    const state = await readVisitor(t.db, await site.cookies.identify(shopper.request("/")));
    expect(state.inventoryUnlocked).toBe(true);
    page = await settle(() => served(site, shopper.request("/unlock-inventory"), unlockInventoryPage));
    expect(page.data).toMatchObject({ granted: true, profile: PROFILE });
  });

  it("bad details answer 400 with the spec's words and write nothing", async () => {
    const site = siteOn(t.db);
    const shopper = new Shopper();
    const answer = await settle(() =>
      served(site, shopper.post("/unlock-inventory", fields({ lastName: "", email: "jo@x" })), unlockInventoryAction),
    );
    expect(answer.status).toBe(400);
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      lastName: ["Enter your last name."],
      email: ["Please enter a valid email address"],
    });
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("a double submit makes one lead; a filled honeypot looks granted and writes nothing", async () => {
    const site = siteOn(t.db);
    const shopper = new Shopper();
    const form = fields();
    const answers = await Promise.all(
      [0, 1].map(() => settle(() => served(site, shopper.post("/unlock-inventory", form), unlockInventoryAction))),
    );
    for (const answer of answers) expect(answer.status).toBe(303);
    expect((await tally(t.db)).leads).toBe(1);
    const bot = await settle(() =>
      served(site, new Shopper().post("/unlock-inventory", fields({ website: "spam" })), unlockInventoryAction),
    );
    expect(bot.status).toBe(303);
    expect((await tally(t.db)).leads).toBe(1);
  });

  it('when the write fails the spec\'s "There was an error saving your information." is shown and neither lead nor stamp is written', async () => {
    const site = siteOn(t.db);
    const shopper = new Shopper();
    await t.db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox insert refused by the test'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    try {
      const answer = await settle(() =>
        served(site, shopper.post("/unlock-inventory", fields()), unlockInventoryAction),
      );
      expect(answer.status).toBe(503);
      expect((answer.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
        SAVE_DETAILS_ERROR,
      ]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await t.db.execute(sql`drop function refuse_outbox()`);
    }
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("the answer's Location stays on the site for any `return` posted (property)", async () => {
    const site = siteOn(t.db);
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const answer = await settle(() =>
          served(site, new Shopper().post("/unlock-inventory", fields({ return: value })), unlockInventoryAction),
        );
        expect(answer.status).toBe(303);
        expect(new URL(answer.location ?? "", ORIGIN).origin).toBe(ORIGIN);
        expect(answer.location?.startsWith("/")).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
