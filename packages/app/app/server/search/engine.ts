// One search over the inventory index: a single pass that finds the matching vehicles and counts every facet, then
// a walk along the sort order for the page. Pure and synchronous; the loop reads typed arrays only, since it runs
// once per vehicle on every search (docs/decisions/130, 131).
import type { NumberRange, SearchCriteria, SortOption } from "@showroom/rules/inventory";
import { queryWords } from "./criteria";
import {
  GROUPED_FACETS,
  type GroupedFacet,
  type IndexedVehicle,
  type InventoryIndex,
  modelKey,
  SEARCH_FEATURES,
  sortOrder,
  startsAWord,
} from "./inventory-index";
import { type FacetRow, MILEAGE_THRESHOLDS, PRICE_THRESHOLDS } from "./shape";

/** The filters that have facets, in the order of their bits in a failure mask. */
export const FACET_KINDS = [
  "condition",
  "bodyStyle",
  "make",
  "model",
  "feature",
  "price",
  "mileage",
  "year",
  "fuel",
  "transmission",
  "exteriorColor",
] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

const BIT = Object.fromEntries(FACET_KINDS.map((kind, i) => [kind, 1 << i])) as Record<FacetKind, number>;

export interface EngineScope {
  /** One store's vehicles; every store's when absent. */
  storeId?: string | undefined;
  privateUnlocked: boolean;
  /**
   * The conditions the site sells (site settings): a vehicle of another condition is out of every count, as if the
   * feed had not sent it. Every condition when absent.
   */
  conditions?: readonly string[] | undefined;
}

export interface EngineOptions {
  sort: SortOption;
  offset: number;
  limit: number;
  /** Count the facets (otherwise only the total). */
  facets: boolean;
}

export interface EngineResult {
  vehicles: IndexedVehicle[];
  total: number;
  /** Facet counts in the shape `shapeFacets` reads, the total among them. */
  rows: FacetRow[];
}

type Test = (i: number) => boolean;

/** `[min, max]` of a range with open ends filled in. */
function bounds(range: NumberRange): [number, number] {
  return [range.min ?? Number.NEGATIVE_INFINITY, range.max ?? Number.POSITIVE_INFINITY];
}

/** The test of each filter in force, by vehicle position. */
function filterTests(index: InventoryIndex, criteria: SearchCriteria): Map<FacetKind, Test> {
  const tests = new Map<FacetKind, Test>();
  const { codes, dictionaries, numbers } = index;
  const equals = (facet: GroupedFacet, key: string): Test => {
    const code = dictionaries[facet].codeOf.get(key) ?? -2;
    const column = codes[facet];
    return (i) => column[i] === code;
  };
  const anyOf = (facet: GroupedFacet, values: readonly string[]): Test => {
    const mask = new Uint8Array(dictionaries[facet].values.length);
    for (const value of values) {
      const code = dictionaries[facet].codeOf.get(value);
      if (code !== undefined) mask[code] = 1;
    }
    const column = codes[facet];
    return (i) => mask[column[i] as number] === 1;
  };
  const inRange = (column: Int32Array, range: NumberRange): Test => {
    const [lo, hi] = bounds(range);
    // Price -1 is Call for Price, which no price filter matches; mileages and years are never negative.
    return (i) => {
      const value = column[i] as number;
      return value >= 0 && value >= lo && value <= hi;
    };
  };
  if (criteria.condition) tests.set("condition", equals("condition", criteria.condition));
  if (criteria.bodyStyle) tests.set("bodyStyle", equals("bodyStyle", criteria.bodyStyle));
  if (criteria.make) tests.set("make", equals("make", criteria.make));
  if (criteria.make && criteria.model) tests.set("model", equals("model", modelKey(criteria.make, criteria.model)));
  if (criteria.feature) {
    const f = SEARCH_FEATURES.findIndex((feature) => feature.slug === criteria.feature);
    const bit = f < 0 ? 0 : 1 << f;
    tests.set("feature", (i) => ((numbers.features[i] as number) & bit) !== 0);
  }
  if (criteria.price) tests.set("price", inRange(numbers.price, criteria.price));
  if (criteria.mileage) tests.set("mileage", inRange(numbers.mileage, criteria.mileage));
  if (criteria.year) tests.set("year", inRange(numbers.year, criteria.year));
  if (criteria.fuel.length > 0) tests.set("fuel", anyOf("fuel", criteria.fuel));
  if (criteria.transmission.length > 0) tests.set("transmission", anyOf("transmission", criteria.transmission));
  if (criteria.exteriorColor.length > 0) tests.set("exteriorColor", anyOf("exteriorColor", criteria.exteriorColor));
  return tests;
}

