import {
  buildCatalogue,
  type Catalogue,
  defaultInventoryRules,
  parseSearchPath,
  parseSearchQuery,
  type SearchCriteria,
  searchCriteria,
  searchHref,
  vehiclePath,
} from "@showroom/rules/inventory";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import type { Db } from "../db/client.server";
import { vehicles } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";
import { criteriaArb, scopeArb, vocabularyOf } from "./arbitraries.test-support";
import { SearchCriteriaError } from "./criteria";
import { seedGeneratedInventory } from "./inventory.test-support";
import { answered, expected, type OracleVehicle, sortedMatches, sortOption } from "./oracle.test-support";
import { searchCatalogue, searchVehicles } from "./search.server";
import { inventoryIndexCaughtUp, listedOn } from "./snapshot.server";
import type { SearchResult } from "./types";
import { getVehicleByVin, similarVehicles } from "./vehicle.server";

const NOW = new Date("2026-06-01T15:00:00Z");

/** Every vehicle row, sold ones included, as the oracle reads them. */
async function allRows(db: Db): Promise<OracleVehicle[]> {
  const rows = await db.select().from(vehicles);
  return rows.map((r) => {
    const details = r.details as { dateAdded?: string; drivetrain?: string; features?: string[] };
    return {
      vin: r.vin,
      storeId: r.storeId,
      status: r.status,
      condition: r.condition,
      year: r.year,
      make: r.make,
      makeSlug: r.makeSlug,
      model: r.model,
      modelSlug: r.modelSlug,
      trim: r.trim,
      bodyStyle: r.bodyStyle,
      mileage: r.mileage,
      price: r.price,
      oldPrice: r.oldPrice,
      stockNumber: r.stockNumber,
      exteriorColor: r.exteriorColor,
      fuelType: r.fuelType,
      transmission: r.transmission,
      drivetrain: details.drivetrain ?? null,
      priceDrop: r.priceDrop,
      premiumUpgrades: r.premiumUpgrades,
      private: r.private,
      listedOn: listedOn(details.dateAdded ?? null, r.firstSeenAt),
      features: details.features ?? [],
    };
  });
}

/** Criteria from a search URL, through the grammar the route uses. */
function criteriaFrom(url: string, catalogue: Catalogue): SearchCriteria {
  const [path = "", query = ""] = url.split("?");
  const filters = parseSearchPath(path, catalogue);
  if (!filters) throw new Error(`${path} is not a search path`);
  const { dropped, ...parsed } = parseSearchQuery(query);
  expect(dropped).toEqual([]);
  return searchCriteria(filters, parsed);
}

/** Every page of a search, in order. */
async function allPages(db: Db, criteria: SearchCriteria, privateUnlocked: boolean): Promise<SearchResult[]> {
  const first = await searchVehicles(db, { criteria: { ...criteria, page: 1 }, privateUnlocked, facets: false });
  const pages = [first];
  for (let page = 2; page <= first.pageCount; page++) {
    pages.push(await searchVehicles(db, { criteria: { ...criteria, page }, privateUnlocked, facets: false }));
  }
  return pages;
}

const everything: SearchCriteria = {
  sort: "priceLow",
  page: 1,
  fuel: [],
  transmission: [],
  exteriorColor: [],
  drivetrain: [],
};

