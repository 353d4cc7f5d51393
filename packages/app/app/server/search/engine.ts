// One search over the inventory index: a single pass that finds the matching vehicles and counts every facet, then
// a walk along the sort order for the page. Pure and synchronous; the loop reads typed arrays only, since it runs
// once per vehicle on every search (docs/decisions/130, 131).
import { type NumberRange, type SearchCriteria, type SortOption, searchTerms } from "@showroom/rules/inventory";
import {
  GROUPED_FACETS,
  type GroupedFacet,
  type IndexedVehicle,
  type InventoryIndex,
  modelKey,
  SEARCH_FEATURES,
} from "./inventory-index";
import { type FacetRow, MILEAGE_THRESHOLDS, PRICE_THRESHOLDS } from "./shape";
import { sortOrder } from "./sort-order";
import { nameIndex, termMatches } from "./term-matches";

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
  "drivetrain",
] as const;
type FacetKind = (typeof FACET_KINDS)[number];

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

// The loops below set bits without an `if` per vehicle: whether a vehicle fails a filter follows no pattern, so a
// branch per vehicle is mispredicted about half the time, which cost four times the loop's own work (ADR 297).

/** `bit` when `x` is not 0, else 0. */
function bitUnlessZero(x: number, bit: number): number {
  return -((x | -x) >>> 31) & bit;
}

/** `bit` when `flag` (0 or 1) is 0, else 0. */
function bitUnlessSet(flag: number, bit: number): number {
  return (flag - 1) & bit;
}

const INT_MAX = 2 ** 31 - 1;

/**
 * Marks in `failed` (by vehicle position) the bit of each filter in force that the vehicle fails. One tight loop per
 * filter over its own column: a loop calling a different test per filter for each vehicle was most of a search.
 */
