// The staff desk's offer rules (issue 30, ADR 343): a candidate rule set an analyst uploads or edits, checked as
// `showroom-rules check` does and compared as `showroom-rules simulate` does, over the sample book and the inputs of
// the last real offers, against the version the site prices with.

import sampleBookJson from "@showroom/rules/books/sample-book.json" with { type: "json" };
import {
  type ComparedEntry,
  type Comparison,
  compareSimulations,
  defaultOfferRules,
  evaluateOffer,
  type LoadedOfferRules,
  loadOfferRuleTexts,
  OFFER_KINDS,
  OFFER_RULE_FILES,
  type OfferBook,
  OfferInputError,
  type OfferKind,
  type OfferResult,
  type OfferRules,
  parseOfferBook,
  type SimulationRow,
} from "@showroom/rules/offer";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { offerRuleVersions, offers } from "../db/schema.server";
import { newestOfferRuleVersion, type PublishedVersion, textsOf, versionLabel } from "./offer-rule-versions.server";
import { savedOfferSchema } from "./price-offer.server";

/** The rule files an analyst edits here: the three the site reads from a published version. */
export const EDITABLE_FILES: readonly string[] = Object.values(OFFER_RULE_FILES);
/** A rule folder holds a handful of files; more is not a folder of rules. */
export const MAX_UPLOADED_FILES = 12;
/** The largest rule file is a few kilobytes; 256 KiB leaves room for long notes and bounds what is read. */
export const MAX_RULE_FILE_BYTES = 256 * 1024;
/** How many of the newest real offers a candidate is tried on. */
export const RECENT_OFFERS = 200;

/** The live rule set: the newest published version, else the package's rules. */
export interface LiveRules {
  readonly version: PublishedVersion | undefined;
  /** The live text of each editable file, the package default's as JSON where the version has none. */
  readonly texts: ReadonlyMap<string, string>;
  readonly rules: OfferRules;
}

const defaultText = (name: string) => {
  const part = (Object.keys(OFFER_RULE_FILES) as (keyof typeof OFFER_RULE_FILES)[]).find(
    (key) => OFFER_RULE_FILES[key] === name,
  );
  return part ? `${JSON.stringify(defaultOfferRules[part], null, 2)}\n` : "";
};

export async function liveRules(db: Db): Promise<LiveRules> {
  const version = await newestOfferRuleVersion(db);
  const published = version ? textsOf(version) : new Map<string, string>();
  const texts = new Map(EDITABLE_FILES.map((name) => [name, published.get(name) ?? defaultText(name)]));
  if (!version) return { version, texts, rules: defaultOfferRules };
  const loaded = loadOfferRuleTexts(published, versionLabel(version.version));
  // A live version failing today's check stops the site's start (ADR 341); compare against the package's then.
  return { version, texts, rules: loaded.ok ? loaded.rules : defaultOfferRules };
}

/** A published version's files (empty when there is no such version): what a refused rollback shows. */
export async function offerRuleVersionTexts(db: Db, version: number): Promise<Map<string, string>> {
  const [row] = await db
    .select({ files: offerRuleVersions.files })
    .from(offerRuleVersions)
    .where(eq(offerRuleVersions.version, version));
  return row ? textsOf(row) : new Map();
}

/** A candidate's files by name, or what is wrong with the upload in plain words. */
export type Candidate = { ok: true; texts: Map<string, string> } | { ok: false; error: string };

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$/;

/** The rule folder's files as uploaded: `.json` files by their own names, each within the size cap. */
export async function uploadedCandidate(form: FormData): Promise<Candidate> {
  const files = form.getAll("files").filter((value): value is File => typeof value !== "string" && value.size > 0);
  if (files.length === 0) return { ok: false, error: "Choose the rule folder’s .json files to upload." };
  if (files.length > MAX_UPLOADED_FILES) {
    return { ok: false, error: `Upload at most ${MAX_UPLOADED_FILES} files: the rule folder’s .json files.` };
  }
  const texts = new Map<string, string>();
  for (const file of files) {
    // Browsers send the name alone; a path some client adds is not ours to keep.
    const name = file.name.split(/[\\/]/).pop() ?? "";
    if (!FILE_NAME.test(name)) return { ok: false, error: `${name || "A file"} is not a .json rule file.` };
    if (file.size > MAX_RULE_FILE_BYTES) {
      return { ok: false, error: `${name} is larger than ${MAX_RULE_FILE_BYTES / 1024} KiB: it is not a rule file.` };
    }
    if (texts.has(name)) return { ok: false, error: `${name} was uploaded twice.` };
    texts.set(name, await file.text());
  }
  return { ok: true, texts };
}

