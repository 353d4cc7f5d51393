// Free text over the inventory index (docs/decisions/294, 297): which vehicles' haystacks hold a word, found without
// a call per vehicle. Pure: built from the indexed vehicles, tested against each vehicle's own haystack.
import { pausesEvery, STEP_ITEMS, type Steps } from "./steps";

/** Texts joined, each followed by a newline: text k starts at `starts[k]`; `starts[count]` is the length. */
interface JoinedTexts {
  text: string;
  starts: Int32Array;
}

/**
 * Lists of positions grouped by a key, in one array: the positions of key k are `items[start[k]]` up to
 * `items[start[k + 1]]`, in increasing order.
 */
export interface Grouped {
  start: Int32Array;
  items: Int32Array;
}

/**
 * The haystacks, searchable natively. A word never holds a space, so it matches a haystack exactly when it matches
 * one of its space-separated fields: the year, make, model and trim part, which thousands of vehicles share, is kept
 * once per distinct text; only the VIN and stock number are kept per vehicle. Each text ends with a newline (search
 * words never hold one).
 */
export interface HaystackText {
  /** The distinct year, make, model and trim parts. */
  shared: JoinedTexts;
  /** Vehicle i's shared part is number `sharedOf[i]`. */
  sharedOf: Int32Array;
  /** The vehicles of each shared part. */
  vehiclesOfShared: Grouped;
  /** VIN and stock number of each vehicle, in vehicle order. */
  own: JoinedTexts;
  /** The vehicles whose own text holds each trigram (by its bucket): a word of three or more is looked up here. */
  ownTrigrams: Grouped;
}

/** The two fields of a haystack: what many vehicles share, and what is each vehicle's own. */
export interface HaystackParts {
  shared: string;
  own: string;
}

function joinTexts(texts: readonly string[]): JoinedTexts {
  const starts = new Int32Array(texts.length + 1);
  let at = 0;
  texts.forEach((text, k) => {
    starts[k] = at;
    at += text.length + 1;
  });
  starts[texts.length] = at;
  return { text: texts.length === 0 ? "" : `${texts.join("\n")}\n`, starts };
}

/**
 * Groups positions 0…n-1 by `keyOf(position)` (each key below `keys`); -1 puts a position in no group. In steps of
 * `every` positions (docs/decisions/361).
 */
export function* groupPositionSteps(
  n: number,
  keys: number,
  keyOf: (position: number) => number,
  every = STEP_ITEMS,
): Steps<Grouped> {
  const pauseAfter = pausesEvery(every);
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    if (key >= 0) start[key + 1] = (start[key + 1] as number) + 1;
    if (pauseAfter(i)) yield;
  }
  for (let k = 0; k < keys; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const items = new Int32Array(start[keys] as number);
  const next = start.slice(0, keys);
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    if (pauseAfter(i)) yield;
    if (key < 0) continue;
    items[next[key] as number] = i;
    next[key] = (next[key] as number) + 1;
  }
  return { start, items };
}

// 65,536 buckets: a list per trigram of VIN and stock characters, with few shared. Two trigrams in one bucket only
// widen the candidates, which are checked against their text anyway.
const TRIGRAM_BITS = 16;
const TRIGRAM_BUCKETS = 1 << TRIGRAM_BITS;

function trigramBucket(a: number, b: number, c: number): number {
  const h = Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35);
  return (h ^ (h >>> TRIGRAM_BITS)) & (TRIGRAM_BUCKETS - 1);
}

const SPACE = 32;

/**
 * Visits, for each text, the buckets of its trigrams once each, pausing every `every` texts. Trigrams across a space
 * are left out: a word never holds one.
 */
function* eachTrigramOnce(
  texts: JoinedTexts,
  visit: (text: number, bucket: number) => void,
  every: number,
): Steps<void> {
  const pauseAfter = pausesEvery(every);
  const { text, starts } = texts;
  const seenIn = new Int32Array(TRIGRAM_BUCKETS).fill(-1);
  for (let k = 0; k < starts.length - 1; k++) {
    const end = (starts[k + 1] as number) - 1;
    for (let p = starts[k] as number; p + 3 <= end; p++) {
      const a = text.charCodeAt(p);
      const b = text.charCodeAt(p + 1);
      const c = text.charCodeAt(p + 2);
      if (a === SPACE || b === SPACE || c === SPACE) continue;
      const bucket = trigramBucket(a, b, c);
      if (seenIn[bucket] === k) continue;
      seenIn[bucket] = k;
      visit(k, bucket);
    }
    if (pauseAfter(k)) yield;
  }
}

