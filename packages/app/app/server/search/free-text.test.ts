// Free text that understands shoppers (issue 28, ADR 337): synonyms of the search words table, phrases, and one typo
// in a make or model name, checked against the brute-force oracle and stated as properties.
import { drivetrainSlug, type SearchCriteria, searchSortOption, slugify } from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runSearch } from "./engine";
import { buildInventoryIndex, type InventoryRow } from "./inventory-index";
import { expected, type OracleVehicle } from "./oracle.test-support";
import { editDistance } from "./oracle-words.test-support";

const MAKES = [
  { make: "Honda", models: ["Civic", "CR-V", "Odyssey"] },
  { make: "Toyota", models: ["Camry", "RAV4", "Tacoma"] },
  { make: "Subaru", models: ["Outback", "Forester"] },
  { make: "Mercedes-Benz", models: ["GLC 300"] },
  { make: "Kia", models: ["Soul"] },
  { make: "Ford", models: ["F-150", "Escape"] },
];

const AWD_SYNONYMS = [
  "awd",
  "AWD",
  "all-wheel drive",
  "all wheel drive",
  "4wd",
  "4x4",
  "four-wheel drive",
  "4 wheel drive",
];

const rowArb = (i: number): fc.Arbitrary<InventoryRow> =>
  fc
    .record({
      storeId: fc.constantFrom("brentwood", "st-peters"),
      makeModel: fc.constantFrom(...MAKES.flatMap((m) => m.models.map((model) => ({ make: m.make, model })))),
      trim: fc.constantFrom("LX", "XLE AWD", "Sport 4x4", "Premium", null),
      bodyStyle: fc.constantFrom("suvs", "sedans", "trucks", "minivans", "hatchbacks"),
      exteriorColor: fc.constantFrom("Gray", "Dark Gray Metallic", "Grey", "Ruby Red", null),
      fuelType: fc.constantFrom("Gasoline", "Hybrid", "Plug-In Hybrid", "Electric", "Diesel", null),
      drivetrain: fc.constantFrom("AWD", "All-Wheel Drive", "4WD", "4x4", "FWD", "Front-Wheel Drive", "RWD", null),
      year: fc.integer({ min: 2015, max: 2026 }),
      price: fc.constantFrom(null, 9_995, 24_500, 41_000),
      private: fc.boolean(),
    })
    .map(({ makeModel, ...row }) => ({
      ...row,
      vin: `1HGCM82633A${String(i).padStart(6, "0")}`,
      stockNumber: `S${i}`,
      condition: "used" as const,
      make: makeModel.make,
      makeSlug: slugify(makeModel.make),
      model: makeModel.model,
      modelSlug: slugify(makeModel.model),
      mileage: 30_000,
      oldPrice: null,
      transmission: "A",
      priceDrop: false,
      premiumUpgrades: false,
      listedOn: "2026-11-01",
      features: [],
    }));

const inventoryArb = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(i))))
  .map((rows) => rows as InventoryRow[]);

const criteriaOf = (q: string, drivetrain: string[] = []): SearchCriteria => ({
  sort: "priceLow",
  page: 1,
  fuel: [],
  transmission: [],
  exteriorColor: [],
  drivetrain,
  q,
});

/** Every VIN a search finds, all pages. */
function found(rows: InventoryRow[], criteria: SearchCriteria): string[] {
  const index = buildInventoryIndex(rows);
  const result = runSearch(
    index,
    criteria,
    { privateUnlocked: true },
    {
      sort: searchSortOption(criteria.sort),
      offset: 0,
      limit: rows.length + 1,
      facets: false,
    },
  );
  return result.vehicles.map((v) => v.vin).sort();
}

const available = (rows: InventoryRow[]): OracleVehicle[] => rows.map((r) => ({ ...r, status: "available" }));

/** One Damerau edit of a word: swap two neighbours, drop one letter or double one. */
const typoArb = (word: string) =>
  fc.tuple(fc.nat(Math.max(0, word.length - 2)), fc.constantFrom("swap", "drop", "double")).map(([at, kind]) => {
    if (kind === "swap") return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
    if (kind === "drop") return `${word.slice(0, at)}${word.slice(at + 1)}`;
    return `${word.slice(0, at)}${word[at]}${word.slice(at)}`;
  });

