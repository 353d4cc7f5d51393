import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Slider } from "./financing.schema";
import { clampToSlider, defaultCashDown, isSliderValue, sliders } from "./sliders";

const RUNS = { numRuns: 200 };

describe("slider constants (spec section 9)", () => {
  it.each([
    ["cashDown", { min: 0, max: 20000, step: 100, default: 1000 }],
    ["tradeEquity", { min: 0, max: 20000, step: 100, default: 0 }],
    ["creditScore", { min: 400, max: 850, step: 10, default: 850 }],
    ["financeTerm", { min: 12, max: 72, step: 12, default: 24 }],
    ["leaseTerm", { min: 24, max: 39, step: 3, default: 39 }],
    ["leaseMiles", { min: 10000, max: 15000, step: 2500, default: 10000 }],
  ] as const)("%s is %o", (name, expected) => {
    expect(sliders[name]).toEqual(expected);
  });
});

const anySlider: fc.Arbitrary<Slider> = fc
  .record({
    min: fc.integer({ min: -1000, max: 1000 }),
    span: fc.integer({ min: 1, max: 5000 }),
    step: fc.oneof(fc.integer({ min: 1, max: 700 }), fc.constantFrom(0.5, 0.25, 0.1, 2.5)),
  })
  .map(({ min, span, step }) => ({ min, max: min + span, step, default: min }));

const anyValue = fc.oneof(
  fc.double(),
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
);

describe("clampToSlider", () => {
  it("always gives a value the slider can show: inside its bounds and on its step grid", () => {
    fc.assert(
      fc.property(anySlider, anyValue, (slider, value) => {
        const shown = clampToSlider(value, slider);
        expect(shown).toBeGreaterThanOrEqual(slider.min);
        expect(shown).toBeLessThanOrEqual(slider.max);
        const steps = (shown - slider.min) / slider.step;
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
        expect(isSliderValue(shown, slider)).toBe(true);
      }),
      RUNS,
    );
  });

  it("is idempotent and leaves a value already on the slider unchanged", () => {
    fc.assert(
      fc.property(anySlider, anyValue, (slider, value) => {
        const shown = clampToSlider(value, slider);
        expect(clampToSlider(shown, slider)).toBe(shown);
      }),
      RUNS,
    );
  });

  it("picks the nearest slider value to an in-bounds number, at most half a step away", () => {
    fc.assert(
      fc.property(anySlider, fc.double({ min: 0, max: 1, noNaN: true }), (slider, fraction) => {
        const lastValue = slider.min + Math.floor((slider.max - slider.min) / slider.step + 1e-9) * slider.step;
        const value = slider.min + fraction * (lastValue - slider.min);
        expect(Math.abs(clampToSlider(value, slider) - value)).toBeLessThanOrEqual(slider.step / 2 + 1e-9);
      }),
      RUNS,
    );
  });

  it.each([
    [-500, 0],
    [25000, 20000],
    [1049, 1000],
    [1050, 1100],
    [Number.NaN, 1000],
  ])("cash down %d shows as %d", (value, shown) => {
    expect(clampToSlider(value, sliders.cashDown)).toBe(shown);
  });

  it.each([
    [40, 39],
    [25, 24],
    [26, 27],
    [38.9, 39],
  ])("lease term %d shows as %d", (value, shown) => {
    expect(clampToSlider(value, sliders.leaseTerm)).toBe(shown);
  });
});

describe("defaultCashDown (ADR 020)", () => {
  it.each([
    [18995, 1900],
    [24500, 2500],
    [500_000, 20000],
    [undefined, 1000],
    [0, 1000],
    [Number.NaN, 1000],
  ])("price %s opens with cash down %d", (price, cashDown) => {
    expect(defaultCashDown(price)).toBe(cashDown);
  });

  it("is always a cash down slider value within a step of ten percent of a price the slider can reach", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (price) => {
        const down = defaultCashDown(price);
        expect(isSliderValue(down, sliders.cashDown)).toBe(true);
        expect(Math.abs(down - price / 10)).toBeLessThanOrEqual(sliders.cashDown.step / 2);
      }),
      RUNS,
    );
  });
});
