import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

function toCsv(rows: string[][]): string {
  return rows
    .map((r) => r.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(","))
    .join("\r\n");
}

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes, and reports where each record starts", () => {
    const records = parseCsv('a,b\n"x, y","say ""hi"""\n"two\nlines",z\n');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 3, fields: ["two\nlines", "z"] },
    ]);
  });

  it("an unterminated quote is an error, not a silently shifted feed", () => {
    expect(() => parseCsv('a,b\n"open,b\n')).toThrow(/never closed/);
  });

  it("any table written as CSV parses back to the same fields", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r\n", " ", "é") });
    fc.assert(
      fc.property(
        fc
          .array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 })
          .filter((rows) => rows.every((r) => !(r.length === 1 && r[0] === ""))),
        (rows) => {
          expect(parseCsv(toCsv(rows)).map((r) => r.fields)).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });
});
