import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyStringArb,
  catalogueArb,
  conditionsArb,
  expectedCondition,
  reachable,
  recase,
  sampleCatalogue,
  vinArb,
} from "./arbitraries.test-support";
import type { Catalogue } from "./catalogue";
import { legacyRedirect } from "./legacy-redirect";
import { defaultInventoryRules } from "./rules";
import { type Condition, formatSearchPath, parseSearchPath, type SearchFilters } from "./search-path";
import { parseVehiclePath } from "./vehicle-path";

describe("legacyRedirect", () => {
  it.each<[string, readonly Condition[] | undefined, string]>([
    ["/search-vehicles", undefined, "/cars-for-sale"],
    ["/search-vehicles", ["used", "certified"], "/cars-for-sale"],
    ["/search-vehicles", ["used"], "/used-cars-for-sale"],
    ["/search-vehicles/", ["certified"], "/certified-cars-for-sale"],
    ["/search-vehicles/used-inventory", undefined, "/used-cars-for-sale"],
    ["/search-vehicles/all-inventory", undefined, "/cars-for-sale"],
    ["/search-vehicles/all-inventory", ["used"], "/used-cars-for-sale"],
    ["/search-vehicles/new-inventory", ["used", "certified"], "/cars-for-sale"],
    [
      "/search-vehicles/all-inventory/make-model/mercedes_benz/c_class",
      undefined,
      "/cars-for-sale/mercedes-benz-c-class",
    ],
    [
      "/search-vehicles/used-inventory/make_model/Land_Rover/Range_Rover_Sport",
      undefined,
      "/used-cars-for-sale/land-rover-range-rover-sport",
    ],
    ["/search-vehicles/all-inventory/make-model/toyota", undefined, "/cars-for-sale/toyota"],
    ["/search-vehicles/all-inventory/make/land_rover", undefined, "/cars-for-sale/land-rover"],
    ["/search-vehicles/all-inventory/make/toyota/camry", undefined, "/cars-for-sale/toyota"],
    ["/search-vehicles/certified-inventory/price_max/20000", undefined, "/certified-cars-for-sale/price-under-20000"],
    ["/search-vehicles/used-inventory/price_min/15000", undefined, "/used-cars-for-sale/price-over-15000"],
    ["/search-vehicles/all-inventory/price_max/19999.50", undefined, "/cars-for-sale/price-under-20000"],
    ["/search-vehicles/all-inventory/price_min/20%2C000", undefined, "/cars-for-sale/price-over-20000"],
    ["/search-vehicles/all-inventory/great_deals/price_drop", undefined, "/cars-for-sale/price-drop"],
    ["/search-vehicles/used-inventory/great_deals/premium_upgrades", undefined, "/used-cars-for-sale/premium-upgrades"],
    ["/search-vehicles/all-inventory/bodystyle/SUVs", undefined, "/cars-for-sale/suvs"],
    ["/Search-Vehicles/ALL-INVENTORY/bodystyle/Minivans/", undefined, "/cars-for-sale/minivans"],
    [
      "/used-vehicle/2019/toyota-camry-se/4t1b11hk5ku123456",
      undefined,
      "/used-cars-for-sale/2019-toyota-camry-se-4T1B11HK5KU123456",
    ],
    [
      "/new-vehicle/2024/Ford_F-150_XLT/1FTFW1E50PFA12345",
      undefined,
      "/new-cars-for-sale/2024-ford-f-150-xlt-1FTFW1E50PFA12345",
    ],
    [
      "/certified-vehicle/2020/%3F%3F/1HGCM82633A004352",
      undefined,
      "/certified-cars-for-sale/2020-vehicle-1HGCM82633A004352",
    ],
  ])("%s (conditions %j) → %s", (from, conditions, to) => {
    expect(legacyRedirect(from, { conditions })).toBe(to);
  });

  it.each([
    "/",
    "/cars-for-sale",
    "/search-vehicles-now",
    "/search-vehicles/old-inventory",
    "/search-vehicles/all-inventory/make",
    "/search-vehicles/all-inventory/price_max/cheap",
    "/search-vehicles/all-inventory/make/%3F%3F",
    "/search-vehicles/all-inventory/make-model/toyota/camry/extra",
    "/used-vehicle/2019/toyota-camry",
    "/used-vehicle/19/toyota-camry/4T1B11HK5KU123456",
    "/used-vehicle/2019/toyota-camry/4T1B11HK5KU12345O",
    "/all-vehicle/2019/toyota-camry/4T1B11HK5KU123456",
    "/used-vehicle/2019/toyota-camry/4T1B11HK5KU123456/photos",
  ])("%s is not an old path", (path) => {
    expect(legacyRedirect(path)).toBeNull();
  });

  const legacySearchArb = (catalogue: Catalogue) => {
    const entries = reachable(catalogue);
    const rules = defaultInventoryRules;
    const underscored = (slug: string) => slug.replace(/-/g, "_");
    const filter: fc.Arbitrary<{ path: string; filters: SearchFilters }> = fc.oneof(
      fc.constant({ path: "", filters: {} }),
      fc
        .constantFrom(...rules.bodyStyles)
        .map((b) => ({ path: `/bodystyle/${b.name}`, filters: { bodyStyle: b.slug } })),
      fc.constantFrom(...rules.features).map((f) => ({ path: `/${f.legacy}`, filters: { feature: f.slug } })),
      fc.nat({ max: 10_000_000 }).map((n) => ({ path: `/price_max/${n}`, filters: { priceMax: n } })),
      fc.nat({ max: 10_000_000 }).map((n) => ({ path: `/price_min/${n}`, filters: { priceMin: n } })),
      ...(entries.length === 0
        ? []
        : [
            fc.constantFrom(...entries).map((e) => ({
              path: e.model
                ? `/make-model/${underscored(e.make)}/${underscored(e.model)}`
                : `/make/${underscored(e.make)}`,
              filters: { ...e },
            })),
          ]),
    );
    return fc.record({
      inventory: fc.constantFrom("all", "used", "new", "certified"),
      filter,
      bare: fc.boolean(),
      flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      slash: fc.boolean(),
    });
  };

  it("every old search path maps, in one hop, to a canonical search path that parses to its filter", () => {
    const scenario = fc
      .tuple(fc.oneof(fc.constant(sampleCatalogue), catalogueArb), conditionsArb)
      .chain(([catalogue, conditions]) =>
        legacySearchArb(catalogue).map((legacy) => ({ catalogue, conditions, legacy })),
      );
    fc.assert(
      fc.property(scenario, ({ catalogue, conditions, legacy }) => {
        const { inventory, filter, bare, flips, slash } = legacy;
        const old =
          bare && filter.path === "" ? "/search-vehicles" : `/search-vehicles/${inventory}-inventory${filter.path}`;
        const target = legacyRedirect(`${recase(old, flips)}${slash ? "/" : ""}`, { conditions });
        expect(target).not.toBeNull();
        const parsed = parseSearchPath(target as string, catalogue, { conditions });
        expect(parsed).not.toBeNull();
        const sold =
          inventory !== "all" &&
          !(bare && filter.path === "") &&
          (!conditions || conditions.includes(inventory as Condition));
        const expected: SearchFilters = { ...filter.filters };
        const condition = expectedCondition(sold ? { condition: inventory as Condition } : {}, conditions);
        if (condition) expected.condition = condition;
        expect(parsed).toStrictEqual(expected);
        expect(formatSearchPath(parsed as SearchFilters, { conditions })).toBe(target);
      }),
      { numRuns: 300 },
    );
  });

  it("every old detail path maps to a detail path that parses to the same condition, year and VIN", () => {
    const old = fc.record({
      condition: fc.constantFrom("used", "new", "certified"),
      year: fc.integer({ min: 1900, max: 2100 }),
      slug: fc.string({ maxLength: 30 }),
      vin: vinArb,
      flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(old, ({ condition, year, slug, vin, flips }) => {
        const path = `/${condition}-vehicle/${year}/${encodeURIComponent(slug) || "x"}/${recase(vin, flips)}`;
        const target = legacyRedirect(path);
        expect(target).not.toBeNull();
        expect(parseVehiclePath(target as string)).toMatchObject({ condition, year, vin });
      }),
      { numRuns: 300 },
    );
  });

  it("never throws, whatever the string", () => {
    const pathLike = fc
      .array(
        fc.oneof(
          fc.string(),
          fc.constantFrom("search-vehicles", "all-inventory", "used-vehicle", "make-model", "price_max", "%"),
        ),
        {
          maxLength: 6,
        },
      )
      .map((parts) => `/${parts.join("/")}`);
    fc.assert(
      fc.property(fc.oneof(anyStringArb, pathLike), conditionsArb, (path, conditions) => {
        const target = legacyRedirect(path, { conditions });
        expect(target === null || target.startsWith("/")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
