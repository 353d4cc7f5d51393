// What a shopper's free text means (issue 28, ADR 337): words and runs of words looked up in the search words rule
// file, and the typo rule for make and model names. Pure and browser-safe; the app's search engine and its oracle
// both read the words through here, so the table is the one place a synonym is added.
import data from "../../rules/search-words.json" with { type: "json" };
import type { SearchWordMeaning, SearchWords } from "./search-words.schema";
import { slugify } from "./slug";

/** The search words that ship in `rules/search-words.json` (validated by the tests and the build, ADR 211). */
export const defaultSearchWords: SearchWords = data as unknown as SearchWords;

/** At most this many terms count; the rest of a long query adds nothing useful. */
export const MAX_SEARCH_TERMS = 8;
/** The longest run of words looked up as one phrase ("four wheel drive" is three). */
const MAX_PHRASE_WORDS = 4;
/** A typed word is forgiven one typo only when it has at least this many letters (ADR 337). */
export const MIN_TYPO_LETTERS = 4;

/** Lower-case letters and digits only: "All-Wheel Drive" → `allwheeldrive`, `CR-V` → `crv`. */
export function squeeze(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

export interface SearchTerm {
  /** The word as typed, lower case; for a word or phrase of the table, its squeezed key. */
  text: string;
  /** What the table says it means, or null. */
  meaning: SearchWordMeaning | null;
  /** Whether a make or model name one edit away also matches (see {@link mayForgiveTypo}). */
  forgivesTypo: boolean;
}

/**
 * The typo rule: a word of letters only, at least four of them. Shorter words are left exact because one edit
 * reaches too many names from them (`kia` → `kit`, `ram` → `ra`, `gmc` → `gm`), and words with digits are years,
 * model numbers and stock numbers, where one character is the whole point (`f150` is not `f250`).
 */
export function mayForgiveTypo(word: string): boolean {
  return /^\p{L}+$/u.test(word) && [...word].length >= MIN_TYPO_LETTERS;
}

/**
 * The terms of a free-text search: split on spaces and commas; the longest run of up to four words that the table
 * knows becomes one term with its meaning ("all wheel drive", "plug-in hybrid"); every other word is a term of its
 * own. Unique, at most {@link MAX_SEARCH_TERMS}.
 */
export function searchTerms(q: string | undefined, table: SearchWords = defaultSearchWords): SearchTerm[] {
  if (!q) return [];
  const words = q
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== "")
    .slice(0, MAX_SEARCH_TERMS * MAX_PHRASE_WORDS);
  const meaningOf = (key: string) => (Object.hasOwn(table.words, key) ? (table.words[key] ?? null) : null);
  const terms = new Map<string, SearchTerm>();
  for (let i = 0; i < words.length; ) {
    let taken = 0;
    for (let run = Math.min(MAX_PHRASE_WORDS, words.length - i); run >= 1 && taken === 0; run--) {
      const key = squeeze(words.slice(i, i + run).join(""));
      const meaning = meaningOf(key);
      if (meaning) {
        if (!terms.has(key)) terms.set(key, { text: key, meaning, forgivesTypo: false });
        taken = run;
      }
    }
    if (taken === 0) {
      const word = words[i] as string;
      if (!terms.has(word)) terms.set(word, { text: word, meaning: null, forgivesTypo: mayForgiveTypo(word) });
      taken = 1;
    }
    i += taken;
  }
  return [...terms.values()].slice(0, MAX_SEARCH_TERMS);
}

/**
 * Whether two words are at most one edit apart (Damerau: one letter inserted, deleted, replaced, or two neighbours
 * swapped). Linear: the words agree up to their first difference, and the rest must line up after one edit.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length < long.length) return short.slice(i) === long.slice(i + 1);
  if (short.slice(i + 1) === long.slice(i + 1)) return true;
  return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
}

/** The words a typo may be measured against in a make or model name: each word of it, and the name squeezed. */
export function nameWords(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
  return [...new Set([...words, squeeze(name)])].filter((w) => w !== "");
}

/** The drivetrain slug of a feed's spelling ("All-Wheel Drive", "4x4", "AWD"), its slug when unknown, or null. */
export function drivetrainSlug(raw: string | null | undefined, table: SearchWords = defaultSearchWords): string | null {
  const key = squeeze(raw ?? "");
  if (key === "") return null;
  return table.drivetrains.find((d) => d.feedSpellings.includes(key))?.slug ?? (slugify(raw ?? "") || null);
}

/** The label of a drivetrain slug ("All-wheel drive (AWD)"), or the slug in capitals when the table lacks it. */
export function drivetrainLabel(slug: string, table: SearchWords = defaultSearchWords): string {
  return table.drivetrains.find((d) => d.slug === slug)?.label ?? slug.toUpperCase();
}