function markFailures(index: InventoryIndex, criteria: SearchCriteria, failed: Int32Array): void {
  const { codes, dictionaries, numbers } = index;
  const n = failed.length;
  const equals = (facet: GroupedFacet, key: string, bit: number) => {
    const code = dictionaries[facet].codeOf.get(key) ?? -2;
    const column = codes[facet];
    for (let i = 0; i < n; i++) failed[i] = (failed[i] as number) | bitUnlessZero((column[i] as number) ^ code, bit);
  };
  const anyOf = (facet: GroupedFacet, values: readonly string[], bit: number) => {
    // Slot 0 is "no value" (code -1), which no choice matches.
    const chosen = new Uint8Array(dictionaries[facet].values.length + 1);
    for (const value of values) {
      const code = dictionaries[facet].codeOf.get(value);
      if (code !== undefined) chosen[code + 1] = 1;
    }
    const column = codes[facet];
    for (let i = 0; i < n; i++)
      failed[i] = (failed[i] as number) | bitUnlessSet(chosen[(column[i] as number) + 1] as number, bit);
  };
  const inRange = (column: Int32Array, range: NumberRange, bit: number) => {
    // Columns hold integers from -1 (Call for Price, which no price filter matches) up, so the range is the integers
    // from `lo` to `hi`, both within 0…INT_MAX; a vehicle is out when `value - lo` or `hi - value` is negative.
    const lo = Math.max(0, Math.ceil(range.min ?? 0));
    const hi = Math.min(INT_MAX, Math.floor(range.max ?? INT_MAX));
    if (!(lo <= hi)) {
      for (let i = 0; i < n; i++) failed[i] = (failed[i] as number) | bit;
      return;
    }
    for (let i = 0; i < n; i++) {
      const value = column[i] as number;
      failed[i] = (failed[i] as number) | (-(((value - lo) | (hi - value)) >>> 31) & bit);
    }
  };
  if (criteria.condition) equals("condition", criteria.condition, BIT.condition);
  if (criteria.bodyStyle) equals("bodyStyle", criteria.bodyStyle, BIT.bodyStyle);
  if (criteria.make) equals("make", criteria.make, BIT.make);
  if (criteria.make && criteria.model) equals("model", modelKey(criteria.make, criteria.model), BIT.model);
  if (criteria.feature) {
    const f = SEARCH_FEATURES.findIndex((feature) => feature.slug === criteria.feature);
    const bit = f < 0 ? 0 : 1 << f;
    const features = numbers.features;
    for (let i = 0; i < n; i++)
      failed[i] = (failed[i] as number) | (bitUnlessZero((features[i] as number) & bit, BIT.feature) ^ BIT.feature);
  }
  if (criteria.price) inRange(numbers.price, criteria.price, BIT.price);
  if (criteria.mileage) inRange(numbers.mileage, criteria.mileage, BIT.mileage);
  if (criteria.year) inRange(numbers.year, criteria.year, BIT.year);
  if (criteria.fuel.length > 0) anyOf("fuel", criteria.fuel, BIT.fuel);
  if (criteria.transmission.length > 0) anyOf("transmission", criteria.transmission, BIT.transmission);
  if (criteria.exteriorColor.length > 0) anyOf("exteriorColor", criteria.exteriorColor, BIT.exteriorColor);
  if (criteria.drivetrain.length > 0) anyOf("drivetrain", criteria.drivetrain, BIT.drivetrain);
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

/** Adds one to the counter of a value code; counters keep slot 0 for "no value" (-1), so no test is needed. */
function countCode(counts: Int32Array, code: number): void {
  counts[code + 1] = (counts[code + 1] as number) + 1;
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
    this.min = Math.min(this.min, value);
    this.max = Math.max(this.max, value);
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

/** The grouped facets' code columns, or their counters, one per facet (GROUPED_FACETS has eight). */
type EightColumns = [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
// A facet added to GROUPED_FACETS fails to compile here instead of going uncounted in the straight-line path.
const GROUPED_COUNT: EightColumns["length"] = GROUPED_FACETS.length;
void GROUPED_COUNT;

/** A vehicle out of the search whatever the filters (another store, private, a condition not sold, a word missed). */
const EXCLUDED = 1 << FACET_KINDS.length;

/** `countedFacets` for every failure mask, the excluded bit included (an excluded vehicle counts for nothing). */
const COUNTED = Int32Array.from({ length: EXCLUDED * 2 }, (_, failed) =>
  failed & EXCLUDED ? 0 : countedFacets(failed),
);

/** Runs one search: the page of vehicles, the total and (when asked) the facet rows. */
export function runSearch(
  index: InventoryIndex,
  criteria: SearchCriteria,
  scope: EngineScope,
  options: EngineOptions,
): EngineResult {
  const { vehicles, numbers } = index;
  const n = vehicles.length;
  // One pass per filter and per scope rule, each over its own columns, into one mask per vehicle; then one pass per
  // facet over the vehicles that count for any (docs/decisions/294).
  const failed = new Int32Array(n);
  const store = scope.storeId === undefined ? -1 : numbers.stores.indexOf(scope.storeId);
  if (scope.storeId !== undefined) {
    const stores = numbers.store;
    for (let i = 0; i < n; i++)
      failed[i] = (failed[i] as number) | bitUnlessZero((stores[i] as number) ^ store, EXCLUDED);
  }
  if (!scope.privateUnlocked) {
    const hidden = numbers.private;
    for (let i = 0; i < n; i++) failed[i] = (failed[i] as number) | (-(hidden[i] as number) & EXCLUDED);
  }
  if (scope.conditions) {
    const sold = new Set(scope.conditions);
    const conditionSold = Uint8Array.from(index.dictionaries.condition.values, (v) => (sold.has(v) ? 1 : 0));
    const conditions = index.codes.condition;
    for (let i = 0; i < n; i++)
      failed[i] = (failed[i] as number) | bitUnlessSet(conditionSold[conditions[i] as number] as number, EXCLUDED);
  }
  // Every term must match (termMatches).
  const terms = searchTerms(criteria.q);
  const names = terms.some((t) => t.forgivesTypo) ? nameIndex(index) : null;
  for (const term of terms) {
    const matched = termMatches(index, term, names, new Uint8Array(n));
    for (let i = 0; i < n; i++) failed[i] = (failed[i] as number) | bitUnlessSet(matched[i] as number, EXCLUDED);
  }
  markFailures(index, criteria, failed);

  let total = 0;
  for (let i = 0; i < n; i++) total += bitUnlessZero(failed[i] as number, 1) ^ 1;

  const page: IndexedVehicle[] = [];
  if (options.limit > 0 && options.offset < total) {
    let skipped = 0;
    for (const position of sortOrder(index, options.sort)) {
      if (failed[position] !== 0) continue;
      if (skipped++ < options.offset) continue;
      page.push(vehicles[position] as IndexedVehicle);
      if (page.length === options.limit) break;
    }
  }

  // One counter per value code, after slot 0, which counts the vehicles without a value.
  const groupedCounts = GROUPED_FACETS.map((facet) => new Int32Array(index.dictionaries[facet].values.length + 1));
  const featureCounts = new Int32Array(SEARCH_FEATURES.length);
  const price = new RangeCounter(PRICE_THRESHOLDS);
  const mileage = new RangeCounter(MILEAGE_THRESHOLDS);
  // Years as offsets from the oldest: an array, not a map.
  const oldest = numbers.oldestYear;
  const yearCounts = new Int32Array(n > 0 ? numbers.newestYear - oldest + 1 : 0);
  let callForPrice = 0;
  if (options.facets) {
    const columns = GROUPED_FACETS.map((facet) => index.codes[facet]);
    const bits = Int32Array.from(GROUPED_FACETS, (facet) => BIT[facet]);
    const { features, year } = numbers;
    const [k0, k1, k2, k3, k4, k5, k6, k7] = columns as EightColumns;
    const [c0, c1, c2, c3, c4, c5, c6, c7] = groupedCounts as EightColumns;
    for (let i = 0; i < n; i++) {
      const fails = failed[i] as number;
      // Most vehicles either pass every filter (they count for every facet) or are out of the search.
      const counts = COUNTED[fails] as number;
      if (counts === 0) continue;
      if (counts === -1) {
        // Every facet: one straight line per column, no test per facet.
        countCode(c0, k0[i] as number);
        countCode(c1, k1[i] as number);
        countCode(c2, k2[i] as number);
        countCode(c3, k3[i] as number);
        countCode(c4, k4[i] as number);
        countCode(c5, k5[i] as number);
        countCode(c6, k6[i] as number);
        countCode(c7, k7[i] as number);
      } else {
        for (let f = 0; f < columns.length; f++) {
          if ((counts & (bits[f] as number)) !== 0)
            countCode(groupedCounts[f] as Int32Array, (columns[f] as Int32Array)[i] as number);
        }
      }
      if (counts & BIT.feature) {
        const has = features[i] as number;
        for (let f = 0; f < featureCounts.length; f++)
          featureCounts[f] = (featureCounts[f] as number) + ((has >> f) & 1);
      }
      if (counts & BIT.price) {
        const value = numbers.price[i] as number;
        if (value < 0) callForPrice++;
        else price.add(value, numbers.priceBucket[i] as number);
      }
      if (counts & BIT.mileage) mileage.add(numbers.mileage[i] as number, numbers.mileageBucket[i] as number);
      if (counts & BIT.year) bump(yearCounts, (year[i] as number) - oldest);
    }
  }

  const rows: FacetRow[] = [{ facet: "total", parent: null, value: null, label: null, n: total }];
  if (options.facets) {
    GROUPED_FACETS.forEach((facet, f) => {
      const dictionary = index.dictionaries[facet];
      (groupedCounts[f] as Int32Array).forEach((count, slot) => {
        const code = slot - 1;
        if (count === 0 || code < 0) return;
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