/** The live files with one replaced by the text edited in the page. */
export function editedCandidate(live: LiveRules, name: string, text: string): Candidate {
  if (!EDITABLE_FILES.includes(name)) return { ok: false, error: "Choose one of the offer rule files to edit." };
  if (new TextEncoder().encode(text).length > MAX_RULE_FILE_BYTES) {
    return { ok: false, error: `${name} is larger than ${MAX_RULE_FILE_BYTES / 1024} KiB: it is not a rule file.` };
  }
  const texts = new Map(live.texts);
  texts.set(name, text);
  return { ok: true, texts };
}

/**
 * The candidate a preview page carries to the publish button, as posted back (`candidateName`/`candidateText` pairs):
 * published only after the check runs again on exactly these texts.
 */
export function carriedCandidate(form: FormData): Candidate {
  const names = form.getAll("candidateName");
  const texts = form.getAll("candidateText");
  if (names.length === 0 || names.length !== texts.length || names.length > MAX_UPLOADED_FILES) {
    return { ok: false, error: "Check the rule files again before publishing them." };
  }
  const candidate = new Map<string, string>();
  for (const [i, name] of names.entries()) {
    const text = texts[i];
    if (typeof name !== "string" || typeof text !== "string" || !FILE_NAME.test(name) || candidate.has(name)) {
      return { ok: false, error: "Check the rule files again before publishing them." };
    }
    if (text.length > MAX_RULE_FILE_BYTES) return { ok: false, error: `${name} is too large to be a rule file.` };
    candidate.set(name, text);
  }
  return { ok: true, texts: candidate };
}

/** How one offer of one entry moved, and the rules of the offer that moved it. */
export interface MovedOffer {
  readonly before: number | null;
  readonly after: number | null;
  readonly withheldBefore: string | null;
  readonly withheldAfter: string | null;
  /** The deductions, costs, base or reasons whose amount or presence changed, in the rules' own names. */
  readonly rules: readonly string[];
}

export interface MovedEntry {
  /** The book's id, or `offer N` (the Nth newest real offer): never an offer's address, which opens it. */
  readonly label: string;
  readonly vehicle: string;
  readonly outcomeBefore: string;
  readonly outcomeAfter: string;
  readonly reasonsAdded: readonly string[];
  readonly reasonsRemoved: readonly string[];
  readonly offers: Readonly<Record<OfferKind, MovedOffer>>;
}

export interface BookComparison {
  readonly total: number;
  readonly moved: readonly MovedEntry[];
  readonly offers: Comparison["offers"];
  /** Entries whose answers the candidate's questionnaire no longer takes: not priced by it. */
  readonly unpriced: number;
}

export interface CandidateReview {
  readonly loaded: LoadedOfferRules;
  /** Null when the check failed: nothing to compare. */
  readonly sampleBook: BookComparison | null;
  readonly recentOffers: BookComparison | null;
}

const sampleBook: OfferBook = parseOfferBook(sampleBookJson, "sample-book.json");

/**
 * The inputs of the newest real offers as a book: vehicle, valuation, answers and the day each was priced, nothing of
 * the person (no VIN, ZIP, visitor or lead). Offers priced without a valuation (bring-in) have nothing to compare.
 */
