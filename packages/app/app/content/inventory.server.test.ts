import { vinCheckDigit } from "@showroom/rules/inventory";
import { and, count, eq, inArray, min } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTemplateFile } from "../../tests/support/databases";
import { type Database, openDatabase } from "../server/db/client.server";
import { stores, vehicles } from "../server/db/schema.server";
import { inventoryIndexCaughtUp } from "../server/search/snapshot.server";
import { siteContent } from "./fixtures.server";
import { bodyStyleSlug, bodyStyleSummary, filterPagePaths, vehicleByVin } from "./inventory.server";

function vin(pattern: string): string {
  return `${pattern.slice(0, 8)}${vinCheckDigit(pattern)}${pattern.slice(9)}`;
}

const ROWS = [
  {
    vin: vin("2T3P1RFV0MW123456"),
    make: "Toyota",
    model: "RAV4",
    bodyStyle: "SUVs",
    price: 26_995,
    mileage: 31_000,
    year: 2021,
  },
  {
    vin: vin("5J6RW2H80NL004321"),
    make: "Honda",
    model: "CR-V",
    bodyStyle: "SUVs",
    price: 18_450,
    mileage: 88_000,
    year: 2019,
    priceDrop: true,
  },
  {
    vin: vin("4T1G11AK5MU765432"),
    make: "Toyota",
    model: "Camry",
    bodyStyle: "Sedans",
    price: null,
    mileage: 42_000,
    year: 2021,
  },
  {
    vin: vin("1FTFW1E50LFA11111"),
    make: "Ford",
    model: "F-150",
    bodyStyle: "Trucks",
    price: 31_000,
    mileage: 55_000,
    year: 2020,
    private: true,
  },
  {
    vin: vin("5XYP3DHC9NG222222"),
    make: "Kia",
    model: "Telluride",
    bodyStyle: "Minivans",
    price: 44_000,
    mileage: 12,
    year: 2025,
    condition: "new" as const,
  },
];

