import { parseArgs } from "node:util";
import { RuleFileError } from "../shared/rule-file";
import { checkRules, formatCheckReport } from "./check";
import { formatComparison, formatSimulation } from "./format";
import { readJsonFile, UsageError } from "./rule-dir";
import { compareSimulations, loadOfferRules, parseOfferBook, simulateBook, todayInStLouis } from "./simulate";

export const USAGE = `Usage:
  showroom-rules check [dir]
      Validate every rule file in dir (default: the package's own rules/). Prints each problem as
      "file: $.json.path: message" and exits 1 when there is any.
  showroom-rules simulate --book <book.json> [--rules <dir>] [--baseline <dir>] [--as-of yyyy-mm-dd] [--json]
      Evaluate the sell/trade offer for every entry of the book with the rules of --rules (default: the
      package's). With --baseline, show only what moved from the baseline rules, and by how much.`;

/** Runs the CLI on `argv` (without node and script), writing lines to `out`; resolves to the exit code. */
export async function main(argv: readonly string[], out: (line: string) => void): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "check") return await check(rest, out);
    if (command === "simulate") return await simulate(rest, out);
    out(
      command === undefined || command === "--help" || command === "help"
        ? USAGE
        : `Unknown command: ${command}\n${USAGE}`,
    );
    return command === undefined || command === "--help" || command === "help" ? 0 : 2;
  } catch (error) {
    if (error instanceof RuleFileError) {
      for (const p of error.problems) out(`${p.file}: ${p.path}: ${p.message}`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      out(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

async function check(args: readonly string[], out: (line: string) => void): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new UsageError("check takes one directory at most.");
  const report = await checkRules(positionals[0]);
  for (const line of formatCheckReport(report)) out(line);
  return report.problems.length > 0 ? 1 : 0;
}

async function simulate(args: readonly string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      book: { type: "string" },
      rules: { type: "string" },
      baseline: { type: "string" },
      "as-of": { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  if (!values.book) throw new UsageError("simulate needs --book <file.json>.");
  const asOf = values["as-of"] ?? todayInStLouis();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new UsageError("--as-of takes a date as yyyy-mm-dd.");
  const book = parseOfferBook(await readJsonFile(values.book), values.book);
  const current = await loadOfferRules(values.rules);
  const rows = await simulateBook(book, current.rules, asOf, values.book);
  if (values.baseline === undefined) {
    if (values.json)
      out(
        JSON.stringify(
          rows.map((r) => ({ id: r.entry.id, ...r.result })),
          null,
          2,
        ),
      );
    else for (const line of [...current.notes, ...formatSimulation(rows)]) out(line);
    return 0;
  }
  const baseline = await loadOfferRules(values.baseline);
  const comparison = compareSimulations(await simulateBook(book, baseline.rules, asOf, values.book), rows);
  if (values.json) {
    out(
      JSON.stringify(
        { ...comparison, moved: comparison.moved.map((m) => ({ id: m.entry.id, before: m.before, after: m.after })) },
        null,
        2,
      ),
    );
  } else {
    const notes = [...baseline.notes.map((n) => `baseline ${n}`), ...current.notes];
    for (const line of [...notes, ...formatComparison(comparison)]) out(line);
  }
  return 0;
}
