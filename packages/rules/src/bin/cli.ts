import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatRuleProblem, RuleFileError } from "../shared/rule-file";
import { checkRules, formatCheckReport, locate } from "./check";
import { comparisonCsv, formatComparison, formatSimulation, simulationCsv } from "./format";
import { initRuleDir } from "./init";
import { readJsonFile, UsageError } from "./rule-dir";
import {
  compareSimulations,
  parseOfferBook,
  readOfferRuleDir,
  type SimulationDates,
  simulateBook,
  todayInStLouis,
} from "./simulate";

/** The sample book that ships with the package (the same relative place from `src/bin` and from `dist/bin`). */
export const SAMPLE_BOOK = fileURLToPath(new URL("../../books/sample-book.json", import.meta.url));

/** Exit codes, as documented in the usage text and the README. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

export const USAGE = `Usage:
  showroom-rules init <dir> [file ...] [--force]
      Copy the package's rule files (all, or the ones named) into <dir>, with their JSON Schemas in <dir>/schemas/
      so an editor autocompletes and checks them. Files you leave out keep the package defaults.
  showroom-rules check [dir]
      Check every rule file in <dir> (default: the package's own rules/). Prints each problem as
      "file:line:column: where: what is wrong and what to write instead".
  showroom-rules simulate [--rules <dir>] [--baseline <dir>] [--book <book.json>] [--as-of yyyy-mm-dd]
                          [--format table|csv|json] [--all]
      Price every entry of a book (default: the sample book in the package) with the offer rules of --rules.
      With --rules alone, show what moved from the package defaults; with --baseline, from that directory.
      Changes are new minus baseline, from the seller's side: less money is negative. --all lists every
      entry, not only those that moved. --as-of prices every entry on that date, whatever dates the book holds.

Exit codes: 0 ok, 1 invalid rules or book, 2 usage (a bad option, a missing directory or file).`;

/**
 * The folder the person ran the command from: npm runs a workspace script (`npm run cli -w packages/rules`) in the
 * package folder and says where it was called from in INIT_CWD, so relative paths resolve from there (ADR 310).
 */
export function callerFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * Runs the CLI on `argv` (without node and script), writing lines to `out`; resolves to the exit code. Relative
 * directories and files on the command line are read from `cwd`; messages name them as they were typed.
 */