async function recentOffersBook(db: Db): Promise<OfferBook | null> {
  const rows = await db
    .select({ offer: offers.offer })
    .from(offers)
    .orderBy(desc(offers.createdAt))
    .limit(RECENT_OFFERS);
  const entries: OfferBook["entries"][number][] = [];
  for (const row of rows) {
    const saved = savedOfferSchema.safeParse(row.offer);
    if (!saved.success || !saved.data.valuation) continue;
    const { vehicle, valuation, answers, asOf } = saved.data;
    entries.push({
      id: `offer ${entries.length + 1}`,
      asOf,
      vehicle: {
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        ...(vehicle.trim ? { trim: vehicle.trim } : {}),
        mileage: vehicle.mileage,
      },
      valuation: {
        roughWholesale: valuation.roughWholesale,
        adjustedWholesaleAvg: valuation.adjustedWholesaleAvg,
        adjustedRetailAvg: valuation.adjustedRetailAvg,
      },
      answers,
    });
  }
  return entries.length === 0 ? null : { entries };
}

/** Each entry the rules price: an entry whose answers these rules' questionnaire does not take is left out. */
async function priced(book: OfferBook, rules: OfferRules): Promise<SimulationRow[]> {
  const rows: SimulationRow[] = [];
  for (const entry of book.entries) {
    const { vehicle, valuation, answers } = entry;
    const asOf = entry.asOf ?? book.asOf ?? new Date().toISOString().slice(0, 10);
    try {
      rows.push({ entry, result: await evaluateOffer({ vehicle, valuation, answers, asOf }, rules) });
    } catch (error) {
      if (!(error instanceof OfferInputError)) throw error;
    }
  }
  return rows;
}

function changedRules(before: OfferResult, after: OfferResult, kind: OfferKind): string[] {
  const was = before[kind];
  const now = after[kind];
  const amounts = (offer: typeof was) =>
    new Map([
      ...(offer?.deductions ?? []).map((d) => [`deduction “${d.name}”`, d.amount] as const),
      ...(offer?.costs ?? []).map((c) => [`cost “${c.name}”`, c.amount] as const),
    ]);
  const a = amounts(was);
  const b = amounts(now);
  const names: string[] = [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name));
  if (was && now && (was.base !== now.base || was.baseKey !== now.baseKey)) names.unshift(`base (${now.baseKey})`);
  if ((was?.withheld ?? null) !== (now?.withheld ?? null)) names.push(`withheld: ${now?.withheld ?? "no longer"}`);
  return names;
}

const vehicleOf = (entry: ComparedEntry["entry"]) =>
  [entry.vehicle.year, entry.vehicle.make, entry.vehicle.model, entry.vehicle.trim].filter(Boolean).join(" ");

function movedEntry({ entry, before, after }: ComparedEntry): MovedEntry {
  const offerOf = (kind: OfferKind): MovedOffer => ({
    before: before[kind]?.price ?? null,
    after: after[kind]?.price ?? null,
    withheldBefore: before[kind]?.withheld ?? null,
    withheldAfter: after[kind]?.withheld ?? null,
    rules: changedRules(before, after, kind),
  });
  return {
    label: entry.id,
    vehicle: vehicleOf(entry),
    outcomeBefore: before.outcome,
    outcomeAfter: after.outcome,
    reasonsAdded: after.reasons.filter((r) => !before.reasons.includes(r)),
    reasonsRemoved: before.reasons.filter((r) => !after.reasons.includes(r)),
    offers: Object.fromEntries(OFFER_KINDS.map((kind) => [kind, offerOf(kind)])) as Record<OfferKind, MovedOffer>,
  };
}

async function compareOver(book: OfferBook, live: OfferRules, candidate: OfferRules): Promise<BookComparison> {
  const before = await priced(book, live);
  const after = await priced(book, candidate);
  const comparison = compareSimulations(before, after);
  return {
    total: comparison.total,
    moved: comparison.moved.map(movedEntry),
    offers: comparison.offers,
    unpriced: book.entries.length - after.length,
  };
}

/** The check of a candidate and, when it passes, what it moves against the live rules. */
export async function reviewCandidate(db: Db, live: LiveRules, texts: ReadonlyMap<string, string>) {
  const loaded = loadOfferRuleTexts(texts, "the candidate");
  if (!loaded.ok) return { loaded, sampleBook: null, recentOffers: null } satisfies CandidateReview;
  const recent = await recentOffersBook(db);
  return {
    loaded,
    sampleBook: await compareOver(sampleBook, live.rules, loaded.rules),
    recentOffers: recent ? await compareOver(recent, live.rules, loaded.rules) : null,
  } satisfies CandidateReview;
}