describe("free text that understands shoppers", () => {
  it("a car whose drivetrain is all- or four-wheel drive is found by every AWD synonym, and the oracle agrees", () => {
    fc.assert(
      fc.property(inventoryArb, fc.constantFrom(...AWD_SYNONYMS), (rows, synonym) => {
        const vins = found(rows, criteriaOf(synonym));
        const allWheel = rows.filter((r) => ["awd", "4wd"].includes(drivetrainSlug(r.drivetrain) ?? ""));
        for (const row of allWheel) expect(vins).toContain(row.vin);
        expect(vins).toStrictEqual(
          expected(available(rows), criteriaOf(synonym), { privateUnlocked: true }, 1000).vins.sort(),
        );
      }),
      { numRuns: 150 },
    );
  });

  it("with no drivetrain word in a name, every AWD synonym finds exactly what the awd and 4wd filter keeps", () => {
    fc.assert(
      fc.property(inventoryArb, (named) => {
        // Trims such as "Sport 4x4" are found by the words they hold, so they are left out here.
        const rows = named.map((r) => ({ ...r, trim: null }));
        const filter = { ...criteriaOf(""), drivetrain: ["4wd", "awd"] };
        delete filter.q;
        const kept = found(rows, filter);
        for (const synonym of AWD_SYNONYMS) expect(found(rows, criteriaOf(synonym)), synonym).toStrictEqual(kept);
      }),
      { numRuns: 100 },
    );
  });

  it("a drivetrain filter keeps exactly the cars whose feed spelling names a chosen drivetrain", () => {
    fc.assert(
      fc.property(inventoryArb, fc.subarray(["awd", "4wd", "fwd", "rwd"], { minLength: 1 }), (rows, chosen) => {
        const criteria = { ...criteriaOf(""), drivetrain: [...chosen].sort() };
        delete criteria.q;
        const want = rows.filter((r) => chosen.includes(drivetrainSlug(r.drivetrain) ?? "")).map((r) => r.vin);
        expect(found(rows, criteria)).toStrictEqual(want.sort());
      }),
      { numRuns: 100 },
    );
  });

  it("a one-edit typo of a make of four or more letters finds every car of the make, and what the oracle finds", () => {
    const long = MAKES.filter((m) => /^\p{L}{5,}$/u.test(m.make));
    const caseArb = fc.constantFrom(...long).chain((m) => fc.tuple(fc.constant(m.make), typoArb(m.make.toLowerCase())));
    fc.assert(
      fc.property(inventoryArb, caseArb, (rows, [make, typo]) => {
        fc.pre(typo !== make.toLowerCase() && editDistance(typo, make.toLowerCase()) === 1);
        const vins = found(rows, criteriaOf(typo));
        for (const row of rows.filter((r) => r.make === make)) expect(vins).toContain(row.vin);
        expect(vins).toStrictEqual(
          expected(available(rows), criteriaOf(typo), { privateUnlocked: true }, 1000).vins.sort(),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("a one-edit typo of a make near no other name and inside no text finds the same cars as the make", () => {
    fc.assert(
      fc.property(
        inventoryArb,
        fc.constantFrom("hnda", "hoda", "hodna", "toyta", "tyoota", "subraru", "sbaru"),
        (rows, typo) => {
          const make = typo.startsWith("h") ? "honda" : typo.startsWith("t") ? "toyota" : "subaru";
          expect(found(rows, criteriaOf(typo))).toStrictEqual(found(rows, criteriaOf(make)));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("short words, words with digits and words that are names themselves are never read as typos", () => {
    const rows = [
      { kia: "Kia", model: "Soul", trim: null },
      { kia: "Ford", model: "F-150", trim: null },
      { kia: "Ford", model: "Escape", trim: null },
    ].map((r, i) => ({
      ...fc.sample(rowArb(i), { numRuns: 1, seed: i })[0],
      make: r.kia,
      makeSlug: slugify(r.kia),
      model: r.model,
      modelSlug: slugify(r.model),
      trim: r.trim,
    })) as InventoryRow[];
    // `kai` is one swap from Kia, but three letters; `f250` one letter from F-150's `f150`, but has digits.
    expect(found(rows, criteriaOf("kai"))).toStrictEqual([]);
    expect(found(rows, criteriaOf("f250"))).toStrictEqual([]);
    // `soul` is a model's name: it means Soul, not anything one edit away (`soup`, `sole`).
    expect(found(rows, criteriaOf("soul"))).toStrictEqual([rows[0]?.vin]);
    expect(found(rows, criteriaOf("escpae"))).toStrictEqual([rows[2]?.vin]);
  });

  it("a table word is found at the start of a name word, never inside one: `ev` is not in Chevrolet", () => {
    const rows = fc.sample(rowArb(0), { numRuns: 2, seed: 7 }).map((r, i) => ({
      ...r,
      vin: `1HGCM82633A00000${i}`,
      make: i === 0 ? "Chevrolet" : "Tesla",
      makeSlug: i === 0 ? "chevrolet" : "tesla",
      model: i === 0 ? "Malibu" : "Model 3",
      modelSlug: i === 0 ? "malibu" : "model-3",
      trim: null,
      fuelType: i === 0 ? "Gasoline" : "Electric",
    })) as InventoryRow[];
    expect(found(rows, criteriaOf("ev"))).toStrictEqual([rows[1]?.vin]);
    expect(found(rows, criteriaOf("electric"))).toStrictEqual([rows[1]?.vin]);
    expect(found(rows, criteriaOf("gas"))).toStrictEqual([rows[0]?.vin]);
  });
});