export async function main(
  argv: readonly string[],
  out: (line: string) => void,
  cwd: string = process.cwd(),
): Promise<number> {
  const [command, ...rest] = argv;
  const from = (path: string) => resolve(cwd, path);
  try {
    if (command === "check") return await check(rest, out, from);
    if (command === "simulate") return await simulate(rest, out, from);
    if (command === "init") return await init(rest, out, from);
    const help = command === undefined || command === "--help" || command === "-h" || command === "help";
    out(help ? USAGE : `Unknown command: ${command}\n${USAGE}`);
    return help ? EXIT.ok : EXIT.usage;
  } catch (error) {
    if (error instanceof RuleFileError) {
      for (const p of error.problems) out(formatRuleProblem(p));
      return EXIT.invalid;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      out(`${(error as Error).message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    throw error;
  }
}

type FromCaller = (path: string) => string;

async function check(args: readonly string[], out: (line: string) => void, from: FromCaller): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new UsageError("check takes one directory at most.");
  const report = await checkRules(positionals[0] === undefined ? undefined : from(positionals[0]));
  for (const line of formatCheckReport(report)) out(line);
  return report.problems.length > 0 ? EXIT.invalid : EXIT.ok;
}

async function init(args: readonly string[], out: (line: string) => void, from: FromCaller): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const [dir, ...names] = positionals;
  if (dir === undefined) throw new UsageError("init needs the directory to copy the rule files into.");
  const result = await initRuleDir(from(dir), names, values.force);
  out(`Wrote ${result.written.length} files to ${result.dir}:`);
  for (const path of result.written) out(`  ${path}`);
  for (const line of [
    "",
    "Edit the rule files, then:",
    `  showroom-rules check ${dir}`,
    `  showroom-rules simulate --rules ${dir}`,
  ]) {
    out(line);
  }
  return EXIT.ok;
}

/** A real calendar date as yyyy-mm-dd, or a usage error naming the option. */
function calendarDate(value: string): string {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d;
  if (!real) throw new UsageError(`--as-of ${value} is not a date: write it as yyyy-mm-dd, like 2026-12-01.`);
  return value;
}

const FORMATS = ["table", "csv", "json"] as const;

async function simulate(args: readonly string[], out: (line: string) => void, from: FromCaller): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      book: { type: "string" },
      rules: { type: "string" },
      baseline: { type: "string" },
      "as-of": { type: "string" },
      format: { type: "string", default: "table" },
      json: { type: "boolean", default: false },
      all: { type: "boolean", default: false },
    },
  });
  const format = values.json ? "json" : values.format;
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format takes table, csv or json, not ${format}.`);
  }
  const dates: SimulationDates = {
    override: values["as-of"] === undefined ? undefined : calendarDate(values["as-of"]),
    fallback: todayInStLouis(),
  };
  const bookFile = values.book ?? SAMPLE_BOOK;
  const { json, text } = await readJsonFile(from(bookFile), bookFile);
  const located = <T>(work: () => Promise<T>) => withPositions(work, bookFile, json, text);
  const book = await located(async () => parseOfferBook(json, bookFile));
  const notes: string[] = [];
  if (dates.override) {
    const own = book.asOf !== undefined || book.entries.some((e) => e.asOf !== undefined);
    notes.push(
      `Every entry is priced on ${dates.override} (--as-of${own ? "; the book's own dates are not used" : ""}).`,
    );
  }
  const current = await readOfferRuleDir(values.rules === undefined ? undefined : from(values.rules));
  const run = (rules: typeof current.rules) => located(() => simulateWithDates(book, rules, dates, bookFile));
  const rows = await run(current.rules);
  if (values.rules === undefined && values.baseline === undefined) {
    if (format === "json")
      out(
        JSON.stringify(
          rows.map((r) => ({ id: r.entry.id, ...r.result })),
          null,
          2,
        ),
      );
    else if (format === "csv") for (const line of simulationCsv(rows)) out(line);
    else for (const line of [...notes, ...formatSimulation(rows)]) out(line);
    return EXIT.ok;
  }
  const baseline = await readOfferRuleDir(values.baseline === undefined ? undefined : from(values.baseline));
  const comparison = compareSimulations(await run(baseline.rules), rows);
  const shown = values.all ? comparison.entries : comparison.moved;
  if (format === "json") {
    const entries = shown.map((m) => ({ id: m.entry.id, before: m.before, after: m.after }));
    out(
      JSON.stringify(
        { total: comparison.total, changed: comparison.moved.length, offers: comparison.offers, entries },
        null,
        2,
      ),
    );
  } else if (format === "csv") {
    for (const line of comparisonCsv(shown)) out(line);
  } else {
    const against = values.baseline === undefined ? "the package defaults" : values.baseline;
    notes.unshift(`Comparing ${values.rules ?? "the package defaults"} (new) with ${against} (baseline).`);
    const dirs = [...baseline.notes.map((n) => `baseline ${n}`), ...current.notes];
    for (const line of [...notes, ...dirs, ...formatComparison(comparison, values.all)]) out(line);
  }
  return EXIT.ok;
}

/** Runs `work`, giving the book's problems their line, column and entry when it throws. */
async function withPositions<T>(work: () => Promise<T>, file: string, json: unknown, text: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RuleFileError)) throw error;
    const own = error.problems.filter((p) => p.file === file);
    const others = error.problems.filter((p) => p.file !== file);
    throw new RuleFileError([
      ...others,
      ...locate(own, { files: new Map([[file, json]]), texts: new Map([[file, text]]) }),
    ]);
  }
}

/**
 * Prices the book; when `--as-of` makes some vehicles newer than their date, that is a usage mistake of the date, so
 * it is said once instead of once per entry.
 */
async function simulateWithDates(
  book: Parameters<typeof simulateBook>[0],
  rules: Parameters<typeof simulateBook>[1],
  dates: SimulationDates,
  file: string,
) {
  try {
    return await simulateBook(book, rules, dates, file);
  } catch (error) {
    const problems = error instanceof RuleFileError ? error.problems : [];
    if (dates.override && problems.length > 0 && problems.every((p) => p.path.endsWith(".vehicle.year"))) {
      const newest = Math.max(...book.entries.map((e) => e.vehicle.year));
      throw new UsageError(
        `--as-of ${dates.override} is before the model year of ${problems.length} of the book's vehicles (the newest is a ${newest}): pick a date in ${newest - 1} or later.`,
      );
    }
    throw error;
  }
}
