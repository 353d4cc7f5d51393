import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyStringArb,
  catalogueArb,
  conditionsArb,
  expectedCondition,
  filtersArb,
  reachable,
  recase,
  sampleCatalogue,
} from "./arbitraries.test-support";
import { makeModelSegment } from "./catalogue";
import { defaultInventoryRules } from "./rules";
import { formatSearchPath, parseSearchPath, pathCanHoldPrice, type SearchFilters } from "./search-path";

const RUNS = { numRuns: 300 };

describe("parseSearchPath", () => {
  it.each<[string, SearchFilters]>([
    ["/cars-for-sale", {}],
    ["/used-cars-for-sale", { condition: "used" }],
    ["/certified-cars-for-sale/suvs", { condition: "certified", bodyStyle: "suvs" }],
    ["/cars-for-sale/toyota", { make: "toyota" }],
    ["/cars-for-sale/toyota-camry", { make: "toyota", model: "camry" }],
    ["/cars-for-sale/mercedes-benz", { make: "mercedes-benz" }],
    ["/cars-for-sale/mercedes-benz-c-class", { make: "mercedes-benz", model: "c-class" }],
    ["/cars-for-sale/land-rover-range-rover", { make: "land-rover", model: "range-rover" }],
    ["/cars-for-sale/land-rover-range-rover-sport", { make: "land-rover", model: "range-rover-sport" }],
    ["/cars-for-sale/price-under-20000", { priceMax: 20000 }],
    ["/cars-for-sale/price-over-15000", { priceMin: 15000 }],
    ["/cars-for-sale/price-drop", { feature: "price-drop" }],
    ["/cars-for-sale/premium-upgrades", { feature: "premium-upgrades" }],
    [
      "/used-cars-for-sale/sedans/toyota-camry/price-under-20000",
      { condition: "used", bodyStyle: "sedans", make: "toyota", model: "camry", priceMax: 20000 },
    ],
    [
      "/cars-for-sale/trucks/ford-f-150/price-drop",
      { bodyStyle: "trucks", make: "ford", model: "f-150", feature: "price-drop" },
    ],
  ])("%s has the filters %j", (path, filters) => {
    expect(parseSearchPath(path, sampleCatalogue)).toStrictEqual(filters);
  });

  it("segments in any order, any case, with a trailing slash or doubled slashes still parse to the same filters", () => {
    const canonical = parseSearchPath("/used-cars-for-sale/suvs/toyota-rav4/price-under-30000", sampleCatalogue);
    expect(canonical).not.toBeNull();
    for (const variant of [
      "/used-cars-for-sale/price-under-30000/toyota-rav4/suvs",
      "/Used-Cars-For-Sale/SUVs/Toyota-RAV4/Price-Under-30000/",
      "/used-cars-for-sale//toyota-rav4/suvs//price-under-30000",
      "/used-cars-for-sale/toyota-rav4/price-under-030000/suvs?sort=newest#top",
      "/used-cars-for-sale/%73uvs/toyota-rav4/price-under-30000",
    ]) {
      expect(parseSearchPath(variant, sampleCatalogue), variant).toStrictEqual(canonical);
    }
  });

  it.each([
    ["an unknown segment", "/cars-for-sale/flying-cars"],
    ["a model without its make", "/cars-for-sale/camry"],
    ["a model of another make", "/cars-for-sale/toyota-c-class"],
    ["two price segments", "/cars-for-sale/price-under-20000/price-over-10000"],
    ["two body styles", "/cars-for-sale/suvs/sedans"],
    ["two makes", "/cars-for-sale/toyota/ford"],
    ["two features", "/cars-for-sale/price-drop/premium-upgrades"],
    ["four filter segments", "/cars-for-sale/suvs/toyota/price-drop/price-under-20000"],
    ["an unknown condition", "/all-cars-for-sale"],
    ["another page", "/cars-for-sale-now"],
    ["a relative path", "cars-for-sale/suvs"],
    ["a price that is not a whole number", "/cars-for-sale/price-under-20k"],
    ["a price beyond safe integers", "/cars-for-sale/price-under-99999999999999999999"],
    ["a malformed escape", "/cars-for-sale/%E0%A4%A"],
  ])("%s is not a search path (%s)", (_why, path) => {
    expect(parseSearchPath(path, sampleCatalogue)).toBeNull();
  });

  it("a condition the store does not sell is unknown when the store's conditions are given", () => {
    expect(
      parseSearchPath("/new-cars-for-sale/suvs", sampleCatalogue, { conditions: ["used", "certified"] }),
    ).toBeNull();
    expect(parseSearchPath("/new-cars-for-sale/suvs", sampleCatalogue)).toStrictEqual({
      condition: "new",
      bodyStyle: "suvs",
    });
  });

  it("reserved words win over a catalogue entry spelled the same", () => {
    const catalogue = { makes: [{ slug: "commercial", name: "Commercial Motors", models: [] }] };
    expect(parseSearchPath("/cars-for-sale/commercial", catalogue)).toStrictEqual({ bodyStyle: "commercial" });
  });

  it("never throws, whatever the string", () => {
    const pathLike = fc
      .array(
        fc.oneof(
          fc.string(),
          fc.constantFrom("cars-for-sale", "used-cars-for-sale", "suvs", "toyota-camry", "%", "%zz"),
        ),
        {
          maxLength: 6,
        },
      )
      .map((parts) => `/${parts.join("/")}`);
    fc.assert(
      fc.property(fc.oneof(anyStringArb, pathLike), catalogueArb, (path, catalogue) => {
        const filters = parseSearchPath(path, catalogue);
        expect(filters === null || typeof filters === "object").toBe(true);
      }),
      RUNS,
    );
  });
});

