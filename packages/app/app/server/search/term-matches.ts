// What one free-text term of a search finds (ADR 260, 337): by meaning, by tags, at the start of a name word, or
// one edit away from a make or model. runSearch (engine.ts) keeps the vehicles every term finds.
import { nameWords, type SearchTerm, withinOneEdit } from "@showroom/rules/inventory";
import { haystackMatches, sharedWordStarts } from "./haystacks";
import { type GroupedFacet, type InventoryIndex, startsAWord } from "./inventory-index";

/**
 * Marks in `matched` (by position) the vehicles one free-text word finds beyond the haystack: it starts a word of
 * the vehicle's body style, exterior colour, fuel or one of its Key Features ("suv", "red", "hybrid", "leather").
 * Each dictionary is scanned once per search, then one pass per matching column, or per matching feature's list.
 */
function markTagMatches(index: InventoryIndex, word: string, matched: Uint8Array): void {
  const { dictionaries, codes, tags } = index;
  const maskOf = (texts: readonly string[]) => {
    const mask = new Uint8Array(texts.length);
    let any = false;
    texts.forEach((text, code) => {
      if (startsAWord(text, word)) {
        mask[code] = 1;
        any = true;
      }
    });
    return any ? mask : null;
  };
  const n = matched.length;
  for (const facet of ["bodyStyle", "exteriorColor", "fuel"] as const) {
    const mask = maskOf(dictionaries[facet].values);
    if (!mask) continue;
    const column = codes[facet];
    for (let i = 0; i < n; i++) {
      const code = column[i] as number;
      if (code >= 0 && mask[code] === 1) matched[i] = 1;
    }
  }
  const { start, items } = tags.vehiclesOf;
  tags.features.forEach((feature, code) => {
    if (!startsAWord(feature, word)) return;
    const end = start[code + 1] as number;
    for (let j = start[code] as number; j < end; j++) matched[items[j] as number] = 1;
  });
}

/** Each make's and model's name words (by dictionary code), and every such word: what a typo is measured against. */
export interface NameIndex {
  make: string[][];
  model: string[][];
  all: Set<string>;
}

// The dictionaries change only when the index is rebuilt, so their name words are kept per index.
const nameIndexes = new WeakMap<InventoryIndex, NameIndex>();
export function nameIndex(index: InventoryIndex): NameIndex {
  let names = nameIndexes.get(index);
  if (!names) {
    const make = index.dictionaries.make.labels.map(nameWords);
    const model = index.dictionaries.model.labels.map(nameWords);
    names = { make, model, all: new Set([...make.flat(), ...model.flat()]) };
    nameIndexes.set(index, names);
  }
  return names;
}

/** Marks the vehicles whose value code of `facet` is one of the codes `chosen` (by code) holds. */
function markCodes(index: InventoryIndex, facet: GroupedFacet, chosen: Uint8Array, matched: Uint8Array): void {
  const column = index.codes[facet];
  for (let i = 0; i < matched.length; i++) {
    const code = column[i] as number;
    if (code >= 0 && chosen[code] === 1) matched[i] = 1;
  }
}

/**
 * Marks the vehicles one term finds (ADR 260, 337). A term of the search words table by what it means (drivetrain,
 * body style, fuel, colour), by tags, and at the start of a name word, never inside one. Any other word inside the
 * year, make, model, trim, VIN or stock number or at a tag's word start, and, when the typo rule allows and the word
 * is no make or model name word itself, in the makes and models with a name word one edit away (`hnda` → Honda).
 */
export function termMatches(
  index: InventoryIndex,
  term: SearchTerm,
  names: NameIndex | null,
  matched: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  const { text, meaning } = term;
  markTagMatches(index, text, matched);
  if (meaning) {
    sharedWordStarts(index.haystacks, text, matched);
    const { dictionaries } = index;
    const byValue = (
      facet: GroupedFacet,
      wanted: readonly string[] | undefined,
      test: (v: string, w: string) => boolean,
    ) => {
      if (!wanted || wanted.length === 0) return;
      const chosen = Uint8Array.from(dictionaries[facet].values, (v) => (wanted.some((w) => test(v, w)) ? 1 : 0));
      markCodes(index, facet, chosen, matched);
    };
    const same = (v: string, w: string) => v === w;
    byValue("drivetrain", meaning.drivetrain, same);
    byValue("bodyStyle", meaning.bodyStyle, same);
    byValue("fuel", meaning.fuel, same);
    byValue("exteriorColor", meaning.exteriorColor, startsAWord);
    return matched;
  }
  haystackMatches(index.haystacks, text, matched);
  if (term.forgivesTypo && names && !names.all.has(text)) {
    const near = (words: string[]) => (words.some((w) => withinOneEdit(text, w)) ? 1 : 0);
    markCodes(index, "make", Uint8Array.from(names.make, near), matched);
    markCodes(index, "model", Uint8Array.from(names.model, near), matched);
  }
  return matched;
}