function* trigramListSteps(texts: JoinedTexts, every: number): Steps<Grouped> {
  const start = new Int32Array(TRIGRAM_BUCKETS + 1);
  yield* eachTrigramOnce(
    texts,
    (_, bucket) => {
      start[bucket + 1] = (start[bucket + 1] as number) + 1;
    },
    every,
  );
  for (let k = 0; k < TRIGRAM_BUCKETS; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const items = new Int32Array(start[TRIGRAM_BUCKETS] as number);
  const next = start.slice(0, TRIGRAM_BUCKETS);
  yield* eachTrigramOnce(
    texts,
    (k, bucket) => {
      items[next[bucket] as number] = k;
      next[bucket] = (next[bucket] as number) + 1;
    },
    every,
  );
  return { start, items };
}

/**
 * The haystack texts of vehicles given as their two parts, in vehicle order, in steps of `every` vehicles, so an index
 * rebuilt off the request path lets requests run between them (docs/decisions/361).
 */
export function* haystackTextSteps(parts: readonly HaystackParts[], every = STEP_ITEMS): Steps<HaystackText> {
  const pauseAfter = pausesEvery(every);
  const codeOf = new Map<string, number>();
  const shared: string[] = [];
  const sharedOf = new Int32Array(parts.length);
  const own: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as HaystackParts;
    let code = codeOf.get(part.shared);
    if (code === undefined) {
      code = shared.length;
      codeOf.set(part.shared, code);
      shared.push(part.shared);
    }
    sharedOf[i] = code;
    own.push(part.own);
    if (pauseAfter(i)) yield;
  }
  const ownTexts = joinTexts(own);
  yield;
  const vehiclesOfShared = yield* groupPositionSteps(parts.length, shared.length, (i) => sharedOf[i] as number, every);
  const ownTrigrams = yield* trigramListSteps(ownTexts, every);
  return { shared: joinTexts(shared), sharedOf, vehiclesOfShared, own: ownTexts, ownTrigrams };
}

/** Calls `found` once for each joined text that contains `word` (without a newline), in text order. */
function scanTexts(texts: JoinedTexts, word: string, found: (k: number) => void): void {
  const { text, starts } = texts;
  let k = 0;
  for (let at = text.indexOf(word); at !== -1; ) {
    // Matches come in text order, so the text holding this one is at or after the last.
    while ((starts[k + 1] as number) <= at) k++;
    found(k);
    at = text.indexOf(word, starts[k + 1] as number);
  }
}

/**
 * Marks the vehicles whose own text (VIN, stock number) holds `word`. A word of three or more is looked for only in
 * the texts listed under its rarest trigram; a shorter one is scanned for.
 */
function markOwn(haystacks: HaystackText, word: string, matched: Uint8Array): void {
  const { own, ownTrigrams } = haystacks;
  if (word.length < 3) {
    scanTexts(own, word, (k) => {
      matched[k] = 1;
    });
    return;
  }
  const { start, items } = ownTrigrams;
  let rarest = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (let p = 0; p + 3 <= word.length; p++) {
    const bucket = trigramBucket(word.charCodeAt(p), word.charCodeAt(p + 1), word.charCodeAt(p + 2));
    const size = (start[bucket + 1] as number) - (start[bucket] as number);
    if (size < fewest) {
      fewest = size;
      rarest = bucket;
    }
  }
  const { text, starts } = own;
  const end = start[rarest + 1] as number;
  for (let j = start[rarest] as number; j < end; j++) {
    const k = items[j] as number;
    if (text.substring(starts[k] as number, starts[k + 1] as number).includes(word)) matched[k] = 1;
  }
}

/**
 * Marks in `matched` (by vehicle position) the vehicles whose haystack contains `word` (lower case, without space or
 * newline), and returns it; a new mask when none is given.
 */
export function haystackMatches(
  haystacks: HaystackText,
  word: string,
  matched = new Uint8Array(haystacks.sharedOf.length),
): Uint8Array {
  markOwn(haystacks, word, matched);
  const { start, items } = haystacks.vehiclesOfShared;
  scanTexts(haystacks.shared, word, (code) => {
    const end = start[code + 1] as number;
    for (let j = start[code] as number; j < end; j++) matched[items[j] as number] = 1;
  });
  return matched;
}

/**
 * Marks the vehicles with a word of their year, make, model or trim that starts with `word`: how a word of the search
 * words table is found in names (`awd` in the trim "XLE AWD"), never inside a word (`ev` is not in "Chevrolet").
 * Every field but the first (the year) follows a space in the shared text.
 */
export function sharedWordStarts(haystacks: HaystackText, word: string, matched: Uint8Array): Uint8Array {
  const { start, items } = haystacks.vehiclesOfShared;
  scanTexts(haystacks.shared, ` ${word}`, (code) => {
    const end = start[code + 1] as number;
    for (let j = start[code] as number; j < end; j++) matched[items[j] as number] = 1;
  });
  return matched;
}