describe.each(testDatabaseKinds())("search on %s", (kind) => {
  const t = useTestDatabase(kind, { truncate: false });
  let rows: OracleVehicle[];
  let catalogue: Catalogue;
  const available = () => rows.filter((v) => v.status === "available");

  beforeAll(async () => {
    await seedGeneratedInventory(t.db, {
      count: 420,
      seed: 11,
      soldShare: 0.1,
      privateShare: 0.12,
      callForPriceShare: 0.1,
    });
    rows = await allRows(t.db);
    catalogue = await searchCatalogue(t.db);
  });

  it("the seeded inventory holds what the searches below need: sold, private and Call for Price vehicles", () => {
    expect(rows.filter((v) => v.status === "sold").length).toBeGreaterThan(10);
    expect(available().filter((v) => v.private).length).toBeGreaterThan(10);
    expect(available().filter((v) => v.price === null).length).toBeGreaterThan(10);
  });

  it("totals, pages and every facet count equal a brute-force count over the same rows, so a condition the store does not sell is in none (random searches)", async () => {
    const vocabulary = vocabularyOf(available());
    await fc.assert(
      fc.asyncProperty(criteriaArb(vocabulary), scopeArb(vocabulary), async (criteria, scope) => {
        const result = await searchVehicles(t.db, { criteria, ...scope });
        expect(answered(result)).toEqual(expected(rows, criteria, scope));
      }),
      { numRuns: 200 },
    );
  });

  it("facet counts reused for the same filters equal counts made afresh, whatever the sort and page (random searches)", async () => {
    const vocabulary = vocabularyOf(available());
    await fc.assert(
      fc.asyncProperty(criteriaArb(vocabulary), scopeArb(vocabulary), async (criteria, scope) => {
        const again = { ...criteria, sort: criteria.sort === "priceLow" ? "newest" : "priceLow", page: 1 };
        await searchVehicles(t.db, { criteria, ...scope });
        const reused = await searchVehicles(t.db, { criteria: again, ...scope });
        const fresh = await searchVehicles(t.db, { criteria: again, ...scope, facetMemo: false });
        expect(reused.facets).toEqual(fresh.facets);
        expect(reused.total).toBe(fresh.total);
        expect(reused.vehicles.map((v) => v.vin)).toEqual(fresh.vehicles.map((v) => v.vin));
      }),
      { numRuns: 100 },
    );
  });

  it("each filter of the URL grammar narrows the results to exactly the vehicles that have it", async () => {
    const cases: [string, (v: OracleVehicle) => boolean][] = [
      ["/certified-cars-for-sale", (v) => v.condition === "certified"],
      ["/cars-for-sale/trucks", (v) => v.bodyStyle === "trucks"],
      ["/cars-for-sale/toyota-rav4", (v) => v.makeSlug === "toyota" && v.modelSlug === "rav4"],
      ["/cars-for-sale/land-rover", (v) => v.makeSlug === "land-rover"],
      ["/cars-for-sale/price-drop", (v) => v.priceDrop],
      ["/cars-for-sale/premium-upgrades", (v) => v.premiumUpgrades],
      ["/cars-for-sale/price-under-20000", (v) => v.price !== null && v.price <= 20_000],
      ["/cars-for-sale/price-over-30000", (v) => v.price !== null && v.price >= 30_000],
      ["/cars-for-sale?mileage=null,85000", (v) => v.mileage <= 85_000],
      ["/cars-for-sale?year=2020,2022", (v) => v.year >= 2020 && v.year <= 2022],
      ["/cars-for-sale?fuel=plug-in-hybrid", (v) => v.fuelType === "Plug-In Hybrid"],
      ["/cars-for-sale?transmission=manual", (v) => v.transmission === "M"],
      [
        "/cars-for-sale?exteriorColor=midnight-blue,rose-gold",
        (v) => ["Midnight Blue", "Rosé Gold"].includes(v.exteriorColor ?? ""),
      ],
    ];
    for (const [url, has] of cases) {
      const criteria = criteriaFrom(url, catalogue);
      const pages = await allPages(t.db, criteria, true);
      const found = pages.flatMap((p) => p.vehicles.map((v) => v.vin)).sort();
      const wanted = available()
        .filter(has)
        .map((v) => v.vin)
        .sort();
      expect(wanted.length, url).toBeGreaterThan(0);
      expect(found, url).toEqual(wanted);
    }
  });

  it("a price filter never matches a Call for Price vehicle, however wide", async () => {
    const criteria = criteriaFrom("/cars-for-sale?price=0,10000000", catalogue);
    const result = await searchVehicles(t.db, { criteria, privateUnlocked: true, priceUnlocked: true });
    expect(result.total).toBe(available().filter((v) => v.price !== null).length);
    expect(result.facets?.price.callForPrice).toBe(available().filter((v) => v.price === null).length);
  });

  it("walking every page of each sort lists every matching vehicle exactly once, in the sort's order", async () => {
    const criteria = criteriaFrom("/cars-for-sale/suvs?mileage=null,85000", catalogue);
    for (const { value } of defaultInventoryRules.sort.search.options) {
      const pages = await allPages(t.db, { ...criteria, sort: value }, false);
      const vins = pages.flatMap((p) => p.vehicles.map((v) => v.vin));
      const order = sortedMatches(rows, { ...criteria, sort: value }, { privateUnlocked: false }, sortOption(value));
      expect(vins, value).toEqual(order.map((v) => v.vin));
      expect(new Set(vins).size).toBe(vins.length);
      expect(pages.slice(0, -1).every((p) => p.vehicles.length === defaultInventoryRules.itemsPerPage)).toBe(true);
    }
  });

  it("a page past the last comes back empty with the right page count", async () => {
    const first = await searchVehicles(t.db, { criteria: everything, privateUnlocked: false });
    const past = await searchVehicles(t.db, {
      criteria: { ...everything, page: first.pageCount + 1 },
      privateUnlocked: false,
    });
    expect(past).toMatchObject({ vehicles: [], total: first.total, pageCount: first.pageCount });
    expect(first.pageCount).toBe(Math.ceil(first.total / 19));
  });

  it("private vehicles appear only after the private-inventory unlock; sold vehicles never", async () => {
    const locked = (await allPages(t.db, everything, false)).flatMap((p) => p.vehicles);
    const unlocked = (await allPages(t.db, everything, true)).flatMap((p) => p.vehicles);
    expect(locked.some((v) => v.private)).toBe(false);
    expect(locked.map((v) => v.vin).sort()).toEqual(
      available()
        .filter((v) => !v.private)
        .map((v) => v.vin)
        .sort(),
    );
    expect(unlocked.map((v) => v.vin).sort()).toEqual(
      available()
        .map((v) => v.vin)
        .sort(),
    );
  });

  it("prices read Unlock Price until the visitor unlocks them, and Call for Price whenever there is none", async () => {
    const [locked, open] = await Promise.all(
      [false, true].map((priceUnlocked) =>
        searchVehicles(t.db, { criteria: { ...everything, sort: "priceHigh" }, privateUnlocked: true, priceUnlocked }),
      ),
    );
    const lastLocked = await searchVehicles(t.db, {
      criteria: { ...everything, sort: "priceHigh", page: locked?.pageCount ?? 1 },
      privateUnlocked: true,
    });
    expect(locked?.vehicles.every((v) => v.price.kind === "unlock")).toBe(true);
    expect(lastLocked.vehicles.at(-1)?.price).toEqual({ kind: "call" });
    const [top] = sortedMatches(
      rows,
      { ...everything, sort: "priceHigh" },
      { privateUnlocked: true },
      sortOption("priceHigh"),
    );
    expect(open?.vehicles[0]?.price).toEqual({ kind: "amount", amount: top?.price, oldAmount: top?.oldPrice });
  });

  it("free text matches every word, in any case, across year, make, model, trim, VIN and stock number", async () => {
    const q = async (text: string) =>
      (await allPages(t.db, { ...everything, q: text }, true)).flatMap((p) => p.vehicles.map((v) => v.vin)).sort();
    const where = (has: (v: OracleVehicle) => boolean) =>
      available()
        .filter(has)
        .map((v) => v.vin)
        .sort();
    const f150 = where((v) => v.model === "F-150");
    expect(f150.length).toBeGreaterThan(0);
    expect(await q("F150")).toEqual(f150);
    expect(await q("ford f-150")).toEqual(f150);
    expect(await q("toyota f150")).toEqual([]);
    const one = available()[7] as OracleVehicle;
    expect(await q(one.vin.slice(-8).toLowerCase())).toEqual([one.vin]);
    expect(await q(one.stockNumber.toLowerCase())).toEqual(
      where((v) => v.stockNumber.toLowerCase().includes(one.stockNumber.toLowerCase())),
    );
    expect(await q(`${one.year} ${one.make.toUpperCase()}`)).toEqual(
      where((v) => v.year === one.year && v.make === one.make),
    );
  });

  it("free text also finds body style, exterior colour and Key Features: suv, leather, red truck", async () => {
    const q = async (text: string) =>
      (await allPages(t.db, { ...everything, q: text }, true)).flatMap((p) => p.vehicles.map((v) => v.vin)).sort();
    const where = (has: (v: OracleVehicle) => boolean) =>
      available()
        .filter(has)
        .map((v) => v.vin)
        .sort();
    const suvs = where((v) => v.bodyStyle === "suvs");
    expect(suvs.length).toBeGreaterThan(0);
    expect(await q("suv")).toEqual(suvs);
    const leather = where((v) => (v.features ?? []).some((f) => /\bleather\b/i.test(f)));
    expect(leather.length).toBeGreaterThan(0);
    expect(await q("leather")).toEqual(leather);
    const redTrucks = where((v) => v.bodyStyle === "trucks" && /\bred\b/i.test(v.exteriorColor ?? ""));
    expect(redTrucks.length).toBeGreaterThan(0);
    expect(await q("red truck")).toEqual(redTrucks);
  });

  it("applied filters name each filter in force and each removes only itself", async () => {
    const criteria = criteriaFrom("/cars-for-sale/suvs/toyota-rav4?q=xle&fuel=gasoline,hybrid&sort=newest", catalogue);
    const { appliedFilters } = await searchVehicles(t.db, { criteria, privateUnlocked: false });
    expect(appliedFilters.map((f) => [f.kind, f.label])).toEqual([
      ["bodyStyle", "SUVs"],
      ["make", "Toyota"],
      ["model", "RAV4"],
      ["fuel", "Gasoline"],
      ["fuel", "Hybrid"],
      ["q", "“xle”"],
    ]);
    const hrefs = appliedFilters.map((f) => searchHref(f.without));
    expect(hrefs).toEqual([
      "/cars-for-sale/toyota-rav4?q=xle&fuel=gasoline,hybrid&sort=newest",
      "/cars-for-sale/suvs?q=xle&fuel=gasoline,hybrid&sort=newest",
      "/cars-for-sale/suvs/toyota?q=xle&fuel=gasoline,hybrid&sort=newest",
      "/cars-for-sale/suvs/toyota-rav4?q=xle&fuel=hybrid&sort=newest",
      "/cars-for-sale/suvs/toyota-rav4?q=xle&fuel=gasoline&sort=newest",
      "/cars-for-sale/suvs/toyota-rav4?fuel=gasoline,hybrid&sort=newest",
    ]);
  });

  it("facet values come in a stable order: the rules' order for body styles, names for makes and colours", async () => {
    const { facets } = await searchVehicles(t.db, { criteria: everything, privateUnlocked: true });
    const bodyOrder = defaultInventoryRules.bodyStyles.map((b) => b.slug);
    const bodies = facets?.bodyStyle.map((b) => b.value) ?? [];
    expect(bodies).toEqual([...bodies].sort((a, b) => bodyOrder.indexOf(a) - bodyOrder.indexOf(b)));
    const makes = facets?.make.map((m) => m.label) ?? [];
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(facets?.exteriorColor.find((c) => c.value === "rose-gold")?.label).toBe("Rosé Gold");
    expect(facets?.transmission.map((v) => v.value)).toEqual(["automatic", "manual"]);
  });

  it("criteria no URL can produce are refused as a programming error", async () => {
    const bad = [
      { ...everything, model: "camry" },
      { ...everything, page: 0 },
      { ...everything, sort: "cheapest" },
      { ...everything, fuel: ["Not A Slug"] },
      { ...everything, price: { min: 30_000, max: 10_000 } },
    ];
    for (const criteria of bad) {
      await expect(searchVehicles(t.db, { criteria, privateUnlocked: false })).rejects.toThrow(SearchCriteriaError);
    }
  });

  it("the detail lookup finds an available vehicle by VIN in any case; unknown, malformed and sold VINs find none", async () => {
    const car = available().find((v) => v.price !== null) as OracleVehicle;
    const detail = await getVehicleByVin(t.db, car.vin.toLowerCase(), { now: NOW });
    expect(detail).toMatchObject({ vin: car.vin, price: car.price, oldPrice: car.oldPrice, listedOn: car.listedOn });
    expect(detail?.href).toBe(vehiclePath(car));
    expect(Array.isArray(detail?.features)).toBe(true);
    const sold = rows.find((v) => v.status === "sold") as OracleVehicle;
    expect(await getVehicleByVin(t.db, sold.vin)).toBeNull();
    expect(await getVehicleByVin(t.db, "1HGCM82633A000000")).toBeNull();
    expect(await getVehicleByVin(t.db, "not-a-vin")).toBeNull();
  });

  it("similar vehicles share the model or the body style, never include the vehicle, and keep the private gate", async () => {
    const car = available().find((v) => !v.private && v.price !== null) as OracleVehicle;
    const similar = await similarVehicles(t.db, car, 8, { privateUnlocked: false, now: NOW });
    expect(similar.length).toBe(8);
    for (const v of similar) {
      expect(v.vin).not.toBe(car.vin);
      expect(v.private).toBe(false);
      expect(v.bodyStyle === car.bodyStyle || (v.make === car.make && v.model === car.model)).toBe(true);
    }
    const sameModel = available().filter(
      (v) => !v.private && v.vin !== car.vin && v.makeSlug === car.makeSlug && v.modelSlug === car.modelSlug,
    );
    const firstOthers = similar.findIndex((v) => v.make !== car.make || v.model !== car.model);
    if (firstOthers >= 0) expect(firstOthers).toBe(Math.min(sameModel.length, 8));
  });

  it("the catalogue for search paths lists the makes and models of available vehicles, private ones included", async () => {
    expect(catalogue).toEqual(buildCatalogue(available()));
    expect(await searchCatalogue(t.db)).toBe(catalogue);
  });
});

