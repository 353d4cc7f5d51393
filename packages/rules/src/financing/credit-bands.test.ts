import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditBandOf, creditBands } from "./credit-bands";
import { defaultFinancingRules } from "./defaults";
import { aprFor } from "./payment";

const { min, max } = defaultFinancingRules.sliders.creditScore;
const score = fc.integer({ min, max });
const year = fc.integer({ min: 1990, max: 2028 });

describe("creditBands", () => {
  it("cuts the slider where a tier or surcharge starts: 450 is in 400–499, 850 in 720–850", () => {
    expect(creditBandOf(450)).toEqual({ min: 400, max: 499 });
    expect(creditBandOf(850)).toEqual({ min: 720, max: 850 });
    expect(creditBandOf(640)).toEqual({ min: 620, max: 659 });
  });

  it("the bands cover the slider's range end to end, without gaps or overlaps", () => {
    const bands = creditBands();
    expect(bands[0]?.min).toBe(min);
    expect(bands.at(-1)?.max).toBe(max);
    for (const [i, band] of bands.entries()) {
      expect(band.max).toBeGreaterThanOrEqual(band.min);
      if (i > 0) expect(band.min).toBe((bands[i - 1]?.max ?? 0) + 1);
    }
  });

  it("every score of a band has the APR of the band's lowest score, whatever the model year", () => {
    fc.assert(
      fc.property(score, year, (s, y) => {
        const band = creditBandOf(s);
        expect(s).toBeGreaterThanOrEqual(band.min);
        expect(s).toBeLessThanOrEqual(band.max);
        expect(aprFor(s, y)).toBe(aprFor(band.min, y));
      }),
      { numRuns: 500 },
    );
  });

  it("a score outside the slider falls in the nearest band", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: min - 1 }), (s) => {
        expect(creditBandOf(s)).toEqual(creditBands()[0]);
      }),
    );
  });
});
