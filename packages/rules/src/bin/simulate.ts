import { TZDate } from "@date-fns/tz";
import { evaluateOffer, type OfferResult } from "../offer/evaluate-offer";
import { type OfferBook, type OfferBookEntry, OfferInputError, offerBookSchema } from "../offer/input.schema";
import { defaultOfferRules, OFFER_RULE_FILES, type OfferRules, parseOfferRules } from "../offer/offer-rules";
import { OFFER_KINDS, type OfferKind } from "../offer/outcomes.schema";
import { zodProblems } from "../questionnaire/rule-problems";
import { RuleFileError, type RuleProblem } from "../shared/rule-file";
import { readRuleDir } from "./rule-dir";

/** Dealer time zone (spec section 9): "today" for an offer is today in St. Louis. */
export const DEALER_TIME_ZONE = "America/Chicago";

export function todayInStLouis(now: number = Date.now()): string {
  // A TZDate's ISO string is its time zone's own wall time ("2026-11-29T23:59:00.000-06:00"): its date is St. Louis's.
  // date-fns's `format` for this cost every command 2 s of its start (docs/decisions/445).
  return new TZDate(now, DEALER_TIME_ZONE).toISOString().slice(0, 10);
}

/**
 * The offer rules of an analyst's directory: each offer rule file found there, the package default for each one
 * missing (listed in `notes`). Throws a RuleFileError when they do not validate.
 */
export async function readOfferRuleDir(dir: string | undefined): Promise<{ rules: OfferRules; notes: string[] }> {
  if (dir === undefined) return { rules: defaultOfferRules, notes: [] };
  const found = await readRuleDir(dir);
  const notes: string[] = [];
  const relevant = found.problems.filter((p) => Object.values<string>(OFFER_RULE_FILES).includes(p.file));
  if (relevant.length > 0) throw new RuleFileError(relevant);
  const pick = <K extends keyof typeof OFFER_RULE_FILES>(part: K) => {
    const name = OFFER_RULE_FILES[part];
    if (found.files.has(name)) return found.files.get(name);
    notes.push(`${name}: not in ${found.dir}, the package default applies.`);
    return defaultOfferRules[part];
  };
  const rules = parseOfferRules({
    questionnaire: pick("questionnaire"),
    outcomes: pick("outcomes"),
    settings: pick("settings"),
  });
  return { rules, notes };
}

/** Validates a book file; throws a RuleFileError naming `file` and each JSON path at fault. */
export function parseOfferBook(json: unknown, file: string): OfferBook {
  const result = offerBookSchema.safeParse(json);
  if (!result.success) throw new RuleFileError(zodProblems(file, result.error, json, offerBookSchema));
  const seen = new Set<string>();
  const problems: RuleProblem[] = [];
  for (const [i, entry] of result.data.entries.entries()) {
    if (seen.has(entry.id))
      problems.push({ file, path: `$.entries[${i}].id`, message: `The id "${entry.id}" is used twice.` });
    seen.add(entry.id);
  }
  if (problems.length > 0) throw new RuleFileError(problems);
  return result.data;
}

export interface SimulationRow {
  readonly entry: OfferBookEntry;
  readonly result: OfferResult;
}

/** The date entries are priced on: `override` (`--as-of`) for every entry, else each entry's or the book's own. */
export interface SimulationDates {
  /** When set, every entry is priced on it, whatever dates the book carries. */
  readonly override?: string | undefined;
  /** For entries with no date of their own in a book with none: today in St. Louis. */
  readonly fallback: string;
}

/** The date an entry is priced on (see {@link SimulationDates}). */
export function entryDate(entry: OfferBookEntry, book: OfferBook, dates: SimulationDates): string {
  return dates.override ?? entry.asOf ?? book.asOf ?? dates.fallback;
}

/**
 * Evaluates every entry of the book on its date (a plain string is the fallback date). Entries whose input does not
 * validate are reported as problems of `file` at `$.entries[i]…`.
 */
