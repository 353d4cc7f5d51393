import {
  CONDITIONS,
  defaultInventoryRules,
  pageWindow,
  type SearchCriteria,
  searchSortOption,
  slugify,
} from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { criteriaArb, scopeArb, vocabularyOf } from "./arbitraries.test-support";
import { countedFacets, FACET_KINDS, runSearch } from "./engine";
import { haystackMatches } from "./haystacks";
import { buildInventoryIndex, haystackOf, type InventoryRow, startsAWord } from "./inventory-index";
import { answered, expected, type OracleVehicle } from "./oracle.test-support";
import { shapeFacets } from "./shape";
import { sortOrder } from "./sort-order";

// A small vocabulary, so random inventories share makes, colours and prices and the counts are not all ones.
const MAKES = [
  { make: "Toyota", models: ["Camry", "RAV4"] },
  { make: "Land Rover", models: ["Defender", "Range Rover Evoque"] },
  { make: "Ford", models: ["F-150"] },
  { make: "Citroën", models: ["C5 Aircross"] },
];

const rowArb = (i: number): fc.Arbitrary<InventoryRow> =>
  fc
    .record({
      storeId: fc.constantFrom("brentwood", "kirkwood"),
      condition: fc.constantFrom(...CONDITIONS),
      year: fc.integer({ min: 2014, max: 2026 }),
      makeModel: fc.constantFrom(...MAKES.flatMap((m) => m.models.map((model) => ({ make: m.make, model })))),
      trim: fc.constantFrom("LE", "EX-L", "XLE Premium", null),
      bodyStyle: fc.constantFrom("suvs", "sedans", "trucks"),
      mileage: fc.constantFrom(0, 30, 15_000, 49_999, 85_000, 85_001, 140_000),
      price: fc.constantFrom(null, 7_995, 15_000, 20_000, 20_001, 33_500, 52_000),
      stockNumber: fc.constantFrom("P1", "P22", "N303"),
      exteriorColor: fc.constantFrom("Blue", "Midnight Blue", "Rosé Gold", "rose gold", "Ruby Red", null, "★"),
      fuelType: fc.constantFrom("Gasoline", "Plug-In Hybrid", "Hybrid", null),
      transmission: fc.constantFrom("A", "M", null),
      drivetrain: fc.constantFrom("AWD", "All-Wheel Drive", "4x4", "FWD", null),
      priceDrop: fc.boolean(),
      premiumUpgrades: fc.boolean(),
      private: fc.boolean(),
      listedOn: fc.constantFrom("2026-05-01", "2026-05-28", "2026-06-01"),
      features: fc.subarray(["Leather Seats", "Panoramic Sunroof", "Heads-Up Display", "Infrared Camera", "Sunroof"]),
    })
    .map(({ makeModel, ...row }) => ({
      ...row,
      vin: `1HGCM82633A${String(i).padStart(6, "0")}`,
      stockNumber: `${row.stockNumber}${i}`,
      make: makeModel.make,
      makeSlug: slugify(makeModel.make),
      model: makeModel.model,
      modelSlug: slugify(makeModel.model),
      oldPrice: row.price === null ? null : row.price + 1_000,
    }));

const inventoryArb = fc
  .integer({ min: 0, max: 45 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(i))))
  .map((rows) => rows as InventoryRow[]);

function search(rows: InventoryRow[], criteria: SearchCriteria, scope: { storeId?: string; privateUnlocked: boolean }) {
  const index = buildInventoryIndex(rows);
  const result = runSearch(index, criteria, scope, {
    sort: searchSortOption(criteria.sort),
    ...pageWindow(criteria.page),
    facets: true,
  });
  const names = () => "name";
  return { ...result, facets: shapeFacets(result.rows, criteria, names) };
}

