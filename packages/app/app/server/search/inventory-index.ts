// The available inventory as the search reads it: one row per vehicle plus, per facet, a dictionary of values and a
// small integer code per vehicle, so filtering and counting are array lookups (docs/decisions/130). Pure: built from
// rows the snapshot loader reads, tested without a database.
import { type Condition, drivetrainLabel, drivetrainSlug, slugify } from "@showroom/rules/inventory";
import { TRANSMISSION_VALUES } from "./criteria";
import {
  type Grouped,
  groupPositionSteps,
  type HaystackParts,
  type HaystackText,
  haystackTextSteps,
} from "./haystacks";
import { MILEAGE_THRESHOLDS, PRICE_THRESHOLDS } from "./shape";
import { pausesEvery, runSteps, STEP_ITEMS, type Steps } from "./steps";

/** A vehicle row as the loader reads it. */
export interface InventoryRow {
  vin: string;
  storeId: string;
  condition: Condition;
  year: number;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  trim: string | null;
  bodyStyle: string;
  mileage: number;
  price: number | null;
  oldPrice: number | null;
  stockNumber: string;
  exteriorColor: string | null;
  fuelType: string | null;
  transmission: string | null;
  drivetrain: string | null;
  priceDrop: boolean;
  premiumUpgrades: boolean;
  private: boolean;
  /** `yyyy-mm-dd`: the feed's date added, else the day the vehicle was first seen. */
  listedOn: string;
  /** Key Features as the feed lists them ("Leather Seats"); free text finds them. */
  features?: readonly string[] | null;
  /** The feed's first photo (the card's picture); null or absent, the card draws the body style. */
  photo?: string | null;
}

/** A row as the index keeps it: its features live in the index's `tags` as codes, not as strings on each vehicle. */
export type IndexedVehicle = Omit<InventoryRow, "features">;

/** The facets whose values are counted per value. */
export const GROUPED_FACETS = [
  "condition",
  "bodyStyle",
  "make",
  "model",
  "fuel",
  "transmission",
  "exteriorColor",
  "drivetrain",
] as const;
export type GroupedFacet = (typeof GROUPED_FACETS)[number];

/** Slugs of one facet: `values[code]`, `labels[code]`, and for models `parents[code]` (the make slug). */
interface Dictionary {
  values: string[];
  labels: string[];
  parents: (string | null)[];
  codeOf: Map<string, number>;
}

/** The search features of the rules that vehicles carry a flag for; a feature missing here matches no vehicle. */
export const SEARCH_FEATURES: readonly { slug: string; has: (row: InventoryRow) => boolean }[] = [
  { slug: "price-drop", has: (row) => row.priceDrop },
  { slug: "premium-upgrades", has: (row) => row.premiumUpgrades },
];

/** Per-vehicle numbers the search loop reads, as typed arrays (one slot per vehicle). */
export interface NumericColumns {
  /** Position of the vehicle's store in `stores`. */
  store: Int32Array;
  stores: string[];
  private: Uint8Array;
  /** Bit f set when the vehicle has SEARCH_FEATURES[f]. */
  features: Uint8Array;
  /** -1 for Call for Price. */
  price: Int32Array;
  mileage: Int32Array;
  year: Int32Array;
  /** The oldest and newest model year (0 for an empty inventory), so year counts need no pass to find them. */
  oldestYear: number;
  newestYear: number;
  /** Days since 1970 of `listedOn`. */
  listedDay: Int32Array;
  /** Position of the first PRICE_THRESHOLDS at or above the price (their count when above all; 0 for no price). */
  priceBucket: Int8Array;
  /** The same for the mileage and MILEAGE_THRESHOLDS. */
  mileageBucket: Int8Array;
}

/** Position of the first threshold at or above `value`, or the number of thresholds when it is above all. */
function bucketOf(value: number, thresholds: readonly number[]): number {
  const found = thresholds.findIndex((t) => value <= t);
  return found < 0 ? thresholds.length : found;
}

/**
 * What free text matches at the start of a word besides the haystack (ADR 260): each vehicle's Key Features as codes
 * into one list of distinct texts. Body style, exterior colour and fuel are matched through their facet dictionaries.
 */
interface TagColumns {
  /** Distinct Key Features, as first spelled. */
  features: string[];
  /** The vehicles with each feature, by feature code. */
  vehiclesOf: Grouped;
}

export interface InventoryIndex {
  vehicles: IndexedVehicle[];
  haystacks: HaystackText;
  tags: TagColumns;
  numbers: NumericColumns;
  /** Per grouped facet, each vehicle's value code, or -1 when it has none. */
  codes: Record<GroupedFacet, Int32Array>;
  dictionaries: Record<GroupedFacet, Dictionary>;
  /** Vehicle positions per sort option value, computed on first use. */
  orders: Map<string, Int32Array>;
}

/** `make/model`, the key of a model in its dictionary (the same model slug may belong to two makes). */
export const modelKey = (make: string, model: string) => `${make}/${model}`;

