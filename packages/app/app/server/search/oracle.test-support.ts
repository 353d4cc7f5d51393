// The search by brute force, for the tests: every vehicle checked against every filter, one facet value at a time.
// Written from the words, not from the engine, so the two can disagree. Not a test file itself.
import { defaultInventoryRules, type SearchCriteria, type SortOption, slugify } from "@showroom/rules/inventory";
import type { InventoryRow } from "./inventory-index";
import { drivetrainOf, nameVocabulary, termMatches, termsOf } from "./oracle-words.test-support";
import type { SearchFacets } from "./types";

export interface OracleVehicle extends InventoryRow {
  status: "available" | "sold" | "hidden";
}

export interface OracleScope {
  storeId?: string | undefined;
  privateUnlocked: boolean;
  /** The conditions the site sells; every condition when absent. */
  conditions?: readonly ("new" | "used" | "certified")[] | undefined;
}

type Kind = keyof Omit<SearchFacets, "year"> | "year";

const TRANSMISSION_SLUG: Record<string, string> = { A: "automatic", M: "manual" };

/** Whether a vehicle is searchable at all: available, in scope, past the gate, and matching every term. */
function inScope(
  vehicle: OracleVehicle,
  criteria: SearchCriteria,
  scope: OracleScope,
  names: ReadonlySet<string>,
): boolean {
  if (vehicle.status !== "available") return false;
  if (scope.storeId !== undefined && vehicle.storeId !== scope.storeId) return false;
  if (vehicle.private && !scope.privateUnlocked) return false;
  if (scope.conditions && !scope.conditions.includes(vehicle.condition)) return false;
  return termsOf(criteria.q).every((term) => termMatches(vehicle, term, names));
}

/** The name words of the available vehicles, which the engine's index holds. */
function namesOf(vehicles: readonly OracleVehicle[]): Set<string> {
  return nameVocabulary(vehicles.filter((v) => v.status === "available"));
}

