// Facet rows and criteria → what the search page renders: ordered facet values and the chips of the filters in
// force. Pure, so it is tested without a database.
import {
  CONDITIONS,
  defaultInventoryRules,
  defaultSearchWords,
  drivetrainLabel,
  type InventoryRules,
  type NumberRange,
  type SearchCriteria,
} from "@showroom/rules/inventory";
import { CONDITION_LABELS, TRANSMISSION_VALUES } from "./criteria";
import type { AppliedFilter, FacetValue, ModelFacetValue, RangeFacet, SearchFacets } from "./types";

/** "At or below" thresholds of the price and mileage facets; the spec's price-under-20000 and 85,000 miles among them. */
export const PRICE_THRESHOLDS = [10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000] as const;
export const MILEAGE_THRESHOLDS = [15_000, 30_000, 50_000, 85_000, 100_000] as const;

/** One count of the engine: `facet` names the facet (or the total), `value` a facet value or an aggregate. */
export interface FacetRow {
  facet: string;
  /** The make of a model value. */
  parent: string | null;
  value: string | null;
  label: string | null;
  n: number | null;
}

/** Display names of slugs the catalogue spells (makes, models, fuels, colours), looked up by kind and slug. */
export type NameLookup = (kind: "make" | "model" | "fuel" | "exteriorColor", slug: string, make?: string) => string;

