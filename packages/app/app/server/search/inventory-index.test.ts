import { CONDITIONS, defaultInventoryRules, slugify } from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildInventoryIndex, type InventoryRow, inventoryIndexSteps } from "./inventory-index";
import { sortOrder, sortOrderSteps } from "./sort-order";
import { runSteps } from "./steps";

// Rows that share makes, prices, days and features, so facets, haystacks, feature lists and sort ties have more than
// one vehicle each; VINs in any order, as pages of a read might bring them.
const rowArb: fc.Arbitrary<InventoryRow> = fc
  .record({
    serial: fc.integer({ min: 0, max: 999_999 }),
    storeId: fc.constantFrom("brentwood", "kirkwood", "st-peters"),
    condition: fc.constantFrom(...CONDITIONS),
    year: fc.integer({ min: 2014, max: 2026 }),
    make: fc.constantFrom("Toyota", "Land Rover", "Citroën"),
    model: fc.constantFrom("Camry", "Defender", "C5 Aircross"),
    trim: fc.constantFrom("LE", "EX-L", null),
    bodyStyle: fc.constantFrom("suvs", "sedans"),
    mileage: fc.constantFrom(0, 15_000, 85_001),
    price: fc.constantFrom(null, 7_995, 20_000, 52_000),
    exteriorColor: fc.constantFrom("Blue", "Rosé Gold", null),
    fuelType: fc.constantFrom("Gasoline", "Hybrid", null),
    transmission: fc.constantFrom("A", "M", null),
    priceDrop: fc.boolean(),
    premiumUpgrades: fc.boolean(),
    private: fc.boolean(),
    listedOn: fc.constantFrom("2026-05-01", "2026-06-01", "not a day"),
    features: fc.subarray(["Leather Seats", "Sunroof", "Heads-Up Display"]),
  })
  .map(({ serial, ...row }) => ({
    ...row,
    vin: `1HGCM82633A${String(serial).padStart(6, "0")}`,
    stockNumber: `P${serial}`,
    makeSlug: slugify(row.make),
    modelSlug: slugify(row.model),
    oldPrice: row.price === null ? null : row.price + 1_000,
    drivetrain: null,
  }));

const inventoryArb = fc.uniqueArray(rowArb, { maxLength: 40, selector: (row) => row.vin });

describe("the inventory index built in steps (ADR 361)", () => {
  it("an index built in steps of any size is the index built whole", () => {
    fc.assert(
      fc.property(inventoryArb, fc.integer({ min: 1, max: 12 }), (rows, every) => {
        let pauses = 0;
        const steps = inventoryIndexSteps(rows, every);
        let step = steps.next();
        while (!step.done) {
          pauses += 1;
          step = steps.next();
        }
        expect(step.value).toEqual(buildInventoryIndex(rows));
        // It does pause within the passes: at least once per `every` vehicles of the first one.
        expect(pauses).toBeGreaterThanOrEqual(Math.floor(rows.length / every));
      }),
      { numRuns: 100 },
    );
  });

  it("a sort order merged from sorted runs of any length is the order one sort gives, for every sort option", () => {
    fc.assert(
      fc.property(inventoryArb, fc.integer({ min: 1, max: 9 }), (rows, runLength) => {
        const stepped = buildInventoryIndex(rows);
        const whole = buildInventoryIndex(rows);
        for (const option of defaultInventoryRules.sort.search.options) {
          const merged = runSteps(sortOrderSteps(stepped, option, runLength));
          expect([...merged], `${option.field} ${option.direction}`).toEqual([...sortOrder(whole, option)]);
          // Kept on the index: a search finds it there and sorts nothing.
          expect(sortOrder(stepped, option)).toBe(merged);
        }
      }),
      { numRuns: 200 },
    );
  });
});
