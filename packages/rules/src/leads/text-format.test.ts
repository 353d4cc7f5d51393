import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { phoneDigits } from "../profile";
import { leadSchema, leadUserSchema } from "./lead.schema";
import { exampleLead } from "./test-leads";
import { cleanText, formatLeadPhone, singleLine, transmissionCode, vehiclePrice } from "./text-format";
import { escapeXml } from "./xml";

/**
 * Any code point but a lone surrogate, each as likely as with fast-check's `unit: "binary"`, which draws the same
 * number from the same two ranges. That unit builds a reverse table of its 1.1 million values before its first run,
 * 1 to 6 seconds of CPU in each test process, enough to time this test out on a busy machine.
 */
const anyCodePoint = fc.nat({ max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

describe("lead value formatting", () => {
  it.each([
    ["3145550142", "+1 (314) 555-0142"],
    ["(314) 555-0142", "+1 (314) 555-0142"],
    ["+1 314.555.0142", "+1 (314) 555-0142"],
    ["13145550142", "+1 (314) 555-0142"],
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["", ""],
  ])("phone %j is written %j in the ADF mask", (typed, written) => {
    expect(formatLeadPhone(typed)).toBe(written);
  });

  it("any ten-digit US number, however typed, is written +1 (999) 999-9999 with the same digits", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 10 }),
        fc.constantFrom("", "+1 ", "1-"),
        fc.constantFrom(" ", "-", ".", ""),
        (digits, prefix, sep) => {
          const typed = `${prefix}${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}`;
          const written = formatLeadPhone(typed);
          expect(written).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
          expect(phoneDigits(written)).toBe(`1${digits}`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ["8-Speed Automatic", "A"],
    ["CVT", "A"],
    ["7-Speed Dual-Clutch", "A"],
    ["6-Speed Manual", "M"],
    ["M", "M"],
    ["Unknown", undefined],
    [null, undefined],
  ])("transmission %j is ADF code %j", (typed, code) => {
    expect(transmissionCode(typed)).toBe(code);
  });

  it("the sale price wins over the old price, which is used when there is no sale price", () => {
    expect(vehiclePrice({ price: 21000 })).toBe(21000);
    expect(vehiclePrice({ price: { salePrice: 19500, oldPrice: 21000 } })).toBe(19500);
    expect(vehiclePrice({ price: { salePrice: null, oldPrice: 21000 } })).toBe(21000);
    expect(vehiclePrice({ price: null })).toBeUndefined();
  });

  it("cleaning keeps every printable character and line break, and drops controls and non-characters", () => {
    expect(cleanText("a\r\nb\rc\u0000d\u0008e\u007Ff\uFFFEg\uD800h 😀 é\tz")).toBe("a\nb\ncdefgh 😀 é\tz");
    expect(singleLine("  Dana\n\tReyes \r\n")).toBe("Dana Reyes");
  });

  it("escaping leaves no markup character of the value unescaped", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a> ]]>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt; ]]&gt;",
    );
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint }), (value) => {
        const escaped = escapeXml(value);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toContain("&");
      }),
      { numRuns: 200 },
    );
  });
});

describe("lead user record", () => {
  it("answers a bad user with the spec's messages", () => {
    const result = leadUserSchema.safeParse({ firstName: " ", lastName: "", email: "dana@", phone: "314-555" });
    expect(result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).sort()).toEqual([
      "email: Please enter a valid email address",
      "firstName: Enter your first name.",
      "lastName: Enter your last name.",
      "phone: Please enter a valid phone number",
    ]);
  });

  it("needs an email or a phone, so the dealership can answer", () => {
    expect(leadUserSchema.safeParse({ firstName: "Dana", lastName: "Reyes" }).error?.issues).toMatchObject([
      { path: ["email"], message: "This field is required" },
    ]);
    expect(leadUserSchema.safeParse({ firstName: "Dana", lastName: "Reyes", phone: "3145550142" }).success).toBe(true);
  });

  it("a staff message must name the staff member", () => {
    const { staffMember: _, ...without } = exampleLead("STAFF_MEMBER");
    expect(leadSchema.safeParse(without).error?.issues[0]?.path).toEqual(["staffMember"]);
  });
});