/** `midnight-blue` → `Midnight Blue`: the fallback name of a slug nothing else names. */
export function titleCase(slug: string): string {
  return slug
    .split("-")
    .filter((w) => w !== "")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

// One collator for every comparison: `localeCompare` with options builds one per call.
const collator = new Intl.Collator("en", { sensitivity: "base" });
const byLabel = (a: FacetValue, b: FacetValue) =>
  collator.compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Values in a fixed vocabulary's order, then any others by label. */
function inOrder(values: FacetValue[], order: readonly string[]): FacetValue[] {
  const rank = (v: FacetValue) => {
    const i = order.indexOf(v.value);
    return i < 0 ? order.length : i;
  };
  return values.sort((a, b) => rank(a) - rank(b) || byLabel(a, b));
}

/** Facet values from rows plus any selected value the rows lack (count 0), so a shopper can always unselect it. */
function values(
  rows: FacetRow[],
  selected: readonly string[],
  label: (value: string, row?: FacetRow) => string,
): FacetValue[] {
  const found = new Map<string, FacetValue>();
  for (const row of rows) {
    if (row.value === null) continue;
    found.set(row.value, {
      value: row.value,
      label: label(row.value, row),
      count: row.n ?? 0,
      selected: selected.includes(row.value),
    });
  }
  for (const value of selected) {
    if (!found.has(value)) found.set(value, { value, label: label(value), count: 0, selected: true });
  }
  return [...found.values()];
}

function rangeFacet(rows: FacetRow[], selected: NumberRange | undefined, thresholds: readonly number[]): RangeFacet {
  const get = (name: string) => rows.find((r) => r.value === name)?.n ?? null;
  return {
    min: get("min"),
    max: get("max"),
    thresholds: thresholds.map((bound) => ({ bound, count: get(`le:${bound}`) ?? 0 })),
    selected: selected ? { ...selected } : null,
  };
}

/** The facets of a search from its facet rows. */
export function shapeFacets(
  rows: FacetRow[],
  criteria: SearchCriteria,
  names: NameLookup,
  rules: InventoryRules = defaultInventoryRules,
): SearchFacets {
  const of = (facet: FacetRow["facet"]) => rows.filter((r) => r.facet === facet);
  const one = (value: string | undefined) => (value === undefined ? [] : [value]);

  const bodyNames = new Map(rules.bodyStyles.map((b) => [b.slug, b.name]));
  const featureNames = new Map(rules.features.map((f) => [f.slug, f.name]));
  const transmissionBy = new Map<string, (typeof TRANSMISSION_VALUES)[number]>(
    TRANSMISSION_VALUES.flatMap((t) => [[t.code, t] as const, [t.value, t] as const]),
  );

  const models: ModelFacetValue[] = [];
  for (const row of of("model")) {
    if (row.value === null || row.parent === null) continue;
    const selected = criteria.make === row.parent && criteria.model === row.value;
    models.push({
      make: row.parent,
      value: row.value,
      label: row.label ?? names("model", row.value, row.parent),
      count: row.n ?? 0,
      selected,
    });
  }
  if (criteria.make && criteria.model && !models.some((m) => m.selected)) {
    const label = names("model", criteria.model, criteria.make);
    models.push({ make: criteria.make, value: criteria.model, label, count: 0, selected: true });
  }
  const makeLabels = new Map(of("make").map((r) => [r.value, r.label]));
  const makeLabel = (slug: string) => makeLabels.get(slug) ?? names("make", slug);
  models.sort(
    (a, b) => byLabel({ ...a, label: makeLabel(a.make) }, { ...b, label: makeLabel(b.make) }) || byLabel(a, b),
  );

  const yearValues = values(of("year"), [], (v) => v).sort((a, b) => Number(b.value) - Number(a.value));
  let atLeast = 0;
  const yearThresholds = yearValues.map((v) => {
    atLeast += v.count;
    return { bound: Number(v.value), count: atLeast };
  });
  const priceRows = of("price");
  const features = values(of("feature"), one(criteria.feature), (v) => featureNames.get(v) ?? titleCase(v));

  return {
    condition: inOrder(
      values(
        of("condition"),
        one(criteria.condition),
        (v) => CONDITION_LABELS[v as keyof typeof CONDITION_LABELS] ?? titleCase(v),
      ),
      CONDITIONS,
    ),
    bodyStyle: inOrder(
      values(of("bodyStyle"), one(criteria.bodyStyle), (v) => bodyNames.get(v) ?? titleCase(v)),
      rules.bodyStyles.map((b) => b.slug),
    ),
    make: values(of("make"), one(criteria.make), (v, row) => row?.label ?? names("make", v)).sort(byLabel),
    model: models,
    feature: inOrder(
      features.filter((f) => f.count > 0 || f.selected),
      rules.features.map((f) => f.slug),
    ),
    fuel: values(of("fuel"), criteria.fuel, (v, row) => row?.label ?? names("fuel", v)).sort(byLabel),
    transmission: inOrder(
      values(
        of("transmission").map((r) => ({ ...r, value: transmissionBy.get(r.value ?? "")?.value ?? r.value })),
        criteria.transmission,
        (v) => transmissionBy.get(v)?.label ?? titleCase(v),
      ),
      TRANSMISSION_VALUES.map((t) => t.value),
    ),
    exteriorColor: values(
      of("exteriorColor"),
      criteria.exteriorColor,
      (v, row) => row?.label ?? names("exteriorColor", v),
    ).sort(byLabel),
    drivetrain: inOrder(
      values(of("drivetrain"), criteria.drivetrain, (v, row) => row?.label ?? drivetrainLabel(v)),
      defaultSearchWords.drivetrains.map((d) => d.slug),
    ),
    price: {
      ...rangeFacet(priceRows, criteria.price, PRICE_THRESHOLDS),
      callForPrice: priceRows.find((r) => r.value === "call")?.n ?? 0,
    },
    mileage: rangeFacet(of("mileage"), criteria.mileage, MILEAGE_THRESHOLDS),
    year: {
      min: yearValues.length > 0 ? Number(yearValues[yearValues.length - 1]?.value) : null,
      max: yearValues.length > 0 ? Number(yearValues[0]?.value) : null,
      thresholds: yearThresholds,
      selected: criteria.year ? { ...criteria.year } : null,
      values: yearValues,
    },
  };
}

const number = new Intl.NumberFormat("en-US");
const dollars = (n: number) => `$${number.format(n)}`;

function rangeLabel(range: NumberRange, format: (n: number) => string, words: { under: string; over: string }) {
  if (range.min !== undefined && range.max !== undefined) return `${format(range.min)} – ${format(range.max)}`;
  if (range.max !== undefined) return `${words.under} ${format(range.max)}`;
  return `${words.over} ${format(range.min ?? 0)}`;
}

/** The chips of the filters in force, each with the criteria that remove it. */
export function appliedFilters(
  criteria: SearchCriteria,
  names: NameLookup,
  rules: InventoryRules = defaultInventoryRules,
): AppliedFilter[] {
  const chips: AppliedFilter[] = [];
  const without = (change: Partial<SearchCriteria>, drop: (keyof SearchCriteria)[]): SearchCriteria => {
    const next: SearchCriteria = { ...criteria, ...change, page: 1 };
    for (const key of drop) delete next[key];
    return next;
  };
  if (criteria.condition) {
    const label = CONDITION_LABELS[criteria.condition];
    chips.push({ kind: "condition", value: criteria.condition, label, without: without({}, ["condition"]) });
  }
  if (criteria.bodyStyle) {
    const label = rules.bodyStyles.find((b) => b.slug === criteria.bodyStyle)?.name ?? titleCase(criteria.bodyStyle);
    chips.push({ kind: "bodyStyle", value: criteria.bodyStyle, label, without: without({}, ["bodyStyle"]) });
  }
  if (criteria.make) {
    const label = names("make", criteria.make);
    chips.push({ kind: "make", value: criteria.make, label, without: without({}, ["make", "model"]) });
    if (criteria.model) {
      const modelLabel = names("model", criteria.model, criteria.make);
      chips.push({ kind: "model", value: criteria.model, label: modelLabel, without: without({}, ["model"]) });
    }
  }
  if (criteria.feature) {
    const label = rules.features.find((f) => f.slug === criteria.feature)?.name ?? titleCase(criteria.feature);
    chips.push({ kind: "feature", value: criteria.feature, label, without: without({}, ["feature"]) });
  }
  if (criteria.price) {
    const label = rangeLabel(criteria.price, dollars, { under: "Under", over: "Over" });
    chips.push({ kind: "price", value: formatRange(criteria.price), label, without: without({}, ["price"]) });
  }
  if (criteria.mileage) {
    const label = `${rangeLabel(criteria.mileage, (n) => number.format(n), { under: "Up to", over: "Over" })} miles`;
    chips.push({ kind: "mileage", value: formatRange(criteria.mileage), label, without: without({}, ["mileage"]) });
  }
  if (criteria.year) {
    const { min, max } = criteria.year;
    const label =
      min !== undefined && max !== undefined
        ? `${min} – ${max}`
        : min !== undefined
          ? `${min} or newer`
          : `${max} or older`;
    chips.push({ kind: "year", value: formatRange(criteria.year), label, without: without({}, ["year"]) });
  }
  for (const kind of ["fuel", "transmission", "exteriorColor", "drivetrain"] as const) {
    for (const value of criteria[kind]) {
      const label =
        kind === "transmission"
          ? (TRANSMISSION_VALUES.find((t) => t.value === value)?.label ?? titleCase(value))
          : kind === "drivetrain"
            ? drivetrainLabel(value)
            : names(kind, value);
      chips.push({ kind, value, label, without: without({ [kind]: criteria[kind].filter((v) => v !== value) }, []) });
    }
  }
  if (criteria.q) chips.push({ kind: "q", value: criteria.q, label: `“${criteria.q}”`, without: without({}, ["q"]) });
  return chips;
}

/** `min,max` with `null` for an open end, as the query writes ranges. */
function formatRange(range: NumberRange): string {
  return `${range.min ?? "null"},${range.max ?? "null"}`;
}