function inRange(value: number | null, range: { min?: number; max?: number } | undefined): boolean {
  if (!range) return true;
  if (value === null) return false;
  return (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
}

/** Whether a vehicle passes the filters of `criteria`, leaving out those of `ignored`. */
function passes(vehicle: InventoryRow, criteria: SearchCriteria, ignored: readonly Kind[] = []): boolean {
  const on = (kind: Kind) => !ignored.includes(kind);
  if (on("condition") && criteria.condition && vehicle.condition !== criteria.condition) return false;
  if (on("bodyStyle") && criteria.bodyStyle && vehicle.bodyStyle !== criteria.bodyStyle) return false;
  if (on("make") && criteria.make && vehicle.makeSlug !== criteria.make) return false;
  if (on("model") && criteria.model && vehicle.modelSlug !== criteria.model) return false;
  if (on("feature") && criteria.feature) {
    const has =
      criteria.feature === "price-drop"
        ? vehicle.priceDrop
        : criteria.feature === "premium-upgrades"
          ? vehicle.premiumUpgrades
          : false;
    if (!has) return false;
  }
  if (on("price") && !inRange(vehicle.price, criteria.price)) return false;
  if (on("mileage") && !inRange(vehicle.mileage, criteria.mileage)) return false;
  if (on("year") && !inRange(vehicle.year, criteria.year)) return false;
  if (on("fuel") && criteria.fuel.length > 0 && !criteria.fuel.includes(slugify(vehicle.fuelType ?? "") || "\u0000")) {
    return false;
  }
  const transmission = TRANSMISSION_SLUG[vehicle.transmission ?? ""] ?? "\u0000";
  if (on("transmission") && criteria.transmission.length > 0 && !criteria.transmission.includes(transmission)) {
    return false;
  }
  const colour = slugify(vehicle.exteriorColor ?? "") || "\u0000";
  if (on("exteriorColor") && criteria.exteriorColor.length > 0 && !criteria.exteriorColor.includes(colour))
    return false;
  const drivetrain = drivetrainOf(vehicle.drivetrain) ?? "\u0000";
  if (on("drivetrain") && criteria.drivetrain.length > 0 && !criteria.drivetrain.includes(drivetrain)) return false;
  return true;
}

/** The value a vehicle has for a facet (the make's slug and the model's `make/model`), or null. */
function facetValueOf(vehicle: InventoryRow, kind: Kind): string | null {
  switch (kind) {
    case "condition":
      return vehicle.condition;
    case "bodyStyle":
      return vehicle.bodyStyle;
    case "make":
      return vehicle.makeSlug;
    case "model":
      return `${vehicle.makeSlug}/${vehicle.modelSlug}`;
    case "fuel":
      return slugify(vehicle.fuelType ?? "") || null;
    case "transmission":
      return TRANSMISSION_SLUG[vehicle.transmission ?? ""] ?? null;
    case "exteriorColor":
      return slugify(vehicle.exteriorColor ?? "") || null;
    case "drivetrain":
      return drivetrainOf(vehicle.drivetrain);
    case "year":
      return String(vehicle.year);
    default:
      return null;
  }
}

/** The filters a facet's counts ignore: its own, and the model with the make (one path segment holds both). */
function ignoredBy(kind: Kind): Kind[] {
  return kind === "make" ? ["make", "model"] : [kind];
}

/** The vehicles a facet counts: in scope and passing every filter but the facet's own. */
function facetBase(vehicles: readonly OracleVehicle[], criteria: SearchCriteria, scope: OracleScope, kind: Kind) {
  const names = namesOf(vehicles);
  return vehicles.filter((v) => inScope(v, criteria, scope, names) && passes(v, criteria, ignoredBy(kind)));
}

/** Counts per value of a facet, by brute force. */
function facetCounts(
  vehicles: readonly OracleVehicle[],
  criteria: SearchCriteria,
  scope: OracleScope,
  kind: Kind,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of facetBase(vehicles, criteria, scope, kind)) {
    const value = facetValueOf(v, kind);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** The matching vehicles in the order of a sort option: Call for Price last in price orders, ties by VIN. */
export function sortedMatches(
  vehicles: readonly OracleVehicle[],
  criteria: SearchCriteria,
  scope: OracleScope,
  sort: SortOption,
): OracleVehicle[] {
  const key = (v: OracleVehicle): number | string | null =>
    sort.field === "price"
      ? v.price
      : sort.field === "listedAt"
        ? v.listedOn
        : sort.field === "mileage"
          ? v.mileage
          : v.year;
  const up = sort.direction === "asc" ? 1 : -1;
  const names = namesOf(vehicles);
  return vehicles
    .filter((v) => inScope(v, criteria, scope, names) && passes(v, criteria))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) {
        if (ka === null) return 1;
        if (kb === null) return -1;
        return ka < kb ? -up : up;
      }
      return a.vin < b.vin ? -up : up;
    });
}

/** The default rules' sort option for a value. */
export function sortOption(value: string): SortOption {
  const option = defaultInventoryRules.sort.search.options.find((o) => o.value === value);
  if (!option) throw new Error(`no sort ${value}`);
  return option;
}

const PRICE_BOUNDS = [10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000];
const MILEAGE_BOUNDS = [15_000, 30_000, 50_000, 85_000, 100_000];

interface Counted {
  value: string;
  count: number;
  selected: boolean;
}

/** What a search should answer, by brute force, in a shape both sides can be projected to. */
export interface Expected {
  total: number;
  vins: string[];
  lists: Record<string, Counted[]>;
  ranges: Record<string, { min: number | null; max: number | null; thresholds: number[] }>;
  callForPrice: number;
  years: { value: string; count: number }[];
}

const byValue = (a: Counted, b: Counted) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

function selectedOf(criteria: SearchCriteria, kind: Kind): string[] {
  switch (kind) {
    case "condition":
      return criteria.condition ? [criteria.condition] : [];
    case "bodyStyle":
      return criteria.bodyStyle ? [criteria.bodyStyle] : [];
    case "make":
      return criteria.make ? [criteria.make] : [];
    case "model":
      return criteria.make && criteria.model ? [`${criteria.make}/${criteria.model}`] : [];
    case "feature":
      return criteria.feature ? [criteria.feature] : [];
    case "fuel":
      return criteria.fuel;
    case "transmission":
      return criteria.transmission;
    case "exteriorColor":
      return criteria.exteriorColor;
    case "drivetrain":
      return criteria.drivetrain;
    default:
      return [];
  }
}

