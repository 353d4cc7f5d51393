// Generators shared by the inventory property tests. Not a test file itself: vitest only runs `*.test.ts`.
import fc from "fast-check";
import { type Catalogue, type MakeModel, makeModelSegment, resolveMakeModel } from "./catalogue";
import { defaultInventoryRules } from "./rules";
import { CONDITIONS, type Condition, MAX_FILTER_SEGMENTS, type SearchFilters } from "./search-path";
import type { NumberRange, SearchQuery } from "./search-query";

/** A store's catalogue with the hyphenated names the grammar has to tell apart. */
export const sampleCatalogue: Catalogue = {
  makes: [
    {
      slug: "toyota",
      name: "Toyota",
      models: [
        { slug: "camry", name: "Camry" },
        { slug: "rav4", name: "RAV4" },
      ],
    },
    {
      slug: "mercedes-benz",
      name: "Mercedes-Benz",
      models: [
        { slug: "c-class", name: "C-Class" },
        { slug: "gle", name: "GLE" },
      ],
    },
    {
      slug: "land-rover",
      name: "Land Rover",
      models: [
        { slug: "range-rover", name: "Range Rover" },
        { slug: "range-rover-sport", name: "Range Rover Sport" },
      ],
    },
    { slug: "ford", name: "Ford", models: [{ slug: "f-150", name: "F-150" }] },
    { slug: "rolls-royce", name: "Rolls-Royce", models: [{ slug: "ghost", name: "Ghost" }] },
  ],
};

// A small vocabulary makes hyphenated slugs collide often (`land` + `rover-x` against `land-rover` + `x`), and
// `suvs` / `price-drop` / `price-under-9` collide with the reserved words, so conflict handling is exercised.
const WORDS = [
  "land",
  "rover",
  "range",
  "sport",
  "c",
  "class",
  "alfa",
  "romeo",
  "x5",
  "f",
  "150",
  "suvs",
  "price",
  "drop",
  "under",
  "9",
];
const slugArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join("-"));
const nameArb = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== "");

export const catalogueArb: fc.Arbitrary<Catalogue> = fc.record({
  makes: fc.array(
    fc.record({
      slug: slugArb,
      name: nameArb,
      models: fc.array(fc.record({ slug: slugArb, name: nameArb }), { maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

/** Every make and make-model of a catalogue that its own segment resolves back to (what a path can select). */
export function reachable(catalogue: Catalogue): MakeModel[] {
  const list: MakeModel[] = [];
  for (const make of catalogue.makes) {
    const entries: MakeModel[] = [{ make: make.slug }, ...make.models.map((m) => ({ make: make.slug, model: m.slug }))];
    for (const entry of entries) {
      const back = resolveMakeModel(makeModelSegment(entry.make, entry.model), catalogue);
      const reserved = !back || isReserved(makeModelSegment(entry.make, entry.model));
      if (!reserved && back.make === entry.make && back.model === entry.model) list.push(entry);
    }
  }
  return list;
}

export function isReserved(segment: string): boolean {
  const rules = defaultInventoryRules;
  return (
    rules.bodyStyles.some((b) => b.slug === segment) ||
    rules.features.some((f) => f.slug === segment) ||
    /^price-(under|over)-\d+$/.test(segment)
  );
}

/** A store's configured conditions: none given, or one to three of them. */
export const conditionsArb: fc.Arbitrary<readonly Condition[] | undefined> = fc.option(
  fc.uniqueArray(fc.constantFrom(...CONDITIONS), { minLength: 1, maxLength: 3 }),
  { nil: undefined },
);

const amountArb = fc.nat({ max: 10_000_000 });

/** Canonical path filters over a catalogue, with a condition the store sells. */
export function filtersArb(
  catalogue: Catalogue,
  conditions: readonly Condition[] | undefined,
): fc.Arbitrary<SearchFilters> {
  const entries = reachable(catalogue);
  const rules = defaultInventoryRules;
  return fc
    .record(
      {
        condition: fc.constantFrom(...(conditions && conditions.length > 0 ? conditions : CONDITIONS)),
        bodyStyle: fc.constantFrom(...rules.bodyStyles.map((b) => b.slug)),
        makeModel: entries.length > 0 ? fc.constantFrom(...entries) : fc.constant(undefined),
        feature: fc.constantFrom(...rules.features.map((f) => f.slug)),
        price: fc.oneof(
          amountArb.map((n) => ({ priceMin: n })),
          amountArb.map((n) => ({ priceMax: n })),
        ),
      },
      { requiredKeys: [] },
    )
    .map(({ makeModel, price, ...rest }) => {
      const filters: SearchFilters = { ...rest, ...makeModel };
      const kinds = [filters.bodyStyle, filters.make, filters.feature].filter(Boolean).length;
      return price && kinds < MAX_FILTER_SEGMENTS ? { ...filters, ...price } : filters;
    });
}

/** The condition a store's canonical path carries for `filters`. */
export function expectedCondition(
  filters: SearchFilters,
  conditions: readonly Condition[] | undefined,
): Condition | undefined {
  return filters.condition ?? (conditions?.length === 1 ? conditions[0] : undefined);
}

function rangeArb(min: number, max: number): fc.Arbitrary<NumberRange> {
  return fc
    .tuple(
      fc.option(fc.integer({ min, max }), { nil: undefined }),
      fc.option(fc.integer({ min, max }), { nil: undefined }),
    )
    .filter(([lo, hi]) => lo !== undefined || hi !== undefined)
    .map(([lo, hi]) => {
      const [a, b] = lo !== undefined && hi !== undefined && lo > hi ? [hi, lo] : [lo, hi];
      return { ...(a === undefined ? {} : { min: a }), ...(b === undefined ? {} : { max: b }) };
    });
}

const listArb = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}$/), { maxLength: 4 })
  .map((values) => [...values].sort());

const textArb = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 60 })
  .map((s) =>
    s
      .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )
  .filter((s) => s.length > 0 && s.length <= 100);

/** Canonical search queries: valid values only, lists sorted and unique, text with single spaces. */
export const queryArb: fc.Arbitrary<SearchQuery> = fc
  .record(
    {
      sort: fc.constantFrom(...defaultInventoryRules.sort.search.options.map((o) => o.value)),
      page: fc.integer({ min: 1, max: 10_000 }),
      price: rangeArb(0, 10_000_000),
      mileage: rangeArb(0, 2_000_000),
      year: rangeArb(1900, 2100),
      fuel: listArb,
      transmission: listArb,
      exteriorColor: listArb,
      drivetrain: listArb,
      q: textArb,
      shown: fc.integer({ min: 2, max: 20 }),
      store: fc.constant("all" as const),
    },
    { requiredKeys: ["sort", "page", "fuel", "transmission", "exteriorColor", "drivetrain"] },
  )
  .map((query) => ({ ...query }) as SearchQuery);

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789".split("");

/** VINs in canonical upper case. */
export const vinArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 })
  .map((chars) => chars.join(""));

/** Random upper/lower casing of a string. */
export function recase(text: string, flips: readonly boolean[]): string {
  return [...text].map((c, i) => (flips[i % Math.max(1, flips.length)] ? c.toUpperCase() : c.toLowerCase())).join("");
}

/** Strings of any code points, lone surrogates included (fast-check's `binary` unit is slow to build here). */
export const anyStringArb: fc.Arbitrary<string> = fc.string({
  unit: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  maxLength: 40,
});
