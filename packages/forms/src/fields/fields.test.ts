import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MESSAGES } from "../messages";
import { countrySchema, stateSchema, US_STATES, zipCodeSchema } from "./address";
import { emailSchema, phoneSchema } from "./contact-fields";
import { fixedFormContext } from "./context";
import { dateOfBirthSchema, dateSchema } from "./date";
import { isEmpty } from "./is-empty";
import { moneySchema, wholeNumberSchema } from "./numbers";
import { ssnSchema } from "./ssn";
import { lastNameSchema, optionalText, requiredText } from "./text";

/** The messages a schema answers `value` with; [] when it accepts it. */
function messagesFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("email (spec 5: local part, at sign, domain, top-level domain of 2+ letters)", () => {
  it.each([
    ["dana@example.com", "dana@example.com"],
    ["  dana.reyes+cars@mail.stl.example.org ", "dana.reyes+cars@mail.stl.example.org"],
    ["D@X.CO", "D@X.CO"],
  ])("accepts %j as %j", (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
  });

  it.each([
    ["dana@example.c", MESSAGES.email],
    ["dana@example", MESSAGES.email],
    ["dana example@x.com", MESSAGES.email],
    ["@example.com", MESSAGES.email],
    ["dana@@example.com", MESSAGES.email],
    ["dana@example.123", MESSAGES.email],
    ["", MESSAGES.required],
    ["   ", MESSAGES.required],
    [undefined, MESSAGES.required],
    [`${"a".repeat(250)}@x.com`, MESSAGES.email],
  ])("answers %j with %j, once", (input, message) => {
    expect(messagesFor(emailSchema, input)).toEqual([message]);
  });
});

describe("required text (spec 5: non-empty after trimming)", () => {
  const schema = requiredText(10);
  it.each([
    ["x", "x"],
    ["  padded  ", "padded"],
    ["0", "0"],
  ])("accepts %j as %j", (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });
  it.each([[""], ["   "], ["\t\n"], [undefined], [null], [42]])("answers %j with the required message", (input) => {
    expect(messagesFor(schema, input)).toEqual([MESSAGES.required]);
  });
  it("answers text over its limit with the length message", () => {
    expect(messagesFor(schema, "x".repeat(11))).toEqual([MESSAGES.tooLong(10)]);
    expect(MESSAGES.tooLong(10)).toBe("Please keep this under 11 characters.");
  });
  it("shows the field's own message when one is given", () => {
    expect(messagesFor(requiredText(50, MESSAGES.firstName), " ")).toEqual(["Enter your first name."]);
  });
});

describe("empty test (spec 5: null, blank strings, zero and empty objects are empty)", () => {
  it.each([
    [null, true],
    [undefined, true],
    ["", true],
    ["   ", true],
    [0, true],
    [-0, true],
    [{}, true],
    [[], true],
    [new Map(), true],
    [new Set(), true],
    [new Blob([]), true],
    ["0", false],
    [" a ", false],
    [1, false],
    [-1, false],
    [false, false],
    [Number.NaN, false],
    [{ a: undefined }, false],
    [[0], false],
    [new Date(0), false],
    [new Blob(["x"]), false],
  ])("isEmpty(%j) is %s", (value, empty) => {
    expect(isEmpty(value)).toBe(empty);
  });
});

describe("phone (spec 5: valid when longer than 9 digits)", () => {
  it.each([
    ["(314) 555-0142", "(314) 555-0142"],
    ["+1 (314) 555-0142", "+1 (314) 555-0142"],
    [" 3145550142 ", "3145550142"],
    ["314.555.0142", "314.555.0142"],
  ])("accepts %j as %j", (input, output) => {
    expect(phoneSchema.parse(input)).toBe(output);
  });
  it.each([
    ["314-555-014", MESSAGES.phone],
    ["555-0142", MESSAGES.phone],
    ["phone", MESSAGES.phone],
    ["", MESSAGES.required],
    [undefined, MESSAGES.required],
    ["3".repeat(26), MESSAGES.phone],
  ])("answers %j with %j, once", (input, message) => {
    expect(messagesFor(phoneSchema, input)).toEqual([message]);
  });
});

