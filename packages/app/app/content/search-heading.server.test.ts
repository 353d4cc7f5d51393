import { defaultInventoryRules, type SearchFilters } from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchHeading } from "./search-heading.server";

const MAKES = [
  ["toyota", "Toyota"],
  ["mercedes-benz", "Mercedes-Benz"],
  ["honda", "Honda"],
] as const;
const MODELS = [
  ["camry", "Camry"],
  ["cr-v", "CR-V"],
  ["gle-class", "GLE-Class"],
] as const;

const filtersArb = fc.record(
  {
    condition: fc.constantFrom("used", "certified"),
    bodyStyle: fc.constantFrom(...defaultInventoryRules.bodyStyles.map((b) => b.slug)),
    make: fc.constantFrom(...MAKES.map(([slug]) => slug)),
    model: fc.constantFrom(...MODELS.map(([slug]) => slug)),
    feature: fc.constantFrom(...defaultInventoryRules.features.map((f) => f.slug)),
    priceMax: fc.constantFrom(15_000, 20_000, 30_000),
    priceMin: fc.constantFrom(10_000, 25_000),
  },
  { requiredKeys: [] },
);

const headingOf = (filters: SearchFilters, page = 1) =>
  searchHeading({
    filters: filters.model && !filters.make ? { ...filters, model: undefined } : filters,
    makeName: MAKES.find(([slug]) => slug === filters.make)?.[1],
    modelName: MODELS.find(([slug]) => slug === filters.model)?.[1],
    conditions: ["used", "certified"],
    city: "Brentwood",
    state: "MO",
    page,
  });

const key = (f: SearchFilters) =>
  JSON.stringify([
    f.condition ?? "used",
    f.bodyStyle,
    f.make,
    f.make ? f.model : undefined,
    f.feature,
    f.priceMax,
    f.priceMin,
  ]);

describe("search page headings", () => {
  it("two filter sets that list different vehicles never share a heading (the words name every filter)", () => {
    fc.assert(
      fc.property(filtersArb, filtersArb, (a, b) => {
        if (key(a) !== key(b)) expect(headingOf(a).heading).not.toBe(headingOf(b).heading);
      }),
      { numRuns: 500 },
    );
  });

  it("a store without new cars calls an unfiltered list used; page 2 and later carry their number", () => {
    expect(headingOf({}).heading).toBe("Used Cars for Sale in Brentwood, MO");
    expect(headingOf({ bodyStyle: "suvs" }).heading).toBe("Used SUVs for Sale in Brentwood, MO");
    expect(headingOf({ make: "toyota", model: "camry" }).subject).toBe("Used Toyota Camry");
    expect(headingOf({ condition: "certified" }).subject).toBe("Certified Cars");
    expect(headingOf({ priceMax: 20_000 }).subject).toBe("Used Cars Under $20,000");
    expect(headingOf({ feature: "price-drop" }).subject).toBe("Used Cars with a Price Drop");
    expect(headingOf({}, 1).pageSuffix).toBe("");
    expect(headingOf({}, 3).pageSuffix).toBe(", Page 3");
    const both = searchHeading({ filters: {}, conditions: ["new", "used"], city: "Brentwood", state: "MO", page: 1 });
    expect(both.subject).toBe("Cars");
  });
});
