import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anySsnParts, issuableSsnParts } from "../testing/arbitraries.test-support";
import { isValidSsn, SSN_PATTERN, ssnSchema } from "./ssn";

const RUNS = { numRuns: 500 };

function isForbidden(area: string, group: string, serial: string): boolean {
  const areaNumber = Number(area);
  return areaNumber === 0 || areaNumber === 666 || areaNumber >= 900 || group === "00" || serial === "0000";
}

describe("social security number properties", () => {
  it("no SSN the schema accepts has a forbidden area (000, 666, 900-999), group (00) or serial (0000)", () => {
    fc.assert(
      fc.property(anySsnParts, fc.constantFrom("-", "", " "), ({ area, group, serial }, separator) => {
        const result = ssnSchema.safeParse(`${area}${separator}${group}${separator}${serial}`);
        expect(result.success).toBe(!isForbidden(area, group, serial));
      }),
      RUNS,
    );
  });

  it("every SSN built from allowed area, group and serial passes, and comes out as ddd-dd-dddd", () => {
    fc.assert(
      fc.property(issuableSsnParts, ({ area, group, serial }) => {
        const parsed = ssnSchema.parse(`${area}${group}${serial}`);
        expect(parsed).toBe(`${area}-${group}-${serial}`);
        expect(parsed).toMatch(SSN_PATTERN);
        expect(isValidSsn(parsed)).toBe(true);
      }),
      RUNS,
    );
  });

  it("the schema's output re-parses to itself", () => {
    fc.assert(
      fc.property(issuableSsnParts, ({ area, group, serial }) => {
        const once = ssnSchema.parse(` ${area} ${group} ${serial} `);
        expect(ssnSchema.parse(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it("the issuable arbitrary never draws a forbidden part (the generator itself respects the rule)", () => {
    fc.assert(
      fc.property(issuableSsnParts, ({ area, group, serial }) => {
        expect(isForbidden(area, group, serial)).toBe(false);
      }),
      RUNS,
    );
  });
});