/** Lower-case letters and digits only: `CR-V` → `crv`, so `crv` and `f150` find the model. */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Whether a search word starts at a word of `text`, punctuation ignored: `suv` in `suvs`, `leather` in "Leather
 * Seats", `red` in "Ruby Red", `heads-up` in "Heads-Up Display"; never inside a word (`ram` is not in "Panoramic
 * Sunroof", `red` not in "Infrared"). A word with no letter or digit matches nothing.
 */
export function startsAWord(text: string, word: string): boolean {
  const wanted = compact(word);
  if (wanted === "") return false;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  for (let i = 0; i < words.length; i++) {
    const first = words[i] as string;
    if (first === "" || first[0] !== wanted[0]) continue;
    // The word may run on over the next ones ("heads-up" → "headsup"): join from here until long enough.
    let joined = first;
    for (let j = i + 1; joined.length < wanted.length && j < words.length; j++) joined += words[j];
    if (joined.startsWith(wanted)) return true;
  }
  return false;
}

/**
 * The free-text haystack: year, make, model, trim, VIN and stock number as written, then make, model and trim
 * without punctuation, all lower case. A search word matches when it is a substring of it.
 */
export function haystackOf(
  row: Pick<InventoryRow, "year" | "make" | "model" | "trim" | "vin" | "stockNumber">,
): string {
  const written = [row.year, row.make, row.model, row.trim ?? "", row.vin, row.stockNumber].join(" ");
  return `${written} ${compact(row.make)} ${compact(row.model)} ${compact(row.trim ?? "")}`.toLowerCase();
}

/** The part of the haystack many vehicles share: year, make, model and trim, as written and without punctuation. */
function sharedHaystackOf(row: Pick<InventoryRow, "year" | "make" | "model" | "trim">): string {
  const trim = row.trim ?? "";
  return `${row.year} ${row.make} ${row.model} ${trim} ${compact(row.make)} ${compact(row.model)} ${compact(trim)}`.toLowerCase();
}

// Feeds repeat a handful of fuel and colour spellings thousands of times: slug each spelling once.
const slugs = new Map<string, string>();
function cachedSlug(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = slugify(text);
    if (slugs.size < 10_000) slugs.set(text, slug);
  }
  return slug;
}

const drivetrains = new Map<string, string | null>();
function cachedDrivetrain(text: string | null): string | null {
  if (text === null) return null;
  let slug = drivetrains.get(text);
  if (slug === undefined) {
    slug = drivetrainSlug(text);
    if (drivetrains.size < 1_000) drivetrains.set(text, slug);
  }
  return slug;
}

/** The facet value of a row (a slug) and its label, or null when the row has none. */
function facetValue(facet: GroupedFacet, row: InventoryRow): { value: string; label: string; parent?: string } | null {
  switch (facet) {
    case "condition":
      return { value: row.condition, label: row.condition };
    case "bodyStyle":
      return { value: row.bodyStyle, label: row.bodyStyle };
    case "make":
      return row.makeSlug ? { value: row.makeSlug, label: row.make } : null;
    case "model":
      return row.makeSlug && row.modelSlug ? { value: row.modelSlug, label: row.model, parent: row.makeSlug } : null;
    case "fuel": {
      const value = cachedSlug(row.fuelType ?? "");
      return value ? { value, label: row.fuelType ?? value } : null;
    }
    case "transmission": {
      const known = TRANSMISSION_VALUES.find((t) => t.code === row.transmission);
      return known ? { value: known.value, label: known.label } : null;
    }
    case "exteriorColor": {
      const value = cachedSlug(row.exteriorColor ?? "");
      return value ? { value, label: row.exteriorColor ?? value } : null;
    }
    case "drivetrain": {
      // Feeds spell a drivetrain many ways ("AWD", "All-Wheel Drive"); the search words table names one slug.
      const value = cachedDrivetrain(row.drivetrain);
      return value ? { value, label: drivetrainLabel(value) } : null;
    }
  }
}

/** Builds the index; `rows` may come in any order (the index keeps them by VIN). */
export function buildInventoryIndex(rows: readonly InventoryRow[]): InventoryIndex {
  return runSteps(inventoryIndexSteps(rows));
}

/**
 * {@link buildInventoryIndex} in steps: the generator pauses every `every` vehicles of each pass, so a rebuild off the
 * request path lets requests run between steps (docs/decisions/361). The index is the same whatever the step.
 */