describe("social security number (spec 5: ddd-dd-dddd without area 000, 666, 900-999, group 00, serial 0000)", () => {
  it.each([
    ["123-45-6789", "123-45-6789"],
    ["123456789", "123-45-6789"],
    [" 123 45 6789 ", "123-45-6789"],
    ["001-01-0001", "001-01-0001"],
    ["665-99-9999", "665-99-9999"],
    ["667-01-0001", "667-01-0001"],
    ["899-01-0001", "899-01-0001"],
  ])("accepts %j as %j", (input, output) => {
    expect(ssnSchema.parse(input)).toBe(output);
  });
  it.each([
    ["000-12-3456"],
    ["666-12-3456"],
    ["900-12-3456"],
    ["999-12-3456"],
    ["123-00-4567"],
    ["123-45-0000"],
    ["123-45-678"],
    ["1234-5-6789"],
    ["123_45_6789"],
    ["abc-de-fghi"],
  ])("refuses %j", (input) => {
    expect(messagesFor(ssnSchema, input)).toEqual([MESSAGES.ssn]);
  });
  it("asks for a missing one", () => {
    expect(messagesFor(ssnSchema, " ")).toEqual([MESSAGES.required]);
  });
});

describe("date (spec 5: yyyy-mm-dd, a day that exists)", () => {
  it.each([["2024-02-29"], ["2023-12-31"], ["1999-01-01"], [" 2026-05-01 "]])("accepts %j", (input) => {
    expect(dateSchema.safeParse(input).success).toBe(true);
  });
  it.each([
    ["2023-02-29"],
    ["2024-04-31"],
    ["2024-13-01"],
    ["2024-00-10"],
    ["2024-01-00"],
    ["2024-1-5"],
    ["01/05/2024"],
    ["2024-01-05T00:00"],
    ["0000-01-01"],
  ])("refuses %j", (input) => {
    expect(messagesFor(dateSchema, input)).toEqual([MESSAGES.date]);
  });
});

describe("date of birth (applicant at least 18 on today)", () => {
  const schema = dateOfBirthSchema(fixedFormContext("2026-05-01"));
  it.each([["2008-05-01"], ["2008-04-30"], ["1950-07-04"], ["1906-05-01"]])("accepts %j", (input) => {
    expect(schema.safeParse(input).success).toBe(true);
  });
  it.each([
    ["2008-05-02", MESSAGES.underage],
    ["2020-01-01", MESSAGES.underage],
    ["2026-05-02", MESSAGES.dateOfBirth],
    ["1905-04-30", MESSAGES.dateOfBirth],
    ["2008-02-30", MESSAGES.dateOfBirth],
    ["", MESSAGES.required],
  ])("answers %j with %j", (input, message) => {
    expect(messagesFor(schema, input)).toEqual([message]);
  });
  it("counts a leap-day birthday as reached on March 1 of a common year", () => {
    const onFeb28 = dateOfBirthSchema(fixedFormContext("2026-02-28"));
    const onMar1 = dateOfBirthSchema(fixedFormContext("2026-03-01"));
    expect(messagesFor(onFeb28, "2008-02-29")).toEqual([MESSAGES.underage]);
    expect(messagesFor(onMar1, "2008-02-29")).toEqual([]);
  });
});

