import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dollars, floorDollars, percentOf, toDollars } from "./money";

const RUNS = { numRuns: 200 };
const UNITS = 100_000_000n;
const cents = fc.integer({ min: 0, max: 1_000_000_000 });

describe("money", () => {
  it("dollars with cents convert to units exactly and back", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(dollars(c / 100)).toBe((BigInt(c) * UNITS) / 100n);
        expect(toDollars(dollars(c / 100))).toBe(c / 100);
      }),
      RUNS,
    );
  });

  it("a percent of a base is exact to the unit", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1_000_000 }), (c, tenThousandths) => {
        // c cents × (p / 10⁴) % = c·p / 10⁸ dollars = c·p units: an integer, so nothing may be lost.
        expect(percentOf(dollars(c / 100), tenThousandths / 10_000)).toBe(BigInt(c) * BigInt(tenThousandths));
      }),
      RUNS,
    );
  });

  it("floorDollars rounds toward minus infinity", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), (units) => {
        const floor = BigInt(floorDollars(units));
        expect(floor * UNITS <= units).toBe(true);
        expect(units < (floor + 1n) * UNITS).toBe(true);
      }),
      RUNS,
    );
  });
});
