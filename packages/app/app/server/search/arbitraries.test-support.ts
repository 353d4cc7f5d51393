// fast-check generators for the search tests: criteria drawn mostly from what the inventory holds (so searches find
// something) and sometimes from what it does not (so empty results and zero counts are exercised). Not a test file.
import {
  CONDITIONS,
  defaultInventoryRules,
  drivetrainSlug,
  type SearchCriteria,
  slugify,
} from "@showroom/rules/inventory";
import fc from "fast-check";
import type { InventoryRow } from "./inventory-index";

/** The values a criteria generator picks from. */
export interface Vocabulary {
  makeModels: { make: string; model: string }[];
  fuels: string[];
  colours: string[];
  drivetrains: string[];
  words: string[];
  stores: string[];
}

/** The vocabulary of an inventory, with a few values it lacks. */
export function vocabularyOf(rows: readonly InventoryRow[]): Vocabulary {
  const unique = <T>(values: T[]) => [...new Set(values)].sort();
  const pairs = unique(rows.map((r) => `${r.makeSlug}/${r.modelSlug}`)).map((p) => {
    const [make = "", model = ""] = p.split("/");
    return { make, model };
  });
  const some = rows.slice(0, 6);
  return {
    makeModels: [...pairs, { make: "bugatti", model: "chiron" }],
    fuels: [...unique(rows.map((r) => slugify(r.fuelType ?? "")).filter((s) => s !== "")), "steam"],
    colours: [...unique(rows.map((r) => slugify(r.exteriorColor ?? "")).filter((s) => s !== "")), "chartreuse"],
    drivetrains: [...unique(rows.map((r) => drivetrainSlug(r.drivetrain) ?? "").filter((s) => s !== "")), "6wd"],
    words: [
      ...some.map((r) => r.vin.slice(-6).toLowerCase()),
      ...some.map((r) => r.stockNumber),
      ...some.map((r) => r.make.toUpperCase()),
      ...some.map((r) => String(r.year)),
      ...some.map((r) => r.model.toLowerCase().replace(/[^a-z0-9]/g, "")),
      // Words of body styles, colours, fuels and features, whole and cut short ("suv", "leather", "red"), and
      // one found only inside a word ("ram" of "Panoramic").
      "suv",
      "trucks",
      "red",
      "blue",
      "hybrid",
      "leather",
      "sunroof",
      "heads-up",
      "ram",
      "zzzz",
      // Synonyms and phrases of the search words table (ADR 337), and one-edit typos of makes and models.
      "awd",
      "4x4",
      "all-wheel drive",
      "four wheel drive",
      "fwd",
      "pickup",
      "ev",
      "gas",
      "grey",
      ...some.map((r) => typo(r.make.toLowerCase())),
      ...some.map((r) => typo(r.model.toLowerCase())),
    ],
    stores: unique(rows.map((r) => r.storeId)),
  };
}

/** A one-edit typo of a word: its first two letters swapped (`hnoda`), or one letter dropped when too short. */
function typo(word: string): string {
  if (word.length >= 5) return `${word[1]}${word[0]}${word.slice(2)}`;
  return word.slice(0, -1);
}

/**
 * A filter present in about a third of the searches: with every filter always on, nearly every search would come
 * back empty and the counts would say little.
 */
function sometimes<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });
}

const bound = (values: number[]) => fc.option(fc.constantFrom(...values), { nil: undefined, freq: 3 });

function rangeArb(values: number[]) {
  return sometimes(
    fc.tuple(bound(values), bound(values)).map(([a, b]) => {
      if (a === undefined && b === undefined) return undefined;
      if (a !== undefined && b !== undefined) return { min: Math.min(a, b), max: Math.max(a, b) };
      return a !== undefined ? { min: a } : { max: b as number };
    }),
  );
}

const subset = <T>(values: readonly T[]) =>
  sometimes(fc.subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) })).map((list) =>
    list === undefined ? [] : ([...list].sort() as T[]),
  );

/** Search criteria as the URL grammar produces them. */
export function criteriaArb(vocabulary: Vocabulary): fc.Arbitrary<SearchCriteria> {
  const option = sometimes;
  return fc
    .record({
      condition: option(fc.constantFrom(...CONDITIONS)),
      bodyStyle: option(fc.constantFrom(...defaultInventoryRules.bodyStyles.map((b) => b.slug))),
      makeModel: option(
        fc
          .tuple(fc.constantFrom(...vocabulary.makeModels), fc.boolean())
          .map(([m, withModel]) => (withModel ? m : { make: m.make })),
      ),
      feature: option(fc.constantFrom("price-drop", "premium-upgrades")),
      price: rangeArb([0, 8_000, 15_000, 19_995, 20_000, 30_000, 45_000]),
      mileage: rangeArb([0, 30, 15_000, 50_000, 85_000, 120_000]),
      year: rangeArb([2014, 2017, 2019, 2021, 2023, 2026]),
      fuel: subset(vocabulary.fuels),
      transmission: subset(["automatic", "manual"]),
      exteriorColor: subset(vocabulary.colours),
      drivetrain: subset(vocabulary.drivetrains),
      q: option(fc.array(fc.constantFrom(...vocabulary.words), { minLength: 1, maxLength: 2 }).map((w) => w.join(" "))),
      sort: fc.constantFrom(...defaultInventoryRules.sort.search.options.map((o) => o.value)),
      page: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ makeModel, price, mileage, year, q, condition, bodyStyle, feature, ...rest }) => {
      const criteria: SearchCriteria = { ...rest };
      if (condition !== undefined) criteria.condition = condition;
      if (bodyStyle !== undefined) criteria.bodyStyle = bodyStyle;
      if (makeModel) Object.assign(criteria, makeModel);
      if (feature !== undefined) criteria.feature = feature;
      if (price) criteria.price = price;
      if (mileage) criteria.mileage = mileage;
      if (year) criteria.year = year;
      if (q !== undefined) criteria.q = q;
      return criteria;
    });
}

/** Who is searching: one store or all, private inventory unlocked or not. */
export function scopeArb(vocabulary: Vocabulary) {
  return fc.record({
    storeId: fc.option(fc.constantFrom(...vocabulary.stores), { nil: undefined }),
    privateUnlocked: fc.boolean(),
    // The conditions a store sells (site settings): production's used and certified, a subset, or all.
    conditions: fc.option(fc.subarray(["new", "used", "certified"] as const), { nil: undefined }),
  });
}
