// The oracle's reading of a query's words (oracle.test-support.ts): terms by the synonyms table, word starts, and
// the one-edit typos of make and model names. Written from the words, not from the engine. Not a test file.
import { defaultSearchWords, slugify } from "@showroom/rules/inventory";
import type { InventoryRow } from "./inventory-index";

/**
 * Whether `word` begins at a word of `text` (letters and digits only, so "heads-up" begins "Heads-Up Display"):
 * the text squeezed to letters and digits, read from each position where one of its words begins.
 */
function beginsAWord(text: string, word: string): boolean {
  const wanted = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (wanted === "") return false;
  let squeezed = "";
  const starts: number[] = [];
  for (const part of text.toLowerCase().split(/[^\p{L}\p{N}]/u)) {
    if (part === "") continue;
    starts.push(squeezed.length);
    squeezed += part;
  }
  return starts.some((at) => squeezed.slice(at, at + wanted.length) === wanted);
}

function wordMatches(vehicle: InventoryRow, word: string): boolean {
  const w = word.toLowerCase();
  const fields = [
    String(vehicle.year),
    vehicle.make,
    vehicle.model,
    vehicle.trim ?? "",
    vehicle.vin,
    vehicle.stockNumber,
  ];
  const squeezed = [vehicle.make, vehicle.model, vehicle.trim ?? ""].map((f) =>
    f.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ""),
  );
  // Body style, exterior colour and fuel as the filters name them (slugs), and the Key Features as written.
  const tagged = [
    vehicle.bodyStyle,
    slugify(vehicle.exteriorColor ?? ""),
    slugify(vehicle.fuelType ?? ""),
    ...(vehicle.features ?? []),
  ];
  return (
    fields.some((f) => f.toLowerCase().includes(w)) ||
    squeezed.some((f) => f.includes(w)) ||
    tagged.some((text) => beginsAWord(text, w))
  );
}

/** Damerau distance (optimal string alignment) by the textbook table, to check the engine's linear test against. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

const squeezed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The words of a make or model name a typo is measured against: each word, and the whole name squeezed. */
function namePieces(name: string): string[] {
  return [...name.toLowerCase().split(/[^\p{L}\p{N}]+/u), squeezed(name)].filter((w) => w !== "");
}

/** Every make and model name word of the inventory: a word that is one is never read as a typo. */
export function nameVocabulary(vehicles: readonly InventoryRow[]): Set<string> {
  return new Set(vehicles.flatMap((v) => [...namePieces(v.make), ...namePieces(v.model)]));
}

/** A query term, as the issue words it: a phrase or word of the synonyms table, or a word as typed. */
interface Term {
  text: string;
  meaning: (typeof defaultSearchWords.words)[string] | null;
}

/** The terms of a query: the longest run of up to four words whose squeezed form the table knows, else one word. */
export function termsOf(q: string | undefined): Term[] {
  const words = (q ?? "")
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== "");
  const terms: Term[] = [];
  let i = 0;
  while (i < words.length) {
    let run = Math.min(4, words.length - i);
    while (run > 0 && !Object.hasOwn(defaultSearchWords.words, squeezed(words.slice(i, i + run).join("")))) run--;
    if (run === 0) {
      terms.push({ text: words[i] as string, meaning: null });
      i++;
    } else {
      const key = squeezed(words.slice(i, i + run).join(""));
      terms.push({ text: key, meaning: defaultSearchWords.words[key] ?? null });
      i += run;
    }
  }
  const unique = [...new Map(terms.map((t) => [t.text, t])).values()];
  return unique.slice(0, 8);
}

/** The drivetrain a feed spelling names, by the table's feed spellings, else its slug. */
export function drivetrainOf(raw: string | null): string | null {
  const key = squeezed(raw ?? "");
  if (key === "") return null;
  return (
    defaultSearchWords.drivetrains.find((d) => d.feedSpellings.includes(key))?.slug ?? (slugify(raw ?? "") || null)
  );
}

/**
 * A term of the table matches by what it means (drivetrain, body style, fuel, a colour word), by the features and
 * other tags at a word's start, and at the start of a word of the year, make, model or trim; never inside a word
 * (`ev` is not in "Chevrolet"). Any other word matches as it always did, and a word of four or more letters that
 * names nothing also finds the makes and models one edit away.
 */
export function termMatches(vehicle: InventoryRow, term: Term, names: ReadonlySet<string>): boolean {
  const { meaning, text } = term;
  if (meaning) {
    const tokens = [vehicle.make, vehicle.model, vehicle.trim ?? ""].flatMap((f) => [
      ...f.toLowerCase().split(" "),
      squeezed(f),
    ]);
    const colour = slugify(vehicle.exteriorColor ?? "");
    const tagged = [vehicle.bodyStyle, colour, slugify(vehicle.fuelType ?? ""), ...(vehicle.features ?? [])];
    return (
      tokens.some((t) => t !== "" && t.startsWith(text)) ||
      tagged.some((t) => beginsAWord(t, text)) ||
      (meaning.drivetrain ?? []).includes(drivetrainOf(vehicle.drivetrain) ?? "\u0000") ||
      (meaning.bodyStyle ?? []).includes(vehicle.bodyStyle) ||
      (meaning.fuel ?? []).includes(slugify(vehicle.fuelType ?? "") || "\u0000") ||
      (meaning.exteriorColor ?? []).some((c) => beginsAWord(colour, c))
    );
  }
  if (wordMatches(vehicle, text)) return true;
  if (!/^\p{L}{4,}$/u.test(text) || names.has(text)) return false;
  return [...namePieces(vehicle.make), ...namePieces(vehicle.model)].some((w) => editDistance(text, w) <= 1);
}
