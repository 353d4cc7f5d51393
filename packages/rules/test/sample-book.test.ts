import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../src/bin/cli";
import { compareSimulations, median, parseOfferBook, simulateBook } from "../src/bin/simulate";
import { defaultOfferRules, parseOfferRules } from "../src/offer/offer-rules";
import { OFFER_REASONS } from "../src/offer/reasons";

const BOOK = fileURLToPath(new URL("../books/sample-book.json", import.meta.url));
const loadBook = async () => parseOfferBook(JSON.parse(await readFile(BOOK, "utf8")), BOOK);

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(...line.split("\n")));
  return { code, lines };
}

describe("the sample book (fixtures/offer/sample-book.json)", () => {
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

describe("showroom-rules simulate", () => {
  it("prints a row per entry and a summary", async () => {
    const { code, lines } = await run("simulate", "--book", BOOK);
    const book = await loadBook();
    const rows = await simulateBook(book, defaultOfferRules, "2026-11-21");
    expect(code).toBe(0);
    for (const { entry, result } of rows) {
      const line = lines.find((l) => l.startsWith(`${entry.id} `));
      expect(line).toBeDefined();
      if (result.cashNow?.price) expect(line).toContain(`$${result.cashNow.price.toLocaleString("en-US")}`);
    }
    const offers = rows.filter((r) => r.result.outcome === "offer").length;
    expect(lines).toContain(`${rows.length} entries: ${offers} with an offer, ${rows.length - offers} to bring in.`);
  });

  it("with a baseline, shows only what moved and by how much", async () => {
    const dir = await mkdtemp(join(tmpdir(), "showroom-rules-sim-"));
    try {
      const settings = JSON.parse(JSON.stringify(defaultOfferRules.settings));
      settings.cashNow.priceRules.find((r: { name: string }) => r.name === "warranty").amount = 400;
      await writeFile(join(dir, "offer-settings.json"), JSON.stringify(settings));
      const { code, lines } = await run("simulate", "--book", BOOK, "--rules", dir);
      expect(code).toBe(0);
      expect(lines[0]).toMatch(/^questionnaire\.json: not in .*, the package default applies\.$/);

      const rows = await simulateBook(await loadBook(), defaultOfferRules, "2026-11-21");
      const changed = parseOfferRules({ ...defaultOfferRules, settings });
      const after = await simulateBook(await loadBook(), changed, "2026-11-21");
      const comparison = compareSimulations(rows, after);
      const cashPriced = rows.filter((r) => r.result.cashNow?.price != null).length;
      expect(comparison.offers.cashNow).toMatchObject({ min: -100, median: -100, max: -100 });
      expect(comparison.offers.cashNow.changes.length).toBeGreaterThan(cashPriced - 3);
      expect(comparison.offers.moreCashLater.changes).toEqual([]);

      const cli = await run("simulate", "--book", BOOK, "--baseline", dir);
      expect(cli.code).toBe(0);
      expect(cli.lines).toContain(`${comparison.moved.length} of ${rows.length} entries changed.`);
      expect(cli.lines.find((l) => l.startsWith("Cash Now:"))).toMatch(/min \+\$100, median \+\$100, max \+\$100/);
      expect(cli.lines.find((l) => l.startsWith("More Cash Later:"))).toMatch(/^More Cash Later: no price changed;/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names the entry and path of a bad book entry, and exits 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "showroom-rules-book-"));
    try {
      const book = JSON.parse(await readFile(BOOK, "utf8"));
      delete book.entries[2].answers["203"];
      book.entries[5].vehicle.mileage = "lots";
      const path = join(dir, "book.json");
      await writeFile(path, JSON.stringify(book));
      const bad = await run("simulate", "--book", path);
      expect(bad.code).toBe(1);
      expect(bad.lines).toEqual([
        `${path}: $.entries[5].vehicle.mileage: Invalid input: expected number, received string`,
      ]);
      book.entries[5].vehicle.mileage = 1000;
      await writeFile(path, JSON.stringify(book));
      const missing = await run("simulate", "--book", path);
      expect(missing.lines).toEqual([`${path}: $.entries[2].answers["203"]: This field is required`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("median is the middle value, or the mean of the two middle values", () => {
    expect(median([])).toBeNull();
    expect(median([5, -1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
