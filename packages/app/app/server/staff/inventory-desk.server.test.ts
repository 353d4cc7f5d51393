// Hiding a car and correcting its price on the desk, and what the next feed import does with them (issue 29, ADRs
// 395-396), on PGlite and (TEST_DATABASE_URL) PostgreSQL: each change is one audit row, a hidden car stays hidden and
// a corrected price stays while the feed sends the price it corrected, the feed's new price ends the correction.
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { auditEvents, stores, vehicleDeskOverrides, vehicles } from "../db/schema.server";
import { parseCsvFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";
import type { Actor } from "./audit.server";
import { changeCar, findCars, overriddenCars } from "./inventory-desk.server";

const [V0, V1, V2, V3] = ["1HGCM82633A004352", "1M8GDM9AXKP042788", "5YJSA1E18HF000337", "1FTFW1ET9DFC10312"] as const;
const HEADER = "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price";
const feedOf = (cars: readonly (readonly [string, number])[]) =>
  parseCsvFeed(
    [
      HEADER,
      ...cars.map(
        ([vin, price], i) => `${vin},S${i}-${vin.slice(-4)},2019,Honda,Accord,EX-L,Sedan,Used,41200,${price}`,
      ),
    ].join("\n"),
  );
/** Four cars of Brentwood at their feed prices. */
const FOUR_CARS = [
  [V0, 18_000],
  [V1, 19_000],
  [V2, 20_000],
  [V3, 21_000],
] as const;
const ADMIN: Actor = { accountId: null, email: "admin@example.com", ip: "203.0.113.9" };

describe.each(testDatabaseKinds())("the desk's inventory changes on %s", (kind) => {
  const handle = useTestDatabase(kind);
  const setUp = async (cars: readonly (readonly [string, number])[]) => {
    await handle.db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} });
    expect(await importFeed(handle.db, "brentwood", feedOf(cars))).toMatchObject({ applied: true });
  };
  const car = async (vin: string) => {
    const [row] = await handle.db.select().from(vehicles).where(eq(vehicles.vin, vin));
    return row;
  };
  const audit = () =>
    handle.db
      .select({
        action: auditEvents.action,
        actor: auditEvents.actor,
        subject: auditEvents.subject,
        detail: auditEvents.detail,
      })
      .from(auditEvents)
      .orderBy(asc(auditEvents.id));

  it("finds a car by VIN or stock number in any case, and nothing for another", async () => {
    await setUp([
      [V0, 18_000],
      [V1, 19_000],
    ]);
    expect((await findCars(handle.db, V0.toLowerCase())).map((c) => c.vin)).toEqual([V0]);
    expect((await findCars(handle.db, ` s1-${V1.slice(-4).toLowerCase()} `)).map((c) => c.vin)).toEqual([V1]);
    expect(await findCars(handle.db, "NOPE")).toEqual([]);
  });

  it("a hidden car stays hidden through the next full feed, is sold when the feed drops it, and shows again", async () => {
    await setUp(FOUR_CARS);
    expect(await changeCar(handle.db, ADMIN, { intent: "hide", vin: V0, reason: "Damaged on the lot" })).toBe(
      "changed",
    );
    expect(await changeCar(handle.db, ADMIN, { intent: "hide", vin: V0, reason: "Again" })).toBe("unchanged");
    expect((await car(V0))?.status).toBe("hidden");
    // The next pull lists it (with a new price): still hidden, and the dealer's price is taken.
    const again = await importFeed(
      handle.db,
      "brentwood",
      feedOf([
        [V0, 17_500],
        [V1, 19_000],
        [V2, 20_000],
        [V3, 21_000],
      ]),
      {
        holdAbovePercent: 30,
      },
    );
    expect(again).toMatchObject({ applied: true, updated: 4, sold: 0 });
    expect(await car(V0)).toMatchObject({ status: "hidden", price: 17_500 });
    expect((await overriddenCars(handle.db)).hidden.map((c) => [c.vin, c.hiddenReason])).toEqual([
      [V0, "Damaged on the lot"],
    ]);
    // Shown again: listed, and the override is gone.
    expect(await changeCar(handle.db, ADMIN, { intent: "show", vin: V0 })).toBe("changed");
    expect((await car(V0))?.status).toBe("available");
    expect(await handle.db.select().from(vehicleDeskOverrides)).toEqual([]);
    // Hidden, then dropped by the feed: sold like any car; listed again, it comes back hidden.
    await changeCar(handle.db, ADMIN, { intent: "hide", vin: V1, reason: "Sold privately, not in the DMS yet" });
    expect(
      await importFeed(
        handle.db,
        "brentwood",
        feedOf([
          [V0, 17_500],
          [V2, 20_000],
          [V3, 21_000],
        ]),
      ),
    ).toMatchObject({
      sold: 1,
    });
    expect((await car(V1))?.status).toBe("sold");
    await importFeed(
      handle.db,
      "brentwood",
      feedOf([
        [V0, 17_500],
        [V1, 19_000],
        [V2, 20_000],
        [V3, 21_000],
      ]),
    );
    expect((await car(V1))?.status).toBe("hidden");
    expect((await audit()).map((a) => [a.action, a.actor, a.subject])).toEqual([
      ["hid-vehicle", "admin@example.com", V0],
      ["showed-vehicle", "admin@example.com", V0],
      ["hid-vehicle", "admin@example.com", V1],
    ]);
  });

  it("a corrected price survives imports of the same feed price, and ends (audited) when the feed's price changes", async () => {
    await setUp([
      [V0, 18_000],
      [V1, 19_000],
    ]);
    expect(
      await changeCar(handle.db, ADMIN, { intent: "price", vin: V0, price: 16_995, reason: "Typo in the DMS" }),
    ).toBe("changed");
    // A second correction keeps the feed's price as its baseline.
    await changeCar(handle.db, ADMIN, { intent: "price", vin: V0, price: 16_895, reason: "Manager's price" });
    expect((await car(V0))?.price).toBe(16_895);
    await importFeed(
      handle.db,
      "brentwood",
      feedOf([
        [V0, 18_000],
        [V1, 19_000],
      ]),
    );
    expect((await car(V0))?.price).toBe(16_895);
    const [corrected] = (await overriddenCars(handle.db)).corrected;
    expect(corrected).toMatchObject({
      vin: V0,
      price: 16_895,
      correction: { feedPrice: 18_000, reason: "Manager's price" },
    });
    // The dealer changes the price in the DMS: theirs wins, and the trail says so.
    await importFeed(
      handle.db,
      "brentwood",
      feedOf([
        [V0, 17_000],
        [V1, 19_000],
      ]),
    );
    expect((await car(V0))?.price).toBe(17_000);
    expect(await handle.db.select().from(vehicleDeskOverrides)).toEqual([]);
    const trail = await audit();
    expect(trail.map((a) => [a.action, a.actor])).toEqual([
      ["corrected-price", "admin@example.com"],
      ["corrected-price", "admin@example.com"],
      ["feed-replaced-corrected-price", "system"],
    ]);
    expect(trail[0]?.detail).toEqual({ from: 18_000, to: 16_995, feedPrice: 18_000, reason: "Typo in the DMS" });
    expect(trail[2]?.detail).toEqual({ correctedPrice: 16_895, correctedFeedPrice: 18_000, feedPrice: 17_000 });
  });

  it("an admin restores the feed's price; a held feed changes no correction; an unknown VIN is not found", async () => {
    await setUp([
      [V0, 18_000],
      [V1, 19_000],
      [V2, 20_000],
    ]);
    await changeCar(handle.db, ADMIN, { intent: "price", vin: V0, price: 15_000, reason: "Promotion" });
    // A feed with a new price for V0 that would sell two of three cars is held: the correction and its car stand.
    const held = await importFeed(handle.db, "brentwood", feedOf([[V0, 14_000]]), { holdAbovePercent: 30 });
    expect(held.held).toEqual({ available: 3, wouldSell: 2 });
    expect((await car(V0))?.price).toBe(15_000);
    expect((await overriddenCars(handle.db)).corrected).toHaveLength(1);
    expect(await changeCar(handle.db, ADMIN, { intent: "restore", vin: V0 })).toBe("changed");
    expect(await changeCar(handle.db, ADMIN, { intent: "restore", vin: V0 })).toBe("unchanged");
    expect((await car(V0))?.price).toBe(18_000);
    expect(await changeCar(handle.db, ADMIN, { intent: "hide", vin: "1G1ZT51806F100000", reason: "x y z" })).toBe(
      "not-found",
    );
    expect((await audit()).map((a) => a.action)).toEqual(["corrected-price", "restored-feed-price"]);
  });

  it("a held feed's reason counts the hidden cars it would sell too, and calls them what they are: cars in stock", async () => {
    await setUp(FOUR_CARS);
    await changeCar(handle.db, ADMIN, { intent: "hide", vin: V0, reason: "Damaged on the lot" });
    await changeCar(handle.db, ADMIN, { intent: "hide", vin: V1, reason: "Sold privately" });
    const held = await importFeed(handle.db, "brentwood", feedOf([[V3, 21_000]]), { holdAbovePercent: 30 });
    // Two cars are listed and two hidden: the four the sentence counts are the store's cars in stock, not "available".
    const statuses = (await handle.db.select({ status: vehicles.status }).from(vehicles)).map((r) => r.status);
    expect(statuses.filter((s) => s === "available")).toHaveLength(2);
    expect(held).toMatchObject({ applied: false, held: { available: 4, wouldSell: 3 } });
    expect(held.reason).toBe(
      "it would mark 3 of the store’s 4 cars in stock sold (75 %, more than the 30 % a feed may)",
    );
  });

  it("whatever the desk's prices and the feeds' prices, the car shows the correction exactly while the feed sends the price it corrected", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 90_000 }),
        fc.integer({ min: 1, max: 90_000 }),
        fc.array(fc.integer({ min: 1, max: 90_000 }), { minLength: 1, maxLength: 4 }),
        async (feedPrice, deskPrice, later) => {
          await handle.database.truncate();
          await setUp([[V0, feedPrice]]);
          await changeCar(handle.db, ADMIN, { intent: "price", vin: V0, price: deskPrice, reason: "checked" });
          let standing = true;
          for (const next of later) {
            await importFeed(handle.db, "brentwood", feedOf([[V0, next]]));
            standing = standing && next === feedPrice;
            expect((await car(V0))?.price).toBe(standing ? deskPrice : next);
          }
        },
      ),
      { numRuns: kind === "pglite" ? 15 : 10 },
    );
  });
});