describe.each(testDatabaseKinds())("search after imports on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("an import, also by another server instance, is searched once the index rebuilt behind the previous one is swapped in (ADR 361)", async () => {
    const feed = await seedGeneratedInventory(t.db, { count: 60, seed: 5, privateShare: 0, callForPriceShare: 0 });
    const before = await searchVehicles(t.db, { criteria: everything, privateUnlocked: true });
    expect(before.total).toBe(60);

    const other = await t.database.connectAgain();
    const brentwood = feed.filter((_, i) => i % 7 !== 0);
    const cheaper = brentwood.slice(1).map((v, i) => (i === 0 ? { ...v, price: 1_234 } : v));
    await importFeed(other.db, "brentwood", parseJsonFeed(cheaper));

    // The next search answers at once from the previous inventory, and starts the rebuild.
    expect((await searchVehicles(t.db, { criteria: everything, privateUnlocked: true })).total).toBe(60);
    await inventoryIndexCaughtUp(t.db);
    const after = await searchVehicles(t.db, { criteria: everything, privateUnlocked: true, priceUnlocked: true });
    expect(after.total).toBe(59);
    expect(after.vehicles[0]?.price).toEqual({ kind: "amount", amount: 1_234, oldAmount: null });
    const gone = (brentwood[0] as { vin: string }).vin;
    expect(after.vehicles.some((v) => v.vin === gone)).toBe(false);
  });
});