/**
 * Which facets a vehicle counts for, from the filters it fails: a facet counts the vehicles that pass every filter
 * but its own (the make's ignore the model too, since one path segment holds both). -1 is every facet.
 */
export function countedFacets(failed: number): number {
  if (failed === 0) return -1;
  if (failed === BIT.model) return BIT.model | BIT.make;
  if (failed === (BIT.make | BIT.model)) return BIT.make;
  return (failed & (failed - 1)) === 0 ? failed : 0;
}

/** Adds one to a counter slot (the slot always exists: counters are sized to their dictionaries). */
function bump(counts: Int32Array, slot: number): void {
  counts[slot] = (counts[slot] as number) + 1;
}

/**
 * Min, max and "at or below" counts of a numeric facet. Each vehicle's bucket (the first threshold at or above its
 * value) is known from the index, so adding is one increment; the counts are summed up at the end.
 */
class RangeCounter {
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  readonly buckets: Int32Array;
  constructor(readonly thresholds: readonly number[]) {
    this.buckets = new Int32Array(thresholds.length + 1);
  }
  add(value: number, bucket: number): void {
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    bump(this.buckets, bucket);
  }
  rows(facet: string): FacetRow[] {
    const row = (value: string, n: number | null): FacetRow => ({ facet, parent: null, value, label: null, n });
    const seen = this.min <= this.max;
    let atMost = 0;
    return [
      row("min", seen ? this.min : null),
      row("max", seen ? this.max : null),
      ...this.thresholds.map((t, i) => {
        atMost += this.buckets[i] ?? 0;
        return row(`le:${t}`, atMost);
      }),
    ];
  }
}

/**
 * The test of one free-text word beyond the haystack: it starts a word of the vehicle's body style, exterior colour,
 * fuel or one of its Key Features ("suv", "red", "hybrid", "leather"). Each dictionary is scanned once per search, so
 * the loop only looks codes up. Null when nothing in the inventory matches.
 */
function tagTest(index: InventoryIndex, word: string): Test | null {
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
  const grouped = (["bodyStyle", "exteriorColor", "fuel"] as const).flatMap((facet) => {
    const mask = maskOf(dictionaries[facet].values);
    return mask ? [{ mask, column: codes[facet] }] : [];
  });
  const features = maskOf(tags.features);
  if (grouped.length === 0 && !features) return null;
  const { featureStart, featureCodes } = tags;
  return (i) => {
    for (const { mask, column } of grouped) {
      const code = column[i] as number;
      if (code >= 0 && mask[code] === 1) return true;
    }
    if (features) {
      const end = featureStart[i + 1] as number;
      for (let k = featureStart[i] as number; k < end; k++) if (features[featureCodes[k] as number] === 1) return true;
    }
    return false;
  };
}

