import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyStringArb, queryArb } from "./arbitraries.test-support";
import {
  ALL_STORES,
  formatSearchQuery,
  MAX_LIST_VALUES,
  QUERY_PARAMS,
  type SearchQuery,
  searchSortOption,
} from "./search-query";
import { parseSearchQuery } from "./search-query-parse";

const RUNS = { numRuns: 300 };

function withoutDropped(parsed: ReturnType<typeof parseSearchQuery>) {
  const { dropped: _dropped, ...query } = parsed;
  return query;
}

describe("parseSearchQuery", () => {
  it("reads the spec's mileage=null,85000 as a maximum of 85,000 miles", () => {
    const query = parseSearchQuery("mileage=null,85000");
    expect(query.mileage).toStrictEqual({ max: 85000 });
    expect(query.dropped).toStrictEqual([]);
  });

  it("defaults to priceLow, page 1 and no filters", () => {
    expect(parseSearchQuery("")).toStrictEqual({
      sort: "priceLow",
      page: 1,
      fuel: [],
      transmission: [],
      exteriorColor: [],
      drivetrain: [],
      dropped: [],
    });
  });

  it("reads ranges, lists, text, sort and page", () => {
    const query = parseSearchQuery(
      "?year=2018,null&price=5000,25000&fuel=Hybrid&fuel=gasoline,electric&transmission=automatic&exteriorColor=Midnight Blue&drivetrain=AWD,4wd&q=  camry   se &sort=PRICEHIGH&page=3&utm_source=mail",
    );
    expect(withoutDropped(query)).toStrictEqual({
      sort: "priceHigh",
      page: 3,
      year: { min: 2018 },
      price: { min: 5000, max: 25000 },
      fuel: ["electric", "gasoline", "hybrid"],
      transmission: ["automatic"],
      exteriorColor: ["midnight-blue"],
      drivetrain: ["4wd", "awd"],
      q: "camry se",
    });
    expect(query.dropped).toStrictEqual([]);
  });

  it.each([
    ["sort=cheapest", "sort", "Sort must be one of newest, oldest, mileage, year, priceHigh, priceLow"],
    ["page=0", "page", "Page must be a whole number from 1 to 10000"],
    ["page=two", "page", "Page must be a whole number from 1 to 10000"],
    ["page=10001", "page", "Page must be a whole number from 1 to 10000"],
    ["shown=0", "shown", "Shown pages must be a whole number from 1 to 20"],
    ["shown=21", "shown", "Shown pages must be a whole number from 1 to 20"],
    ["shown=all", "shown", "Shown pages must be a whole number from 1 to 20"],
    ["mileage=85000", "mileage", "Mileage takes two values, min,max (null for an open end)"],
    ["mileage=a,5", "mileage", "Mileage must be a whole number from 0 to 2000000"],
    ["mileage=90000,85000", "mileage", "Mileage minimum is above its maximum"],
    ["year=1850,2000", "year", "Year must be a whole number from 1900 to 2100"],
    ["price=-5,100", "price", "Price must be a whole number from 0 to 10000000"],
    ["fuel=%E2%9C%93", "fuel", "fuel values are words of letters and digits"],
    ["store=brentwood", "store", "Store must be all (every store); without it the search is at your store"],
    ["store=", "store", "Store must be all (every store); without it the search is at your store"],
    [`q=${"x".repeat(101)}`, "q", "Search text is limited to 100 characters"],
    ["sort=newest&sort=oldest", "sort", "sort is given more than once; the first is used"],
  ])("%s is dropped with a reason", (search, param, reason) => {
    const query = parseSearchQuery(search);
    expect(query.dropped).toContainEqual(expect.objectContaining({ param, reason }));
    const first = new URLSearchParams(search).getAll(param).length > 1;
    if (!first) expect(formatSearchQuery(query)).not.toContain(`${param}=`);
  });

  it("reads how many pages Show more has shown, leaving out one page", () => {
    expect(parseSearchQuery("page=2&shown=3")).toMatchObject({ page: 2, shown: 3, dropped: [] });
    expect(parseSearchQuery("shown=1")).not.toHaveProperty("shown");
    expect(formatSearchQuery({ sort: "priceLow", page: 1, shown: 3 })).toBe("shown=3");
    expect(formatSearchQuery({ sort: "newest", page: 2, shown: 2 })).toBe("sort=newest&page=2&shown=2");
    expect(formatSearchQuery({ sort: "priceLow", page: 1, shown: 1 })).toBe("");
  });

  it("reads store=all (any case) as a search at every store, first in the canonical query (ADR 400)", () => {
    expect(parseSearchQuery("q=camry&store=ALL")).toMatchObject({ store: "all", q: "camry", dropped: [] });
    expect(parseSearchQuery("q=camry")).not.toHaveProperty("store");
    expect(formatSearchQuery({ sort: "newest", page: 2, q: "camry", store: "all" })).toBe(
      "store=all&q=camry&sort=newest&page=2",
    );
    expect(formatSearchQuery({ sort: "priceLow", page: 1, store: "all" })).toBe("store=all");
  });

  it("keeps at most the allowed number of list values", () => {
    const values = Array.from({ length: MAX_LIST_VALUES + 2 }, (_, i) => `c${String(i).padStart(2, "0")}`);
    const query = parseSearchQuery(`exteriorColor=${values.join(",")}`);
    expect(query.exteriorColor).toHaveLength(MAX_LIST_VALUES);
    expect(query.dropped).toHaveLength(1);
  });

  it("never throws and always answers a usable query, whatever the string", () => {
    const paramish = fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_PARAMS), fc.string()),
          fc.oneof(fc.string(), fc.constantFrom("null,5", ",", "1,2,3", "%")),
        ),
        { maxLength: 8 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
    fc.assert(
      fc.property(fc.oneof(anyStringArb, paramish), (search) => {
        const query = parseSearchQuery(search);
        expect(Number.isSafeInteger(query.page) && query.page >= 1).toBe(true);
        expect(searchSortOption(query.sort).value).toBe(query.sort);
        for (const range of [query.price, query.mileage, query.year]) {
          if (range?.min !== undefined && range.max !== undefined) expect(range.min).toBeLessThanOrEqual(range.max);
        }
      }),
      RUNS,
    );
  });
});

