import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyStringArb } from "./arbitraries.test-support";
import { isIndexable, robotsContent } from "./indexing";

const filterPages = [
  "https://www.example-motors.com/cars-for-sale",
  "https://www.example-motors.com/cars-for-sale/suvs",
  "/used-cars-for-sale/toyota-camry/",
];

describe("indexing", () => {
  it.each([
    ["/cars-for-sale", true],
    ["/cars-for-sale/suvs", true],
    ["/cars-for-sale/suvs/", true],
    ["https://www.example-motors.com/cars-for-sale/suvs#results", true],
    ["/used-cars-for-sale/toyota-camry", true],
    ["/cars-for-sale/suvs?sort=newest", false],
    ["/cars-for-sale?page=2", false],
    ["/cars-for-sale/sedans", false],
    ["/Cars-For-Sale/SUVs", false],
  ])("%s is indexable: %s", (url, indexable) => {
    expect(isIndexable(url, filterPages)).toBe(indexable);
  });

  it("a bare question mark is no query", () => {
    expect(isIndexable("/cars-for-sale?", filterPages)).toBe(true);
  });

  it("a URL with any query parameter is never indexable, whatever the list says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...filterPages),
        fc.string({ minLength: 1 }).filter((s) => !s.includes("#")),
        (page, query) => {
          expect(isIndexable(`${new URL(page, "http://localhost").pathname}?${query}`, filterPages)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never throws, whatever the string", () => {
    fc.assert(
      fc.property(anyStringArb, fc.array(anyStringArb), (url, pages) => {
        expect(typeof isIndexable(url, pages)).toBe("boolean");
      }),
      { numRuns: 200 },
    );
  });

  it("robots always allow follow, large image previews, unlimited snippets and video previews", () => {
    expect(robotsContent(true)).toBe("index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1");
    expect(robotsContent(false)).toBe("noindex, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1");
  });
});