describe("formatSearchPath", () => {
  it("puts segments in the filter priority: body style, make-model, feature, price", () => {
    expect(
      formatSearchPath({ priceMax: 20000, feature: "price-drop", make: "toyota", model: "camry", bodyStyle: "sedans" }),
    ).toBe("/cars-for-sale/sedans/toyota-camry/price-drop");
    expect(formatSearchPath({ priceMax: 20000, make: "mercedes-benz", model: "c-class" })).toBe(
      "/cars-for-sale/mercedes-benz-c-class/price-under-20000",
    );
  });

  it("follows a reordered filter priority from the rules", () => {
    const rules = {
      ...defaultInventoryRules,
      filterPriority: ["price", "features", "make-model", "bodystyle"] as const,
    };
    expect(
      formatSearchPath(
        { bodyStyle: "suvs", make: "toyota", priceMin: 5000 },
        { rules: { ...rules, filterPriority: [...rules.filterPriority] } },
      ),
    ).toBe("/cars-for-sale/price-over-5000/toyota/suvs");
  });

  it("carries the store's only condition, so /cars-for-sale is not a second address of the same page", () => {
    expect(formatSearchPath({}, { conditions: ["used"] })).toBe("/used-cars-for-sale");
    expect(formatSearchPath({ bodyStyle: "suvs" }, { conditions: ["used", "certified"] })).toBe("/cars-for-sale/suvs");
    expect(formatSearchPath({ condition: "certified" }, { conditions: ["used", "certified"] })).toBe(
      "/certified-cars-for-sale",
    );
  });

  it("leaves out what the path cannot hold: a model without make, a price with both ends, a fourth segment", () => {
    expect(formatSearchPath({ model: "camry" })).toBe("/cars-for-sale");
    expect(formatSearchPath({ priceMin: 10000, priceMax: 20000 })).toBe("/cars-for-sale");
    expect(pathCanHoldPrice({ priceMin: 10000, priceMax: 20000 })).toBe(false);
    expect(formatSearchPath({ bodyStyle: "suvs", make: "toyota", feature: "price-drop", priceMax: 1 })).toBe(
      "/cars-for-sale/suvs/toyota/price-drop",
    );
  });

  it("writes non-canonical values as slugs and prices as whole numbers", () => {
    expect(formatSearchPath({ bodyStyle: "SUVs", make: "Mercedes-Benz", model: "C Class", priceMax: 19999.5 })).toBe(
      "/cars-for-sale/suvs/mercedes-benz-c-class/price-under-20000",
    );
  });
});

describe("search path round trips", () => {
  it("parse(format(f)) = f for every canonical filter set over a generated catalogue, the store's only condition made explicit", () => {
    const scenario = fc
      .tuple(catalogueArb, conditionsArb)
      .chain(([catalogue, conditions]) =>
        filtersArb(catalogue, conditions).map((filters) => ({ catalogue, conditions, filters })),
      );
    fc.assert(
      fc.property(scenario, ({ catalogue, conditions, filters }) => {
        const path = formatSearchPath(filters, { conditions });
        const expected: SearchFilters = { ...filters };
        const condition = expectedCondition(filters, conditions);
        if (condition) expected.condition = condition;
        expect(parseSearchPath(path, catalogue, { conditions })).toStrictEqual(expected);
      }),
      RUNS,
    );
  });

  it("format(parse(p)) is canonical and idempotent for any order, case and trailing slash of a path's segments", () => {
    const scenario = fc.tuple(catalogueArb, conditionsArb).chain(([catalogue, conditions]) =>
      fc.record({
        catalogue: fc.constant(catalogue),
        conditions: fc.constant(conditions),
        filters: filtersArb(catalogue, conditions),
        order: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        trailingSlash: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ catalogue, conditions, filters, order, flips, trailingSlash }) => {
        const original = formatSearchPath(filters, { conditions });
        const [prefix = "", ...segments] = original.slice(1).split("/");
        const shuffled = segments
          .map((segment, i) => ({ segment, key: order[i] ?? 0 }))
          .sort((a, b) => a.key - b.key)
          .map((s) => s.segment);
        const messy = `/${recase([prefix, ...shuffled].join("/"), flips)}${trailingSlash ? "/" : ""}`;
        const parsed = parseSearchPath(messy, catalogue, { conditions });
        expect(parsed).not.toBeNull();
        const canonical = formatSearchPath(parsed as SearchFilters, { conditions });
        expect(canonical).toBe(original);
        expect(canonical).toBe(canonical.toLowerCase());
        expect(canonical.endsWith("/")).toBe(false);
        const again = parseSearchPath(canonical, catalogue, { conditions }) as SearchFilters;
        const condition = expectedCondition(parsed as SearchFilters, conditions);
        expect(again).toStrictEqual(condition ? { ...parsed, condition } : parsed);
        expect(formatSearchPath(again, { conditions })).toBe(canonical);
      }),
      RUNS,
    );
  });

  it("every reachable make and make-model of a catalogue parses back from its own segment", () => {
    fc.assert(
      fc.property(catalogueArb, (catalogue) => {
        for (const entry of reachable(catalogue)) {
          const path = `/cars-for-sale/${makeModelSegment(entry.make, entry.model)}`;
          expect(parseSearchPath(path, catalogue)).toStrictEqual(entry);
        }
      }),
      RUNS,
    );
  });
});