describe("query round trips", () => {
  it("parse(format(q)) = q with nothing dropped, for every canonical query", () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const parsed = parseSearchQuery(formatSearchQuery(query));
        expect(parsed.dropped).toStrictEqual([]);
        expect(withoutDropped(parsed)).toStrictEqual(query);
      }),
      RUNS,
    );
  });

  it("store=all survives every round trip: parse(format(q with store=all)) keeps it, and without it none appears", () => {
    fc.assert(
      fc.property(queryArb, fc.boolean(), (drawn, everyStore) => {
        const { store: _store, ...oneStore } = drawn;
        const query: SearchQuery = everyStore ? { ...oneStore, store: ALL_STORES } : oneStore;
        const text = formatSearchQuery(query);
        expect(new URLSearchParams(text).getAll("store")).toStrictEqual(everyStore ? [ALL_STORES] : []);
        const parsed = parseSearchQuery(text);
        expect(parsed.dropped).toStrictEqual([]);
        expect(withoutDropped(parsed)).toStrictEqual(query);
        expect(formatSearchQuery(parsed)).toBe(text);
      }),
      RUNS,
    );
  });

  it("format(parse(s)) is canonical: formatting its parse again gives the same string", () => {
    const pieces = fc
      .array(
        fc.tuple(
          fc.constantFrom(...QUERY_PARAMS),
          fc.oneof(
            fc.string(),
            fc.constantFrom("null,85000", "2018,", "Hybrid,diesel", "priceHigh", "2", " a  b ", "all", "All"),
          ),
        ),
        { maxLength: 10 },
      )
      .map((pairs) => new URLSearchParams(pairs).toString());
    fc.assert(
      fc.property(pieces, (search) => {
        const canonical = formatSearchQuery(parseSearchQuery(search));
        expect(formatSearchQuery(parseSearchQuery(canonical))).toBe(canonical);
        expect(parseSearchQuery(canonical).dropped).toStrictEqual([]);
        const keys = [...new URLSearchParams(canonical).keys()];
        const order = keys.map((k) => QUERY_PARAMS.indexOf(k as (typeof QUERY_PARAMS)[number]));
        expect(order).toStrictEqual([...order].sort((a, b) => a - b));
        expect(new Set(keys).size).toBe(keys.length);
      }),
      RUNS,
    );
  });

  it("formats in the fixed order with bare commas, leaving out the default sort and page 1", () => {
    expect(
      formatSearchQuery({
        page: 1,
        sort: "priceLow",
        fuel: ["hybrid", "Gasoline"],
        mileage: { max: 85000 },
        q: "f-150 xlt",
        price: { min: 10000 },
      }),
    ).toBe("q=f-150+xlt&price=10000,null&mileage=null,85000&fuel=gasoline,hybrid");
    expect(formatSearchQuery({ sort: "newest", page: 2 })).toBe("sort=newest&page=2");
  });
});

describe("sort options", () => {
  it("offers the spec's search sorts with priceLow by default, each with what to order by", () => {
    expect(searchSortOption(undefined)).toMatchObject({ value: "priceLow", field: "price", direction: "asc" });
    expect(searchSortOption("priceHigh")).toMatchObject({ field: "price", direction: "desc" });
    expect(searchSortOption("mileage")).toMatchObject({ field: "mileage", direction: "asc" });
  });
});
