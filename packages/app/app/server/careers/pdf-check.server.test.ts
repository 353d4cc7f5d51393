import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inspectPdf, OBJECT_HEADER, unreadableReason } from "./pdf-check.server";
import { decodeFilter, unpredict } from "./pdf-filters.server";
import {
  encode,
  encoders,
  type FilterName,
  objectStreamPdf,
  resumePdf,
  streamObject,
} from "./pdf-objects.test-support";
import { Budget } from "./pdf-syntax.server";
import { readerBenignResumes } from "./reader-benign-resumes.test-support";
import { readerHostileResumes } from "./reader-hostile-resumes.test-support";
import { pdf } from "./resume-files.test-support";

const FILTERS = Object.keys(encoders) as FilterName[];
/** PDF whitespace (ISO 32000-1 table 1), NUL first. */
const WHITESPACE = ["\0", "\t", "\n", "\f", "\r", " "];

/** `name` with the characters `escaped` picks written as #xx, in either case of hex digit. */
function spell(name: string, escaped: readonly boolean[], upper: boolean): string {
  return [...name]
    .map((char, i) => {
      if (!escaped[i]) return char;
      const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
      return `#${upper ? hex.toUpperCase() : hex}`;
    })
    .join("");
}

describe("PDF judged as a reader parses it", () => {
  const pdfs = readerHostileResumes().filter((file) => file.name.endsWith(".pdf"));
  it.each(pdfs.map((file) => [file.what, file] as const))("refuses %s", (_what, file) => {
    const verdict = inspectPdf(file.bytes);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toMatch(file.reason);
  });

  it.each(readerBenignResumes().map((file) => [file.what, file] as const))("accepts %s", (_what, file) => {
    expect(inspectPdf(file.bytes)).toEqual({ ok: true });
  });

  it.each([
    [
      "Chromium printed (Skia: links, an image, a tagged structure and an outline)",
      "chromium-printed-resume.fixture.pdf",
    ],
    ["pdf-lib 1.17 saved with object streams and a cross-reference stream", "pdf-lib-object-streams.fixture.pdf"],
  ])("accepts a résumé %s", (_what, file) => {
    expect(inspectPdf(readFileSync(new URL(file, import.meta.url)))).toEqual({ ok: true });
  });

  it("any #xx-escaped or whitespace-delimited (NUL included) spelling of /JavaScript is refused, at top level or in an object stream under any chain of standard filters", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.boolean(),
        fc.constantFrom(...WHITESPACE),
        fc.option(fc.array(fc.constantFrom(...FILTERS), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        (escaped, upper, after, filters) => {
          const link = `<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /S /${spell("JavaScript", escaped, upper)}${after}/N (x) >> >>`;
          const file = filters
            ? objectStreamPdf({ compressed: [link], filters, pageExtra: "/Annots [5 0 R] " })
            : resumePdf({ pageExtra: "/Annots [5 0 R] ", more: [link] });
          const verdict = inspectPdf(file);
          return !verdict.ok && verdict.reason === "pdf: /JavaScript: script";
        },
      ),
      { numRuns: 200 },
    );
  });

  it("whatever text a page shows (in its compressed content stream), the PDF is accepted", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const escaped = Buffer.from(text, "utf8")
          .toString("latin1")
          .replace(/[\\()]/g, "\\$&");
        const content = encoders.FlateDecode(Buffer.from(`BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`, "latin1"));
        const file = resumePdf({ more: [streamObject("/Filter /FlateDecode", content)] });
        return inspectPdf(file).ok;
      }),
      { numRuns: 60 },
    );
  });

  it("each standard filter decodes what its encoder made, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.constantFrom(...FILTERS), (data, filter) => {
        const decoded = decodeFilter(filter, encode(data, [filter]), { remaining: 1 << 20 });
        return Buffer.from(decoded).equals(Buffer.from(data));
      }),
      { numRuns: 300 },
    );
  });

  it("the PNG predictors are undone row by row", () => {
    // Row 1 raw (None), row 2 Up over row 1, row 3 Sub.
    const predicted = Uint8Array.from([0, 1, 2, 3, 2, 1, 1, 1, 1, 5, 1, 1]);
    expect([...unpredict(predicted, { predictor: 12, colors: 1, bitsPerComponent: 8, columns: 3 })]).toEqual([
      1, 2, 3, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it("a decoder stops at the shared budget instead of allocating what a bomb asks for", () => {
    const bomb = encode(Buffer.alloc(512 * 1024), ["FlateDecode"]);
    expect(() => decodeFilter("FlateDecode", bomb, { remaining: 256 * 1024 })).toThrow(/budget/);
    const runs = encode(Buffer.alloc(512 * 1024, 7), ["RunLengthDecode"]);
    expect(() => decodeFilter("RunLengthDecode", runs, { remaining: 256 * 1024 })).toThrow(/budget/);
  });

  it("the check's time budget counts its thread's CPU, not the clock: waiting spends none of it, working spends it", () => {
    const budget = new Budget(50);
    // 200 ms of the clock with the thread asleep: a busy machine or another process's turn on the core.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    expect(() => budget.checkTime()).not.toThrow();
    const started = process.threadCpuUsage();
    let spent = 0;
    while (spent < 60_000) {
      const { user, system } = process.threadCpuUsage(started);
      spent = user + system;
    }
    expect(() => budget.checkTime()).toThrow("took too long");
  });

  it("reads a PDF of 10,000 small objects (1.2 MB of nothing but tokens) before its deadline", () => {
    const more = Array.from(
      { length: 10_000 },
      (_, i) => `<< /Type /Annot /Subtype /Text /Contents (note ${i}) /Rect [0 0 1 1] /P 3 0 R >>`,
    );
    // Past PDF_LIMITS.maxMillis the check refuses ("took too long"), so accepting it is finishing in time.
    expect(inspectPdf(resumePdf({ more }))).toEqual({ ok: true });
  });

  it("a file the check failed on with an error of its own is refused as unreadable, the error named by its first line", () => {
    expect(unreadableReason(new RangeError("Maximum call stack size exceeded\n    at judgePdf"))).toBe(
      "pdf: unreadable (RangeError: Maximum call stack size exceeded)",
    );
    expect(unreadableReason(new TypeError("x".repeat(500))).length).toBeLessThanOrEqual(
      "pdf: unreadable (TypeError: )".length + 120,
    );
    expect(unreadableReason("a thrown string")).toBe("pdf: unreadable");
  });

  it("a PDF padded with NUL bytes far past the form's 5 MB is read whole: the scan for object headers keeps no state per whitespace byte", () => {
    // The scan's former backtracking threw "Maximum call stack size exceeded" on this file, every time.
    const padded = new Uint8Array(10 * 1024 * 1024);
    padded.set(pdf());
    expect(inspectPdf(padded)).toEqual({ ok: true });
  });

  it("property: the object-header scan finds exactly what the backtracking scan it replaced finds, on any text", () => {
    const backtracking =
      /\d+(?:[\0\t\n\f\r ]|%[^\r\n]*)+\d+(?:[\0\t\n\f\r ]|%[^\r\n]*)+obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;
    // Header-like runs (numbers, then whitespace and comments that may hold numbers and line ends), among loose pieces.
    const separator = fc
      .array(fc.constantFrom(" ", "\0", "\t", "\n", "\r", "\f", "%", "% 3 ", "%x\n", "%1 0 ob"), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join(""));
    const number = fc.constantFrom("1", "0", "12", "345");
    const header = fc
      .tuple(number, separator, number, separator, fc.constantFrom("obj", "ob", "objx", "obj "))
      .map((parts) => parts.join(""));
    const loose = fc.constantFrom("1", " ", "\0", "\n", "\r", "%", "obj", "x", "<", "/", "(");
    const positions = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [m.index, m[0].length]);
    fc.assert(
      fc.property(fc.array(fc.oneof(header, loose), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(positions(OBJECT_HEADER, text)).toEqual(positions(backtracking, text));
      }),
      { numRuns: 2000 },
    );
  });
});