describe("US state, ZIP and country (spec 5: country fixed to US)", () => {
  it("knows the 50 states and DC, each once", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
    expect(US_STATES.map((state) => state.code)).toContain("DC");
  });
  it.each([
    ["MO", "MO"],
    ["il", "IL"],
    [" dc ", "DC"],
  ])("state %j reads as %j", (input, output) => {
    expect(stateSchema.parse(input)).toBe(output);
  });
  it.each([
    ["PR", MESSAGES.state],
    ["Missouri", MESSAGES.state],
    ["XX", MESSAGES.state],
    ["", MESSAGES.required],
  ])("state %j answers %j", (input, message) => {
    expect(messagesFor(stateSchema, input)).toEqual([message]);
  });
  it.each([["63101"], [" 62201 "], ["00501"]])("accepts ZIP %j", (input) => {
    expect(zipCodeSchema.safeParse(input).success).toBe(true);
  });
  it.each([["6310"], ["631011"], ["63101-1234"], ["ABCDE"]])("refuses ZIP %j", (input) => {
    expect(messagesFor(zipCodeSchema, input)).toEqual([MESSAGES.zipCode]);
  });
  it("fills in US and refuses any other country", () => {
    expect(countrySchema.parse(undefined)).toBe("US");
    expect(countrySchema.parse("")).toBe("US");
    expect(countrySchema.parse("US")).toBe("US");
    expect(messagesFor(countrySchema, "CA")).toEqual([MESSAGES.country]);
  });
});

describe('money ("1,250.50" → 1250.5, never negative)', () => {
  const schema = moneySchema({ min: 0, max: 100_000, message: MESSAGES.money });
  it.each([
    ["1,250.50", 1250.5],
    ["$1,250.50", 1250.5],
    ["$ 1250", 1250],
    ["0", 0],
    ["0.5", 0.5],
    ["100,000", 100_000],
    [975.25, 975.25],
  ])("reads %j as %j", (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });
  it.each([
    ["-5", MESSAGES.money],
    [-5, MESSAGES.money],
    ["1,25.00", MESSAGES.money],
    ["12.345", MESSAGES.money],
    [12.345, MESSAGES.money],
    ["abc", MESSAGES.money],
    ["100,000.01", MESSAGES.money],
    [Number.NaN, MESSAGES.money],
    ["", MESSAGES.required],
    [undefined, MESSAGES.required],
  ])("answers %j with %j, once", (input, message) => {
    expect(messagesFor(schema, input)).toEqual([message]);
  });
});

describe('whole numbers ("85,000" → 85000)', () => {
  const schema = wholeNumberSchema({ min: 0, max: 11, message: MESSAGES.months });
  it.each([
    ["0", 0],
    [" 11 ", 11],
    [7, 7],
  ])("reads %j as %j", (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });
  it.each([["12"], ["-1"], ["1.5"], [1.5], ["six"]])("refuses %j", (input) => {
    expect(messagesFor(schema, input)).toEqual([MESSAGES.months]);
  });
  it("reads thousands separators", () => {
    expect(wholeNumberSchema({ min: 0, max: 1e6, message: "x" }).parse("85,000")).toBe(85_000);
  });
});

describe("control characters", () => {
  const controls = fc.constantFrom("\u0000", "\u0001", "\u0008", "\u000b", "\u001f", "\u007f");

  it("no free-text, email or phone output ever holds a control character other than tab, CR or LF", () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom("a", " ", "\t", "\n", "é", "@", "."), controls) });
    fc.assert(
      fc.property(text, (value) => {
        for (const schema of [requiredText(200), optionalText(200), emailSchema, phoneSchema]) {
          const result = schema.safeParse(value);
          if (result.success && typeof result.data === "string") {
            const codes = [...result.data].map((c) => c.charCodeAt(0));
            expect(codes.filter((c) => (c < 0x20 && ![0x09, 0x0a, 0x0d].includes(c)) || c === 0x7f)).toEqual([]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a field holding only control characters reads as empty and gets the spec's required message", () => {
    expect(lastNameSchema.safeParse("\u0000").error?.issues[0]?.message).toBe("Enter your last name.");
    expect(emailSchema.safeParse("dana\u0000@example.com").data).toBe("dana@example.com");
  });
});
