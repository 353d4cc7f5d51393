import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidEmail, isValidPhone, isValidProfile, phoneDigits } from "./index";

describe("visitor profile", () => {
  it.each([
    ["jo@example.com", true],
    ["jo.smith+cars@mail.stl.example.org", true],
    ["jo@example.c", false],
    ["jo@example", false],
    ["jo example@x.com", false],
    ["@example.com", false],
    ["jo@@example.com", false],
    ["jo@example.123", false],
  ])("email %s is valid: %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it.each([
    ["(314) 555-0142", true],
    ["+1 (314) 555-0142", true],
    ["3145550142", true],
    ["314-555-014", false],
    ["", false],
  ])("phone %s is valid: %s", (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });

  it("a phone is valid exactly when it has more than nine digits, whatever else is typed around them", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isValidPhone(s)).toBe(phoneDigits(s).length > 9);
      }),
      { numRuns: 300 },
    );
  });

  it("a profile with any blank name field is never valid", () => {
    const base = { firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "3145550142" };
    expect(isValidProfile(base)).toBe(true);
    fc.assert(
      fc.property(
        fc.constantFrom("firstName", "lastName") as fc.Arbitrary<"firstName" | "lastName">,
        fc.stringMatching(/^\s*$/),
        (field, blank) => {
          expect(isValidProfile({ ...base, [field]: blank })).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
    expect(isValidProfile(null)).toBe(false);
  });
});