/** Runs one search: the page of vehicles, the total and (when asked) the facet rows. */
export function runSearch(
  index: InventoryIndex,
  criteria: SearchCriteria,
  scope: EngineScope,
  options: EngineOptions,
): EngineResult {
  const { vehicles, numbers } = index;
  const n = vehicles.length;
  const tests = [...filterTests(index, criteria)];
  const testBits = Int32Array.from(tests, ([kind]) => BIT[kind]);
  const testFns = tests.map(([, test]) => test);
  const words = queryWords(criteria.q).map((w) => w.toLowerCase());
  const wordTags = words.map((word) => tagTest(index, word));
  const store = scope.storeId === undefined ? -1 : numbers.stores.indexOf(scope.storeId);
  const storeMissing = scope.storeId !== undefined && store < 0;

  const matched = new Uint8Array(n);
  const groupedBits = GROUPED_FACETS.map((facet) => BIT[facet]);
  const groupedCodes = GROUPED_FACETS.map((facet) => index.codes[facet]);
  const groupedCounts = GROUPED_FACETS.map((facet) => new Int32Array(index.dictionaries[facet].values.length));
  const featureCounts = new Int32Array(SEARCH_FEATURES.length);
  const price = new RangeCounter(PRICE_THRESHOLDS);
  const mileage = new RangeCounter(MILEAGE_THRESHOLDS);
  // Years as offsets from the oldest: an array, not a map, in the loop.
  let oldest = Number.POSITIVE_INFINITY;
  let newest = Number.NEGATIVE_INFINITY;
  for (const year of numbers.year) {
    if (year < oldest) oldest = year;
    if (year > newest) newest = year;
  }
  const yearCounts = new Int32Array(n > 0 ? newest - oldest + 1 : 0);
  let callForPrice = 0;
  let total = 0;

  const sold = scope.conditions ? new Set(scope.conditions) : null;

  for (let i = 0; i < n && !storeMissing; i++) {
    if (store >= 0 && numbers.store[i] !== store) continue;
    if (numbers.private[i] === 1 && !scope.privateUnlocked) continue;
    if (sold && !sold.has((vehicles[i] as IndexedVehicle).condition)) continue;
    if (words.length > 0) {
      // Every word must match: inside the year, make, model, trim, VIN or stock number, or at a word's start in
      // the body style, colour, fuel or features.
      const haystack = (vehicles[i] as IndexedVehicle).haystack;
      let found = true;
      for (let w = 0; w < words.length && found; w++) {
        if (haystack.includes(words[w] as string)) continue;
        const tag = wordTags[w];
        found = tag?.(i) === true;
      }
      if (!found) continue;
    }
    let failed = 0;
    for (let t = 0; t < testFns.length; t++) if (!(testFns[t] as Test)(i)) failed |= testBits[t] as number;
    if (failed === 0) {
      matched[i] = 1;
      total++;
    }
    if (!options.facets) continue;
    const counts = countedFacets(failed);
    if (counts === 0) continue;
    for (let f = 0; f < groupedBits.length; f++) {
      if ((counts & (groupedBits[f] as number)) === 0) continue;
      const code = (groupedCodes[f] as Int32Array)[i] as number;
      if (code >= 0) bump(groupedCounts[f] as Int32Array, code);
    }
    if (counts & BIT.feature) {
      const bits = numbers.features[i] as number;
      for (let f = 0; f < featureCounts.length; f++) if (bits & (1 << f)) bump(featureCounts, f);
    }
    if (counts & BIT.price) {
      const value = numbers.price[i] as number;
      if (value < 0) callForPrice++;
      else price.add(value, numbers.priceBucket[i] as number);
    }
    if (counts & BIT.mileage) mileage.add(numbers.mileage[i] as number, numbers.mileageBucket[i] as number);
    if (counts & BIT.year) bump(yearCounts, (numbers.year[i] as number) - oldest);
  }

  const page: IndexedVehicle[] = [];
  if (options.limit > 0 && options.offset < total) {
    let skipped = 0;
    for (const position of sortOrder(index, options.sort)) {
      if (matched[position] !== 1) continue;
      if (skipped++ < options.offset) continue;
      page.push(vehicles[position] as IndexedVehicle);
      if (page.length === options.limit) break;
    }
  }

  const rows: FacetRow[] = [{ facet: "total", parent: null, value: null, label: null, n: total }];
  if (options.facets) {
    GROUPED_FACETS.forEach((facet, f) => {
      const dictionary = index.dictionaries[facet];
      (groupedCounts[f] as Int32Array).forEach((count, code) => {
        if (count === 0) return;
        const label = facet === "condition" || facet === "bodyStyle" ? null : (dictionary.labels[code] ?? null);
        const value = dictionary.values[code] ?? null;
        rows.push({ facet, parent: dictionary.parents[code] ?? null, value, label, n: count });
      });
    });
    SEARCH_FEATURES.forEach(({ slug }, f) => {
      rows.push({ facet: "feature", parent: null, value: slug, label: null, n: featureCounts[f] ?? 0 });
    });
    rows.push(...price.rows("price"), { facet: "price", parent: null, value: "call", label: null, n: callForPrice });
    rows.push(...mileage.rows("mileage"));
    yearCounts.forEach((count, offset) => {
      if (count > 0) rows.push({ facet: "year", parent: null, value: String(oldest + offset), label: null, n: count });
    });
  }
  return { vehicles: page, total, rows };
}
