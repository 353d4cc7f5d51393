import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vinArb } from "./arbitraries.test-support";
import { isValidVin, normalizeVin, vinCheckDigit, vinCheckDigitOk } from "./vin";

const RUNS = { numRuns: 300 };

describe("VIN", () => {
  it.each([
    ["1M8GDM9AXKP042788", true],
    ["1hgcm82633a004352", true],
    ["WP0ZZZ99ZTS392124", true],
    ["1M8GDM9AXKP04278", false],
    ["1M8GDM9AXKP0427888", false],
    ["1M8GDM9AXKP04278I", false],
    ["1M8GDM9AXKP04278o", false],
    ["1M8GDM9AXKP04278Q", false],
    ["1M8GDM9AXKP04278-", false],
  ])("%s is a VIN: %s", (vin, valid) => {
    expect(isValidVin(vin)).toBe(valid);
  });

  it("is canonical in upper case", () => {
    expect(normalizeVin("1hgcm82633a004352")).toBe("1HGCM82633A004352");
    expect(normalizeVin("not a vin")).toBeNull();
  });

  it.each([
    ["1M8GDM9AXKP042788", true],
    ["1HGCM82633A004352", true],
    ["1hgcm82633a004352", true],
    ["11111111111111111", true],
    ["1HGCM82643A004352", false],
    // A European VIN: valid, but with no North-American check digit in position 9.
    ["WP0ZZZ99ZTS392124", false],
    ["1M8GDM9AXKP04278I", false],
  ])("the North-American check digit of %s is right: %s", (vin, ok) => {
    expect(vinCheckDigitOk(vin)).toBe(ok);
  });

  it("a VIN whose position 9 holds its computed check digit passes the check", () => {
    fc.assert(
      fc.property(vinArb, (vin) => {
        const digit = vinCheckDigit(vin) as string;
        expect(digit).toMatch(/^[0-9X]$/);
        expect(vinCheckDigitOk(`${vin.slice(0, 8)}${digit}${vin.slice(9)}`)).toBe(true);
      }),
      RUNS,
    );
  });

  it("changing one weighted character to one of another value always breaks the check digit", () => {
    const values: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4 };
    const transliterated = (c: string) => (/\d/.test(c) ? Number(c) : (values[c] ?? -1));
    fc.assert(
      fc.property(
        vinArb,
        fc.integer({ min: 0, max: 16 }).filter((i) => i !== 8),
        fc.constantFrom(..."0123456789ABCDEFGHJKLM"),
        (vin, position, replacement) => {
          const digit = vinCheckDigit(vin) as string;
          const good = `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
          fc.pre(
            transliterated(good.charAt(position)) >= 0 &&
              transliterated(good.charAt(position)) !== transliterated(replacement),
          );
          const typo = `${good.slice(0, position)}${replacement}${good.slice(position + 1)}`;
          expect(vinCheckDigitOk(typo)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});