function listed(counts: Map<string, number>, selected: string[]): Counted[] {
  const values = new Set([...[...counts].filter(([, n]) => n > 0).map(([v]) => v), ...selected]);
  return [...values]
    .map((value) => ({ value, count: counts.get(value) ?? 0, selected: selected.includes(value) }))
    .sort(byValue);
}

function range(values: number[], bounds: number[]) {
  return {
    min: values.length > 0 ? Math.min(...values) : null,
    max: values.length > 0 ? Math.max(...values) : null,
    thresholds: bounds.map((b) => values.filter((v) => v <= b).length),
  };
}

/** The brute-force answer to a search. */
export function expected(
  vehicles: readonly OracleVehicle[],
  criteria: SearchCriteria,
  scope: OracleScope,
  perPage = defaultInventoryRules.itemsPerPage,
): Expected {
  const matches = sortedMatches(vehicles, criteria, scope, sortOption(criteria.sort));
  const lists: Record<string, Counted[]> = {};
  for (const kind of [
    "condition",
    "bodyStyle",
    "make",
    "model",
    "fuel",
    "transmission",
    "exteriorColor",
    "drivetrain",
  ] as const) {
    lists[kind] = listed(facetCounts(vehicles, criteria, scope, kind), selectedOf(criteria, kind));
  }
  const featureBase = facetBase(vehicles, criteria, scope, "feature");
  const featureCounts = new Map([
    ["price-drop", featureBase.filter((v) => v.priceDrop).length],
    ["premium-upgrades", featureBase.filter((v) => v.premiumUpgrades).length],
  ]);
  lists.feature = listed(featureCounts, selectedOf(criteria, "feature"));
  const priceBase = facetBase(vehicles, criteria, scope, "price");
  const priced = priceBase.flatMap((v) => (v.price === null ? [] : [v.price]));
  const years = [...facetCounts(vehicles, criteria, scope, "year")]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => Number(b.value) - Number(a.value));
  return {
    total: matches.length,
    vins: matches.slice((criteria.page - 1) * perPage, criteria.page * perPage).map((v) => v.vin),
    lists,
    ranges: {
      price: range(priced, PRICE_BOUNDS),
      mileage: range(
        facetBase(vehicles, criteria, scope, "mileage").map((v) => v.mileage),
        MILEAGE_BOUNDS,
      ),
    },
    callForPrice: priceBase.length - priced.length,
    years,
  };
}

/** The same projection of what the search answered. */
export function answered(result: {
  total: number;
  vehicles: { vin: string }[];
  facets: SearchFacets | null;
}): Expected {
  const facets = result.facets;
  if (!facets) throw new Error("the search returned no facets");
  const plain = (values: { value: string; count: number; selected: boolean }[]) =>
    values.map(({ value, count, selected }) => ({ value, count, selected })).sort(byValue);
  const ranges = (r: { min: number | null; max: number | null; thresholds: { count: number }[] }) => ({
    min: r.min,
    max: r.max,
    thresholds: r.thresholds.map((t) => t.count),
  });
  return {
    total: result.total,
    vins: result.vehicles.map((v) => v.vin),
    lists: {
      condition: plain(facets.condition),
      bodyStyle: plain(facets.bodyStyle),
      make: plain(facets.make),
      model: plain(facets.model.map((m) => ({ ...m, value: `${m.make}/${m.value}` }))),
      fuel: plain(facets.fuel),
      transmission: plain(facets.transmission),
      exteriorColor: plain(facets.exteriorColor),
      drivetrain: plain(facets.drivetrain),
      feature: plain(facets.feature),
    },
    ranges: { price: ranges(facets.price), mileage: ranges(facets.mileage) },
    callForPrice: facets.price.callForPrice,
    years: facets.year.values.map(({ value, count }) => ({ value, count })),
  };
}