export async function simulateBook(
  book: OfferBook,
  rules: OfferRules,
  dates: SimulationDates | string,
  file = "book",
): Promise<SimulationRow[]> {
  const when = typeof dates === "string" ? { fallback: dates } : dates;
  const problems: RuleProblem[] = [];
  const rows: SimulationRow[] = [];
  for (const [i, entry] of book.entries.entries()) {
    const { vehicle, valuation, answers } = entry;
    try {
      const result = await evaluateOffer({ vehicle, valuation, answers, asOf: entryDate(entry, book, when) }, rules);
      rows.push({ entry, result });
    } catch (error) {
      if (!(error instanceof OfferInputError)) throw error;
      for (const p of error.problems)
        problems.push({ file, path: `$.entries[${i}]${p.path.slice(1)}`, message: p.message });
    }
  }
  if (problems.length > 0) throw new RuleFileError(problems);
  return rows;
}

/** How one offer moved across the entries of a comparison. */
export interface OfferMovement {
  /** After − before, for each entry priced both times whose price changed. */
  readonly changes: readonly number[];
  readonly min: number | null;
  readonly median: number | null;
  readonly max: number | null;
  /** Entries with a price now that had none before, and the other way round. */
  readonly gained: number;
  readonly lost: number;
}

/** One entry priced with the baseline rules (before) and the new rules (after). */
export interface ComparedEntry {
  readonly entry: OfferBookEntry;
  readonly before: OfferResult;
  readonly after: OfferResult;
}

/**
 * What moved between two runs over the same book. Every change is after − before (new rules minus baseline), which
 * is the seller's side: an offer that pays the seller less is a negative change.
 */
export interface Comparison {
  readonly total: number;
  /** Entries whose outcome, reasons, or either offer's price or withholding changed. */
  readonly moved: readonly ComparedEntry[];
  /** Every entry priced both times, moved or not, in book order. */
  readonly entries: readonly ComparedEntry[];
  readonly offers: Readonly<Record<OfferKind, OfferMovement>>;
}

function signature(result: OfferResult): string {
  const offer = (o: { price: number | null; withheld: string | null } | null) => [
    o?.price ?? null,
    o?.withheld ?? null,
  ];
  return JSON.stringify([result.outcome, result.reasons, offer(result.cashNow), offer(result.moreCashLater)]);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** What moved between a baseline run and a run with the new rules over the same book. */
export function compareSimulations(before: readonly SimulationRow[], after: readonly SimulationRow[]): Comparison {
  const baseline = new Map(before.map((row) => [row.entry.id, row.result]));
  const moved: ComparedEntry[] = [];
  const entries: ComparedEntry[] = [];
  const tally = { cashNow: newTally(), moreCashLater: newTally() };
  for (const row of after) {
    const old = baseline.get(row.entry.id);
    if (!old) continue;
    const compared = { entry: row.entry, before: old, after: row.result };
    entries.push(compared);
    if (signature(old) !== signature(row.result)) moved.push(compared);
    for (const kind of OFFER_KINDS) {
      const was = old[kind]?.price ?? null;
      const now = row.result[kind]?.price ?? null;
      if (was !== null && now !== null && was !== now) tally[kind].changes.push(now - was);
      if (was === null && now !== null) tally[kind].gained += 1;
      if (was !== null && now === null) tally[kind].lost += 1;
    }
  }
  return {
    total: after.length,
    moved,
    entries,
    offers: { cashNow: summarize(tally.cashNow), moreCashLater: summarize(tally.moreCashLater) },
  };
}

function newTally() {
  return { changes: [] as number[], gained: 0, lost: 0 };
}

function summarize(tally: ReturnType<typeof newTally>): OfferMovement {
  const { changes } = tally;
  return {
    ...tally,
    min: changes.length ? Math.min(...changes) : null,
    median: median(changes),
    max: changes.length ? Math.max(...changes) : null,
  };
}