describe("search engine", () => {
  it("totals, pages and every facet count equal a brute-force count over the same vehicles", () => {
    const vocabulary = vocabularyOf(
      MAKES.flatMap(
        (m, i) =>
          m.models.map((model) => ({
            vin: `1HGCM82633A00000${i}`,
            storeId: i % 2 ? "kirkwood" : "brentwood",
            make: m.make,
            makeSlug: slugify(m.make),
            model,
            modelSlug: slugify(model),
            year: 2020,
            stockNumber: "P1",
            trim: null,
            fuelType: "Plug-In Hybrid",
            exteriorColor: "Rosé Gold",
          })) as InventoryRow[],
      ),
    );
    fc.assert(
      fc.property(inventoryArb, criteriaArb(vocabulary), scopeArb(vocabulary), (rows, criteria, scope) => {
        const vehicles: OracleVehicle[] = rows.map((r) => ({ ...r, status: "available" }));
        expect(answered(search(rows, criteria, scope))).toEqual(expected(vehicles, criteria, scope));
      }),
      { numRuns: 300 },
    );
  });

  it("a vehicle counts for a facet exactly when it fails no filter but the facet's own (make ignoring model too)", () => {
    const bit = (kind: (typeof FACET_KINDS)[number]) => 1 << FACET_KINDS.indexOf(kind);
    fc.assert(
      fc.property(fc.subarray([...FACET_KINDS]), (failedKinds) => {
        const failed = failedKinds.reduce((mask, kind) => mask | bit(kind), 0);
        const counted = countedFacets(failed);
        for (const facet of FACET_KINDS) {
          const ignored = facet === "make" ? ["make", "model"] : [facet];
          const expectedToCount = failedKinds.every((k) => ignored.includes(k));
          expect((counted & bit(facet)) !== 0).toBe(expectedToCount);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("every sort order lists each vehicle once, Call for Price last in both price orders, ties by VIN", () => {
    fc.assert(
      fc.property(inventoryArb, (rows) => {
        const index = buildInventoryIndex(rows);
        for (const option of defaultInventoryRules.sort.search.options) {
          const order = [...sortOrder(index, option)].map((i) => index.vehicles[i] as InventoryRow);
          expect(new Set(order.map((v) => v.vin)).size).toBe(rows.length);
          if (option.field === "price") {
            const firstCall = order.findIndex((v) => v.price === null);
            if (firstCall >= 0) expect(order.slice(firstCall).every((v) => v.price === null)).toBe(true);
          }
          const key = (v: InventoryRow): string | number | null =>
            option.field === "price" ? v.price : option.field === "listedAt" ? v.listedOn : v[option.field];
          const up = option.direction === "asc";
          for (let i = 1; i < order.length; i++) {
            const [a, b] = [order[i - 1] as InventoryRow, order[i] as InventoryRow];
            const [ka, kb] = [key(a), key(b)];
            if (ka === kb) expect(up ? a.vin < b.vin : a.vin > b.vin).toBe(true);
            else if (ka !== null && kb !== null) expect(up ? ka < kb : ka > kb).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("free text matches case-insensitively in year, make, model, trim, VIN and stock number, punctuation optional", () => {
    const row = {
      year: 2021,
      make: "Land Rover",
      model: "F-150",
      trim: "EX-L",
      vin: "1HGCM82633A004352",
      stockNumber: "P24017A",
    };
    const haystack = haystackOf(row);
    for (const word of ["2021", "land", "rover", "f-150", "f150", "exl", "ex-l", "a004352", "p24017a", "landrover"]) {
      expect(haystack.includes(word), word).toBe(true);
    }
    expect(haystack.includes("camry")).toBe(false);
  });

  it("free text also finds body style, exterior colour, fuel and Key Features at the start of a word", () => {
    const base = {
      storeId: "brentwood",
      condition: "used",
      year: 2022,
      mileage: 20_000,
      price: 25_000,
      oldPrice: null,
      trim: null,
      transmission: "A",
      drivetrain: null,
      priceDrop: false,
      premiumUpgrades: false,
      private: false,
      listedOn: "2026-05-01",
    } as const;
    const rows: InventoryRow[] = [
      {
        ...base,
        vin: "1HGCM82633A000001",
        stockNumber: "P1",
        make: "Ford",
        makeSlug: "ford",
        model: "F-150",
        modelSlug: "f-150",
        bodyStyle: "trucks",
        exteriorColor: "Race Red",
        fuelType: "Gasoline",
        features: ["Tow Package", "Leather Seats"],
      },
      {
        ...base,
        vin: "1HGCM82633A000002",
        stockNumber: "P2",
        make: "Toyota",
        makeSlug: "toyota",
        model: "RAV4",
        modelSlug: "rav4",
        bodyStyle: "suvs",
        exteriorColor: "Blue",
        fuelType: "Hybrid",
        features: ["Panoramic Sunroof", "Heads-Up Display", "Infrared Camera"],
      },
      {
        ...base,
        vin: "1HGCM82633A000003",
        stockNumber: "P3",
        make: "Ram",
        makeSlug: "ram",
        model: "1500",
        modelSlug: "1500",
        bodyStyle: "trucks",
        exteriorColor: "Bright White",
        fuelType: "Gasoline",
        features: [],
      },
    ];
    const found = (q: string) =>
      search(
        rows,
        { sort: "priceLow", page: 1, fuel: [], transmission: [], exteriorColor: [], drivetrain: [], q },
        {
          privateUnlocked: false,
        },
      ).vehicles.map((v) => v.stockNumber);
    expect(found("suv")).toEqual(["P2"]);
    expect(found("SUVs")).toEqual(["P2"]);
    expect(found("leather")).toEqual(["P1"]);
    expect(found("red truck")).toEqual(["P1"]);
    expect(found("truck")).toEqual(["P1", "P3"]);
    expect(found("hybrid sunroof")).toEqual(["P2"]);
    expect(found("heads-up")).toEqual(["P2"]);
    // Inside a word is not a match: "ram" is the Ram, not the panoramic roof; "red" is not "Infrared".
    expect(found("ram")).toEqual(["P3"]);
    expect(found("red")).toEqual(["P1"]);
    expect(found("red suv")).toEqual([]);
  });

  it("a word starts a word of a text only at its beginning, punctuation ignored", () => {
    expect(startsAWord("Heads-Up Display", "headsup")).toBe(true);
    expect(startsAWord("Heads-Up Display", "up")).toBe(true);
    expect(startsAWord("Panoramic Sunroof", "ram")).toBe(false);
    expect(startsAWord("suvs", "suv")).toBe(true);
    expect(startsAWord("ruby-red-metallic", "red")).toBe(true);
    expect(startsAWord("Leather Seats", "-")).toBe(false);
  });

  it("a range keeps exactly the vehicles whose value lies within it, whatever its bounds (negative, fractional, past 2³¹)", () => {
    const boundArb = fc.option(
      fc.oneof(
        fc.integer({ min: -5, max: 160_000 }),
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom(-1, 0, 19_999.5, 2 ** 31 - 1, 2 ** 31, 3e9, Number.POSITIVE_INFINITY),
      ),
      { nil: undefined },
    );
    const rangeArb = fc.record({ min: boundArb, max: boundArb }).map(({ min, max }) => ({
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
    }));
    const fields = ["price", "mileage", "year"] as const;
    fc.assert(
      fc.property(inventoryArb, fc.constantFrom(...fields), rangeArb, (rows, field, range) => {
        const criteria: SearchCriteria = {
          sort: "priceLow",
          page: 1,
          fuel: [],
          transmission: [],
          exteriorColor: [],
          drivetrain: [],
          [field]: range,
        };
        const within = rows.filter((row) => {
          const value = row[field];
          return value !== null && value >= 0 && value >= (range.min ?? -Infinity) && value <= (range.max ?? Infinity);
        });
        expect(search(rows, criteria, { privateUnlocked: true }).total).toBe(within.length);
      }),
      { numRuns: 400 },
    );
  });

  it("a word's matches in the index are exactly the vehicles whose own haystack contains it", () => {
    const chars = fc.constantFrom("a", "b", "1", " ", "-", "é", "Σ", "😀");
    const text = fc.string({ unit: chars, maxLength: 8 });
    const partsArb = fc.record({
      year: fc.integer({ min: 2010, max: 2012 }),
      make: text,
      model: text,
      trim: fc.option(text, { nil: null }),
      vin: text,
      stockNumber: text,
    });
    const word = fc.string({ unit: chars, minLength: 1, maxLength: 5 }).filter((w) => !/\s/.test(w));
    fc.assert(
      fc.property(inventoryArb, fc.array(partsArb, { minLength: 1, maxLength: 8 }), word, (base, parts, raw) => {
        // Shared parts repeat, as makes and models do in a feed; VINs stay unique.
        const rows = base.map((row, i) => {
          const part = parts[i % parts.length] as (typeof parts)[number];
          return { ...row, ...part, vin: `${part.vin}${i}` };
        });
        const index = buildInventoryIndex(rows);
        const w = raw.toLowerCase();
        const matched = haystackMatches(index.haystacks, w);
        expect([...matched]).toEqual(index.vehicles.map((v) => (haystackOf(v).includes(w) ? 1 : 0)));
      }),
      { numRuns: 500 },
    );
  });
});