const SOLD = ["used", "certified"] as const;

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ url: "memory://", dataDir: "./unused", memoryTemplate: await pgliteTemplateFile() });
  const dealer = siteContent().dealers[0];
  if (!dealer) throw new Error("no dealer fixture");
  await database.db.insert(stores).values({ id: dealer.id, name: dealer.name, profile: dealer });
  await database.db.insert(vehicles).values(
    ROWS.map((row) => ({
      vin: row.vin,
      storeId: dealer.id,
      condition: row.condition ?? ("used" as const),
      year: row.year,
      make: row.make,
      makeSlug: row.make.toLowerCase(),
      model: row.model,
      modelSlug: row.model.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      bodyStyle: row.bodyStyle,
      mileage: row.mileage,
      price: row.price,
      stockNumber: `B${row.vin.slice(-5)}`,
      priceDrop: row.priceDrop ?? false,
      private: row.private ?? false,
    })),
  );
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("inventory reads", () => {
  it("a feed's body style maps to the search segment of the inventory rules", () => {
    expect(bodyStyleSlug("SUVs")).toBe("suvs");
    expect(bodyStyleSlug("SUV")).toBe("suvs");
    expect(bodyStyleSlug("Minivans")).toBe("minivans");
    expect(bodyStyleSlug("Spaceship")).toBeNull();
  });

  it("private vehicles are never counted in the body-style summary, yet the detail lookup finds them", async () => {
    expect((await bodyStyleSummary(database.db, SOLD)).map((s) => s.slug)).toEqual(["suvs", "sedans"]);
    expect(await vehicleByVin(database.db, ROWS[3]?.vin ?? "", SOLD)).toMatchObject({ private: true });
  });

  it("the body-style summary's counts and lowest prices equal SQL's over the same rows, and follow a change", async () => {
    // The oracle: the aggregate the summary was read with before it came from the in-memory inventory.
    const bySql = async (conditions: readonly ("new" | "used" | "certified")[]) => {
      const rows = await database.db
        .select({ bodyStyle: vehicles.bodyStyle, count: count(), startingPrice: min(vehicles.price) })
        .from(vehicles)
        .where(
          and(
            eq(vehicles.status, "available"),
            eq(vehicles.private, false),
            inArray(vehicles.condition, [...conditions]),
          ),
        )
        .groupBy(vehicles.bodyStyle);
      return rows
        .map((row) => ({
          slug: bodyStyleSlug(row.bodyStyle),
          count: Number(row.count),
          startingPrice: row.startingPrice === null ? null : Number(row.startingPrice),
        }))
        .sort((a, b) => String(a.slug).localeCompare(String(b.slug)));
    };
    const summary = async (conditions: readonly ("new" | "used" | "certified")[]) =>
      (await bodyStyleSummary(database.db, conditions))
        .map(({ slug, count, startingPrice }) => ({ slug, count, startingPrice }))
        .sort((a, b) => a.slug.localeCompare(b.slug));
    const all = ["new", "used", "certified"] as const;
    for (const conditions of [SOLD, ["new"] as const, all])
      expect(await summary(conditions)).toEqual(await bySql(conditions));
    expect(await summary(SOLD)).toContainEqual({ slug: "suvs", count: 2, startingPrice: 18_450 });

    const crv = ROWS[1]?.vin ?? "";
    // A change shows once the index rebuilt behind the previous one is swapped in (ADR 361).
    await database.db.update(vehicles).set({ price: 17_000 }).where(eq(vehicles.vin, crv));
    await inventoryIndexCaughtUp(database.db);
    expect(await summary(SOLD)).toContainEqual({ slug: "suvs", count: 2, startingPrice: 17_000 });
    await database.db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, crv));
    await inventoryIndexCaughtUp(database.db);
    for (const conditions of [SOLD, all]) expect(await summary(conditions)).toEqual(await bySql(conditions));
    expect(await summary(SOLD)).toContainEqual({ slug: "suvs", count: 1, startingPrice: 26_995 });
    await database.db.update(vehicles).set({ status: "available", price: 18_450 }).where(eq(vehicles.vin, crv));
    await inventoryIndexCaughtUp(database.db);
  });

  it("a new car of a store that sells used and certified is in no count, no filter page and no lookup", async () => {
    const telluride = ROWS[4]?.vin ?? "";
    expect(await vehicleByVin(database.db, telluride, SOLD)).toBeNull();
    expect(await vehicleByVin(database.db, telluride, ["new", "used"])).toMatchObject({ condition: "new" });
    expect((await bodyStyleSummary(database.db, SOLD)).map((s) => s.slug)).not.toContain("minivans");
    expect((await bodyStyleSummary(database.db, ["new"])).map((s) => s.slug)).toEqual(["minivans"]);
    const locs = (await filterPagePaths(database.db, SOLD)).map((p) => p.loc).join(" ");
    expect(locs).not.toMatch(/kia|telluride|minivans/);
  });

  it("the filter pages are the search root, each listed body style, make, make-model and feature, and under $20K", async () => {
    const locs = (await filterPagePaths(database.db, SOLD)).map((p) => p.loc).sort();
    expect(locs).toEqual(
      [
        "/cars-for-sale",
        "/cars-for-sale/honda",
        "/cars-for-sale/honda-cr-v",
        "/cars-for-sale/price-drop",
        "/cars-for-sale/price-under-20000",
        "/cars-for-sale/sedans",
        "/cars-for-sale/suvs",
        "/cars-for-sale/toyota",
        "/cars-for-sale/toyota-camry",
        "/cars-for-sale/toyota-rav4",
      ].sort(),
    );
  });

  it("with a store, the counts and filter pages are that store's only: another store has none here (ADR 338)", async () => {
    const here = siteContent().dealers[0]?.id ?? "";
    expect(await filterPagePaths(database.db, SOLD, here)).toEqual(await filterPagePaths(database.db, SOLD));
    expect(await bodyStyleSummary(database.db, SOLD, here)).toEqual(await bodyStyleSummary(database.db, SOLD));
    const elsewhere = (await filterPagePaths(database.db, SOLD, "no-such-store")).map((p) => p.loc);
    // Only the pages listed whatever the inventory: the search root and the spec's under-$20K page.
    expect(elsewhere.sort()).toEqual(["/cars-for-sale", "/cars-for-sale/price-under-20000"]);
    expect(await bodyStyleSummary(database.db, SOLD, "no-such-store")).toEqual([]);
  });
});
