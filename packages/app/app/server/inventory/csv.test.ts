import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvReader, type CsvRecord, parseCsv } from "./csv";

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

  it("property: any CSV text cut into pieces anywhere (inside a doubled quote, between CR and LF, after the BOM) reads to the records of the whole", () => {
    const field = fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r\n", "\r", " ", "é") });
    const table = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.oneof(table.map(toCsv), fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r") })),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (body, bom, cuts) => {
          const text = (bom ? "\ufeff" : "") + body;
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const reader = new CsvReader();
          const read: CsvRecord[] = [];
          let from = 0;
          let whole: CsvRecord[] | Error;
          let pieces: CsvRecord[] | Error;
          try {
            whole = parseCsv(text);
          } catch (error) {
            whole = error as Error;
          }
          try {
            for (const point of [...points, text.length]) {
              read.push(...reader.write(text.slice(from, point)));
              from = point;
            }
            read.push(...reader.end());
            pieces = read;
          } catch (error) {
            pieces = error as Error;
          }
          expect(pieces).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });
});