export function* inventoryIndexSteps(rows: readonly InventoryRow[], every = STEP_ITEMS): Steps<InventoryIndex> {
  const pauseAfter = pausesEvery(every);
  const sorted = [...rows].sort((a, b) => (a.vin < b.vin ? -1 : a.vin > b.vin ? 1 : 0));
  yield;
  const tags = yield* featureTagSteps(sorted, every);
  const vehicles: IndexedVehicle[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const { features: _features, ...row } = sorted[i] as InventoryRow;
    vehicles.push(row);
    if (pauseAfter(i)) yield;
  }
  yield;
  const codes = {} as Record<GroupedFacet, Int32Array>;
  const dictionaries = {} as Record<GroupedFacet, Dictionary>;
  for (const facet of GROUPED_FACETS) {
    const dictionary: Dictionary = { values: [], labels: [], parents: [], codeOf: new Map() };
    const column = new Int32Array(vehicles.length);
    for (let i = 0; i < vehicles.length; i++) {
      const found = facetValue(facet, vehicles[i] as IndexedVehicle);
      if (pauseAfter(i)) yield;
      if (!found) {
        column[i] = -1;
        continue;
      }
      const key = found.parent === undefined ? found.value : modelKey(found.parent, found.value);
      let code = dictionary.codeOf.get(key);
      if (code === undefined) {
        code = dictionary.values.length;
        dictionary.codeOf.set(key, code);
        dictionary.values.push(found.value);
        dictionary.labels.push(found.label);
        dictionary.parents.push(found.parent ?? null);
      } else if (found.label < (dictionary.labels[code] ?? "")) {
        // Two spellings of one slug: the smallest wins, so the label never depends on the rows' order.
        dictionary.labels[code] = found.label;
      }
      column[i] = code;
    }
    codes[facet] = column;
    dictionaries[facet] = dictionary;
    yield;
  }
  const numbers = yield* numericColumnSteps(vehicles, every);
  yield;
  const parts: HaystackParts[] = [];
  for (let i = 0; i < vehicles.length; i++) {
    const v = vehicles[i] as IndexedVehicle;
    parts.push({ shared: sharedHaystackOf(v), own: `${v.vin} ${v.stockNumber}`.toLowerCase() });
    if (pauseAfter(i)) yield;
  }
  yield;
  const haystacks = yield* haystackTextSteps(parts, every);
  return { vehicles, haystacks, tags, numbers, codes, dictionaries, orders: new Map() };
}

/** The numeric columns, filled in one pass over the vehicles. */
function* numericColumnSteps(vehicles: readonly IndexedVehicle[], every: number): Steps<NumericColumns> {
  const pauseAfter = pausesEvery(every);
  const n = vehicles.length;
  const stores = [...new Set(vehicles.map((v) => v.storeId))].sort();
  const storeOf = new Map(stores.map((store, i) => [store, i]));
  const numbers: NumericColumns = {
    store: new Int32Array(n),
    stores,
    private: new Uint8Array(n),
    features: new Uint8Array(n),
    price: new Int32Array(n),
    mileage: new Int32Array(n),
    year: new Int32Array(n),
    oldestYear: vehicles[0]?.year ?? 0,
    newestYear: vehicles[0]?.year ?? 0,
    listedDay: new Int32Array(n),
    priceBucket: new Int8Array(n),
    mileageBucket: new Int8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const v = vehicles[i] as IndexedVehicle;
    numbers.store[i] = storeOf.get(v.storeId) as number;
    numbers.private[i] = v.private ? 1 : 0;
    numbers.features[i] = SEARCH_FEATURES.reduce((bits, f, bit) => (f.has(v) ? bits | (1 << bit) : bits), 0);
    numbers.price[i] = v.price ?? -1;
    numbers.mileage[i] = v.mileage;
    numbers.year[i] = v.year;
    numbers.oldestYear = Math.min(numbers.oldestYear, v.year);
    numbers.newestYear = Math.max(numbers.newestYear, v.year);
    // An unreadable day is NaN, which a typed array stores as 0.
    numbers.listedDay[i] = Math.floor(Date.parse(`${v.listedOn}T00:00:00Z`) / 86_400_000);
    numbers.priceBucket[i] = v.price === null ? 0 : bucketOf(v.price, PRICE_THRESHOLDS);
    numbers.mileageBucket[i] = bucketOf(v.mileage, MILEAGE_THRESHOLDS);
    if (pauseAfter(i)) yield;
  }
  return numbers;
}

/** Each row's Key Features as codes into one list of distinct texts (feeds repeat a few dozen thousands of times). */
function* featureTagSteps(rows: readonly InventoryRow[], every: number): Steps<TagColumns> {
  const pauseAfter = pausesEvery(every);
  const features: string[] = [];
  const codeOf = new Map<string, number>();
  const vehicleOf: number[] = [];
  const codes: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (const feature of (rows[i] as InventoryRow).features ?? []) {
      if (typeof feature !== "string" || feature.trim() === "") continue;
      let code = codeOf.get(feature);
      if (code === undefined) {
        code = features.length;
        codeOf.set(feature, code);
        features.push(feature);
      }
      vehicleOf.push(i);
      codes.push(code);
    }
    if (pauseAfter(i)) yield;
  }
  const grouped = yield* groupPositionSteps(codes.length, features.length, (pair) => codes[pair] as number, every);
  // Positions of (vehicle, feature) pairs to vehicles: the pairs were made in vehicle order, so each list stays sorted.
  const { items } = grouped;
  for (let j = 0; j < items.length; j++) {
    items[j] = vehicleOf[items[j] as number] as number;
    if (pauseAfter(j)) yield;
  }
  return { features, vehiclesOf: { start: grouped.start, items } };
}
