import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextPage, pageCount, pageExists, pageOffset, pageWindow } from "./pagination";
import { ITEMS_PER_PAGE } from "./rules";

describe("pagination", () => {
  it("shows 19 vehicles a page", () => {
    expect(ITEMS_PER_PAGE).toBe(19);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(19)).toBe(1);
    expect(pageCount(20)).toBe(2);
    expect(pageWindow(3)).toStrictEqual({ offset: 38, limit: 19 });
    expect(nextPage(1, 20)).toBe(2);
    expect(nextPage(2, 20)).toBeNull();
    expect(pageExists(3, 20)).toBe(false);
  });

  it("the pages' windows cover every result exactly once, and Show more stops at the last page", () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), fc.integer({ min: 1, max: 60 }), (total, perPage) => {
        const pages = pageCount(total, perPage);
        const seen: number[] = [];
        const wrong: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const { offset, limit } = pageWindow(page, perPage);
          if (offset !== pageOffset(page, perPage)) wrong.push(`offset of page ${page}`);
          for (let i = offset; i < Math.min(offset + limit, total); i++) seen.push(i);
          if (nextPage(page, total, perPage) !== (page < pages ? page + 1 : null)) wrong.push(`next of page ${page}`);
          if (!pageExists(page, total, perPage)) wrong.push(`page ${page} missing`);
        }
        expect(wrong).toStrictEqual([]);
        expect(seen).toStrictEqual(Array.from({ length: total }, (_, i) => i));
        expect(pageExists(pages + 1, total, perPage)).toBe(false);
        if (total > 0) expect(pageWindow(pages, perPage).offset).toBeLessThan(total);
      }),
      { numRuns: 200 },
    );
  });
});
