import { isValidPhone, phoneDigits } from "@showroom/rules/profile";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPhone,
  isNanpPhone,
  nationalDigits,
  PHONE_MASKS,
  PHONE_PLACEHOLDER,
  type PhoneMask,
} from "./format-phone";

const RUNS = { numRuns: 300 };

/** Anything a shopper can put in a phone box: digits, mask characters and stray text, in any mix. */
const typedPhone = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\+?1?[ (]*\d{0,3}[) ]*\d{0,3}[ .-]?\d{0,4}$/),
  fc.stringMatching(/^[\d\s()+.-]{0,20}$/),
  fc.stringMatching(/^\d{0,14}$/),
);
const mask = fc.constantFrom(...PHONE_MASKS);

describe("phone masks (spec 5)", () => {
  it.each<[string, PhoneMask, string]>([
    ["3145550142", "general", "(314) 555-0142"],
    ["+1 (314) 555-0142", "general", "(314) 555-0142"],
    ["3145550142", "input", "+1 (314) 555-0142"],
    ["314.555.0142", "email", "+1 (314) 555-0142"],
    ["+1 (314) 555-0142", "adf", "+1 (314) 555-0142"],
    ["13145550142", "adf", "+1 (314) 555-0142"],
    ["314-555-0142", "adf", "314-555-0142"],
    ["(314) 555-0142", "adf", "314-555-0142"],
    ["+1 (314) 555-0142", "search", "3145550142"],
    ["(314) 555-0142", "search", "3145550142"],
    ["", "general", ""],
    ["", "input", ""],
    ["314", "general", "(314"],
    ["3145", "general", "(314) 5"],
    ["314555", "input", "+1 (314) 555"],
    ["3145550", "input", "+1 (314) 555-0"],
    ["31455", "adf", "314-55"],
    ["+1", "input", "+1"],
    ["+44 20 7946 0958", "general", "+442079460958"],
    ["+44 20 7946 0958", "search", "442079460958"],
  ])("%j with mask %s is %j", (value, phoneMask, formatted) => {
    expect(formatPhone(value, phoneMask)).toBe(formatted);
  });

  it("uses the placeholder the spec shows", () => {
    expect(PHONE_PLACEHOLDER).toBe("+1 (999) 999-9999");
    expect(formatPhone("9999999999", "input")).toBe(PHONE_PLACEHOLDER);
  });

  it("every mask is idempotent: formatting a formatted number changes nothing", () => {
    fc.assert(
      fc.property(typedPhone, mask, (value, phoneMask) => {
        const once = formatPhone(value, phoneMask);
        expect(formatPhone(once, phoneMask)).toBe(once);
      }),
      RUNS,
    );
  });

  it("every mask keeps the digits of the number: the national digits survive formatting", () => {
    fc.assert(
      fc.property(typedPhone, mask, (value, phoneMask) => {
        expect(nationalDigits(formatPhone(value, phoneMask))).toBe(nationalDigits(value));
      }),
      RUNS,
    );
  });

  it("a formatted number never gains a digit beyond the +1 country code", () => {
    fc.assert(
      fc.property(typedPhone, mask, (value, phoneMask) => {
        const digits = phoneDigits(formatPhone(value, phoneMask));
        expect([nationalDigits(value), `1${nationalDigits(value)}`]).toContain(digits);
      }),
      RUNS,
    );
  });

  it("masks move a number between formats and back: a valid phone stays valid in every mask", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), mask, mask, (digits, first, second) => {
        const there = formatPhone(digits, first);
        expect(isValidPhone(there)).toBe(true);
        expect(isNanpPhone(there)).toBe(true);
        expect(formatPhone(there, "search")).toBe(digits);
        expect(nationalDigits(formatPhone(there, second))).toBe(digits);
      }),
      RUNS,
    );
  });
});
