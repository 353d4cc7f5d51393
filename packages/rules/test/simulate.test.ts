import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { main, SAMPLE_BOOK } from "../src/bin/cli";
import {
  compareSimulations,
  DEALER_TIME_ZONE,
  median,
  parseOfferBook,
  simulateBook,
  todayInStLouis,
} from "../src/bin/simulate";
import { defaultOfferRules, parseOfferRules } from "../src/offer/offer-rules";

const loadBook = async () => parseOfferBook(JSON.parse(await readFile(SAMPLE_BOOK, "utf8")), SAMPLE_BOOK);
const packageDir = fileURLToPath(new URL("..", import.meta.url));

async function run(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(...line.split("\n")));
  return { code, lines };
}

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "showroom-rules-sim-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A rules directory whose Cash Now warranty costs $100 more than the default: every Cash Now price drops $100. */
async function dearerWarranty(): Promise<string> {
  const dir = await scratch();
  const settings = JSON.parse(JSON.stringify(defaultOfferRules.settings));
  settings.cashNow.priceRules.find((r: { name: string }) => r.name === "warranty").amount = 400;
  await writeFile(join(dir, "offer-settings.json"), JSON.stringify(settings));
  return dir;
}

describe("showroom-rules simulate", () => {
  it("prices the sample book that ships in the package when no book is named, a row per entry and a summary", async () => {
    const { code, lines } = await run("simulate");
    const rows = await simulateBook(await loadBook(), defaultOfferRules, "2026-11-21");
    expect(code).toBe(0);
    for (const { entry, result } of rows) {
      const line = lines.find((l) => l.startsWith(`${entry.id} `));
      expect(line).toBeDefined();
      if (result.cashNow?.price) expect(line).toContain(`$${result.cashNow.price.toLocaleString("en-US")}`);
    }
    const offers = rows.filter((r) => r.result.outcome === "offer").length;
    expect(lines).toContain(`${rows.length} entries: ${offers} with an offer, ${rows.length - offers} to bring in.`);
  });

  it("--rules alone shows what moved from the package defaults, signed from the seller's side (less money is negative)", async () => {
    const dir = await dearerWarranty();
    const rows = await simulateBook(await loadBook(), defaultOfferRules, "2026-11-21");
    const changed = parseOfferRules({
      ...defaultOfferRules,
      settings: JSON.parse(await readFile(join(dir, "offer-settings.json"), "utf8")),
    });
    const comparison = compareSimulations(rows, await simulateBook(await loadBook(), changed, "2026-11-21"));
    const cashPriced = rows.filter((r) => r.result.cashNow?.price != null).length;
    expect(comparison.offers.cashNow).toMatchObject({ min: -100, median: -100, max: -100 });
    expect(comparison.offers.cashNow.changes.length).toBeGreaterThan(cashPriced - 3);
    expect(comparison.offers.moreCashLater.changes).toEqual([]);

    const { code, lines } = await run("simulate", "--rules", dir);
    expect(code).toBe(0);
    expect(lines[0]).toBe(`Comparing ${dir} (new) with the package defaults (baseline).`);
    expect(lines).toContain(`questionnaire.json: not in ${dir}, the package default applies.`);
    expect(lines.find((l) => l.startsWith("Cash Now:"))).toMatch(/min −\$100, median −\$100, max −\$100/);
    expect(lines.find((l) => l.startsWith("More Cash Later:"))).toMatch(/^More Cash Later: no price changed;/);
    expect(lines.find((l) => l.startsWith("stl-001 "))).toMatch(/\(−\$100\)/);
    expect(lines).toContain(
      `${comparison.moved.length} of ${rows.length} entries changed. Changes are new rules minus baseline, from the seller's side: less money is negative.`,
    );

    // With the directories the other way round, the same change reads +$100.
    const reversed = await run("simulate", "--baseline", dir);
    expect(reversed.lines.find((l) => l.startsWith("Cash Now:"))).toMatch(/min \+\$100, median \+\$100, max \+\$100/);
  });

  it("--format csv and json carry the same changes; --all lists every entry", async () => {
    const dir = await dearerWarranty();
    const csv = await run("simulate", "--rules", dir, "--format", "csv", "--all");
    expect(csv.lines[0]).toBe(
      "id,vehicle,outcomeBefore,outcomeAfter,cashNowBefore,cashNowAfter,cashNowChange,moreCashLaterBefore,moreCashLaterAfter,moreCashLaterChange",
    );
    expect(csv.lines).toHaveLength(61);
    expect(csv.lines[1]).toMatch(/^stl-001,2021 Ford F-150 XLT SuperCrew 4x4,offer,offer,\d+,\d+,-100,\d+,\d+,0$/);
    const json = JSON.parse((await run("simulate", "--rules", dir, "--format", "json")).lines.join("\n"));
    expect(json).toMatchObject({ total: 60, offers: { cashNow: { min: -100, max: -100 } } });
    expect(json.entries.length).toBe(json.changed);
    const list = await run("simulate", "--format", "csv");
    expect(list.lines[0]).toBe(
      "id,vehicle,mileage,asOf,outcome,reasons,cashNow,cashNowWithheld,moreCashLater,moreCashLaterWithheld,reserve,profitShare",
    );
    expect(list.lines).toHaveLength(61);
    expect((await run("simulate", "--format", "xml")).code).toBe(2);
  });

  it("--as-of wins over the book's own dates and says so; an impossible date is a usage error, said once", async () => {
    const book = await loadBook();
    expect(book.asOf).toBe("2026-11-21");
    const { code, lines } = await run("simulate", "--as-of", "2030-06-01");
    expect(code).toBe(0);
    expect(lines[0]).toBe("Every entry is priced on 2030-06-01 (--as-of; the book's own dates are not used).");
    expect(lines.find((l) => l.startsWith("stl-001 "))).toContain("2030-06-01");
    // A 2021 truck is 9 years old in 2030: More Cash Later is still offered, unlike at 10.
    expect(lines.filter((l) => /^stl-\d+ /.test(l) && !l.includes("2030-06-01"))).toEqual([]);

    const bad = await run("simulate", "--as-of", "2026-02-30");
    expect(bad.code).toBe(2);
    expect(bad.lines[0]).toBe("--as-of 2026-02-30 is not a date: write it as yyyy-mm-dd, like 2026-12-01.");
    const early = await run("simulate", "--as-of", "2015-01-01");
    expect(early.code).toBe(2);
    expect(early.lines[0]).toMatch(/^--as-of 2015-01-01 is before the model year of \d+ of the book's vehicles/);
  });

  it("names the entry and path of a bad book entry, and exits 1", async () => {
    const dir = await scratch();
    const book = JSON.parse(await readFile(SAMPLE_BOOK, "utf8"));
    delete book.entries[2].answers["203"];
    book.entries[5].vehicle.mileage = "lots";
    const path = join(dir, "book.json");
    await writeFile(path, JSON.stringify(book));
    const bad = await run("simulate", "--book", path);
    expect(bad.code).toBe(1);
    const column = JSON.stringify(book).indexOf('"lots"') + 1;
    expect(bad.lines).toEqual([
      `${path}:1:${column}: entry "stl-006" › vehicle.mileage: "mileage" is the text "lots". Write a number, without quotes. (Odometer miles, a whole number, like 68000.)`,
    ]);
    book.entries[5].vehicle.mileage = 1000;
    await writeFile(path, JSON.stringify(book));
    const missing = await run("simulate", "--book", path);
    expect(missing.lines).toEqual([
      `${path}:1:${JSON.stringify(book).indexOf('"answers"', JSON.stringify(book).indexOf('"stl-003"')) + 11}: entry "stl-003" › answers["203"]: This field is required`,
    ]);
    await writeFile(path, '{ "entries": [ }');
    const broken = await run("simulate", "--book", path);
    expect(broken).toEqual({
      code: 1,
      lines: [`${path}:1:16: A value is expected here: a number, text in double quotes, true, false, [ … ] or { … }.`],
    });
  });

  it("today is the calendar date in St. Louis at any instant, across midnight and daylight saving changes", () => {
    // The oracle: Intl's own calendar date in the time zone, as year, month and day parts.
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: DEALER_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
      // The minutes around a local midnight and the spring and autumn changes of 2026.
      fc
        .constantFrom(Date.UTC(2026, 10, 30, 6), Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7))
        .chain((at) => fc.integer({ min: at - 3_600_000, max: at + 3_600_000 })),
    );
    fc.assert(
      fc.property(instants, (now) => {
        const of = Object.fromEntries(parts.formatToParts(now).map((part) => [part.type, part.value]));
        expect(todayInStLouis(now)).toBe(`${of.year}-${of.month}-${of.day}`);
      }),
      { numRuns: 500 },
    );
  });

  it("median is the middle value, or the mean of the two middle values", () => {
    expect(median([])).toBeNull();
    expect(median([5, -1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("ends quietly when the reader closes the pipe early (simulate | head)", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/bin/showroom-rules.ts", "simulate", "--all", "--format", "csv"],
      {
        cwd: packageDir,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  }, 30_000);
});

describe("showroom-rules init", () => {
  it("copies the rule files with their schemas, $schema pointing where they land, and check accepts the copy", async () => {
    const dir = join(await scratch(), "my-rules");
    const { code, lines } = await run("init", dir);
    expect(code).toBe(0);
    // Ten rule files (search-words.json is the tenth, ADR 337), each with its schema.
    expect(lines[0]).toBe(`Wrote 20 files to ${dir}:`);
    const financing = JSON.parse(await readFile(join(dir, "financing.json"), "utf8"));
    expect(financing.$schema).toBe("./schemas/financing.schema.json");
    const schema = JSON.parse(await readFile(join(dir, financing.$schema), "utf8"));
    expect(schema.title).toBe("financing.json");
    expect((await run("check", dir)).code).toBe(0);
    const again = await run("init", dir, "financing");
    expect(again.code).toBe(2);
    expect(again.lines[0]).toMatch(/already holds financing\.json, schemas\/financing\.schema\.json; add --force/);
    expect((await run("init", dir, "financing", "--force")).code).toBe(0);
    expect((await run("init", dir, "financial")).lines[0]).toMatch(/^Not a rule file of the package: financial\.json/);
  });

  it("copies only the files named, so the others keep the package defaults", async () => {
    const dir = await scratch();
    await run("init", dir, "offer-settings.json", "questionnaire");
    const report = await run("check", dir);
    expect(report.lines.filter((l) => l.startsWith("  ok"))).toEqual([
      "  ok      questionnaire.json",
      "  ok      offer-settings.json",
    ]);
  });
});
