import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseXml } from "./platform-schemas.test-support";
import { field, xmlAttribute, xmlText } from "./xml";

const XML_CHAR = /[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** What XML 1.0 can hold of `value`: the characters of its Char production. */
const holdable = (value: string) => [...value].filter((c) => XML_CHAR.test(c)).join("");

// Every UTF-16 code unit, lone surrogates and C0 controls included, next to the characters XML must escape.
const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 60 }),
  fc.string({ unit: fc.constantFrom("&", "<", ">", '"', "'", "\r", "\n", "\t", "]]>", "&amp;", "&#13;", "a", " ") }),
);

describe("XML text of the feeds", () => {
  it("any string round-trips through element text unchanged, but for the characters XML 1.0 cannot hold", () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const parsed = parseXml(`<r><v>${xmlText(value)}</v></r>`) as { r: { v: unknown } };
        expect(String(parsed.r.v)).toBe(holdable(value));
      }),
      { numRuns: 500 },
    );
  });

  it("any string round-trips through an attribute value unchanged, but for the characters XML 1.0 cannot hold", () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const parsed = parseXml(`<r a="${xmlAttribute(value)}"/>`) as { r: { "@_a": unknown } };
        expect(String(parsed.r["@_a"])).toBe(holdable(value));
      }),
      { numRuns: 500 },
    );
  });

  it("an optional field is left out when absent or blank, and written when it has a value", () => {
    expect(field("trim", null)).toBe("");
    expect(field("trim", undefined)).toBe("");
    expect(field("trim", " \t")).toBe("");
    expect(field("trim", "S & SE")).toBe("<trim>S &amp; SE</trim>");
    expect(field("year", 2021)).toBe("<year>2021</year>");
  });
});
