import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  catalogueArb,
  conditionsArb,
  expectedCondition,
  filtersArb,
  queryArb,
  sampleCatalogue,
} from "./arbitraries.test-support";
import { type SearchCriteria, searchCriteria, searchHref } from "./search-criteria";
import { MAX_FILTER_SEGMENTS, parseSearchPath, type SearchFilters } from "./search-path";
import { parseSearchQuery } from "./search-query-parse";

function criteriaOf(href: string, catalogue = sampleCatalogue, conditions?: Parameters<typeof parseSearchPath>[2]) {
  const [path = "", search = ""] = href.split("?");
  const filters = parseSearchPath(path, catalogue, conditions);
  if (!filters) return null;
  const { dropped, ...query } = parseSearchQuery(search);
  expect(dropped).toStrictEqual([]);
  return searchCriteria(filters, query);
}

describe("search criteria", () => {
  it("a price bound in the query replaces the same bound of the path; the other ends combine", () => {
    const base = { sort: "priceLow", page: 1, fuel: [], transmission: [], exteriorColor: [], drivetrain: [] };
    expect(searchCriteria({ priceMax: 20000 }, { ...base, price: { max: 30000 } }).price).toStrictEqual({ max: 30000 });
    expect(searchCriteria({ priceMax: 20000 }, { ...base, price: { min: 5000 } }).price).toStrictEqual({
      min: 5000,
      max: 20000,
    });
    expect(searchCriteria({}, base)).not.toHaveProperty("price");
  });

  it("puts a single price bound in the path while there is room, and the rest in the query", () => {
    const base = { sort: "priceLow", page: 1, fuel: [], transmission: [], exteriorColor: [], drivetrain: [] };
    expect(searchHref({ ...base, bodyStyle: "suvs", price: { max: 20000 } })).toBe(
      "/cars-for-sale/suvs/price-under-20000",
    );
    expect(searchHref({ ...base, price: { min: 10000, max: 20000 } })).toBe("/cars-for-sale?price=10000,20000");
    expect(
      searchHref({
        ...base,
        bodyStyle: "suvs",
        make: "toyota",
        feature: "price-drop",
        price: { max: 20000 },
        sort: "newest",
        page: 2,
      }),
    ).toBe("/cars-for-sale/suvs/toyota/price-drop?price=null,20000&sort=newest&page=2");
    expect(
      searchHref({ ...base, condition: "used", mileage: { max: 85000 } }, { conditions: ["used", "certified"] }),
    ).toBe("/used-cars-for-sale?mileage=null,85000");
  });

  it("searchHref round-trips every search: its path and query parse back to the same criteria", () => {
    const scenario = fc.tuple(catalogueArb, conditionsArb).chain(([catalogue, conditions]) =>
      fc.record({
        catalogue: fc.constant(catalogue),
        conditions: fc.constant(conditions),
        filters: filtersArb(catalogue, conditions),
        query: queryArb,
        pathPrice: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ catalogue, conditions, filters, query, pathPrice }) => {
        // Either the query's price stands, or the filters' single bound does (moved into the criteria).
        const { priceMin, priceMax, ...rest } = filters;
        const price =
          pathPrice && (priceMin !== undefined || priceMax !== undefined)
            ? { min: priceMin, max: priceMax }
            : query.price;
        const criteria: SearchCriteria = { ...rest, ...query };
        delete criteria.price;
        if (price) criteria.price = JSON.parse(JSON.stringify(price));
        const href = searchHref(criteria, { conditions });
        const back = criteriaOf(href, catalogue, { conditions });
        const condition = expectedCondition(filters, conditions);
        expect(back).toStrictEqual(condition ? { ...criteria, condition } : criteria);
        expect(href.split("?")[0]?.split("/").length).toBeLessThanOrEqual(2 + MAX_FILTER_SEGMENTS);
        expect(searchHref(back as SearchCriteria, { conditions })).toBe(href);
      }),
      { numRuns: 300 },
    );
  });

  it("an all-stores search keeps ?store=all through searchHref, and its criteria say so (ADR 400)", () => {
    const criteria = criteriaOf("/cars-for-sale/suvs/toyota?store=all&q=awd");
    expect(criteria).toMatchObject({ bodyStyle: "suvs", make: "toyota", q: "awd", store: "all" });
    expect(searchHref(criteria as SearchCriteria)).toBe("/cars-for-sale/suvs/toyota?store=all&q=awd");
    expect(searchHref({ ...(criteria as SearchCriteria), store: undefined })).toBe("/cars-for-sale/suvs/toyota?q=awd");
  });

  it("a non-canonical URL and its canonical href describe the same search", () => {
    const messy = "/Cars-For-Sale/price-under-25000/SUVS/?sort=NEWEST&fuel=hybrid,Gasoline&page=1&utm_source=x";
    const [path = "", search = ""] = messy.split("?");
    const filters = parseSearchPath(path, sampleCatalogue) as SearchFilters;
    const criteria = searchCriteria(filters, parseSearchQuery(search));
    const href = searchHref(criteria);
    expect(href).toBe("/cars-for-sale/suvs/price-under-25000?fuel=gasoline,hybrid&sort=newest");
    expect(criteria).not.toHaveProperty("dropped");
    expect(criteriaOf(href)).toStrictEqual(criteria);
  });
});
