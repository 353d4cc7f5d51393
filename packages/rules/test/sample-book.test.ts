import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../src/bin/cli";
import { parseOfferBook, simulateBook } from "../src/bin/simulate";
import { defaultOfferRules } from "../src/offer/offer-rules";
import { OFFER_REASONS } from "../src/offer/reasons";

const BOOK = fileURLToPath(new URL("../books/sample-book.json", import.meta.url));
const loadBook = async () => parseOfferBook(JSON.parse(await readFile(BOOK, "utf8")), BOOK);

async function _run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(...line.split("\n")));
  return { code, lines };
}

describe("the sample book (books/sample-book.json)", () => {
  it("has at least 50 entries that all evaluate", async () => {
    const book = await loadBook();
    expect(book.entries.length).toBeGreaterThanOrEqual(50);
    expect(await simulateBook(book, defaultOfferRules, "2026-11-21")).toHaveLength(book.entries.length);
  });

  it("covers every outcome, every reason code and every withheld reason", async () => {
    const rows = await simulateBook(await loadBook(), defaultOfferRules, "2026-11-21");
    const outcomes = new Set(rows.map((r) => r.result.outcome));
    expect([...outcomes].sort()).toEqual(["bring-in", "offer"]);
    const reasons = new Set(rows.flatMap((r) => r.result.reasons));
    const withheld = new Set(
      rows.flatMap((r) => [r.result.cashNow?.withheld, r.result.moreCashLater?.withheld].filter(Boolean)),
    );
    expect(new Set([...reasons, ...withheld])).toEqual(new Set(Object.keys(OFFER_REASONS)));
    expect(rows.some((r) => r.result.cashNow?.withheld === "below-minimum" && r.result.moreCashLater?.price)).toBe(
      true,
    );
    expect(rows.some((r) => r.result.moreCashLater?.withheld === "below-minimum" && r.result.cashNow?.price)).toBe(
      true,
    );
    expect(rows.some((r) => r.result.reasons.length > 2)).toBe(true);
  });
});
