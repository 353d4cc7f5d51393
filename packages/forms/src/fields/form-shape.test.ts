import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkFormShape, FORM_SHAPE_LIMITS } from "./form-shape";

const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,11}$/).filter((k) => k !== "constructor");
const index = (max: number) => fc.integer({ min: 0, max }).map((n) => `[${n}]`);

/** A name of Conform's grammar: a key, then up to `depth - 1` more keys or list indexes. */
const nameOf = (depth: number, maxIndex: number) =>
  fc
    .tuple(
      key,
      fc.array(
        fc.oneof(
          key.map((k) => `.${k}`),
          index(maxIndex),
        ),
        { maxLength: depth - 1 },
      ),
    )
    .map(([first, rest]) => first + rest.join(""));

/** Anything a client can put in a name, including the grammar's delimiters in any order. */
const anyName = fc.oneof(
  nameOf(FORM_SHAPE_LIMITS.maxDepth + 4, 10 ** 9),
  fc.string({ unit: fc.constantFrom("a", ".", "[", "]", "0", "9", "_"), maxLength: 60 }),
  fc.string({ maxLength: 40 }),
);

/** How deep a parsed value goes, and the longest list in it. */
function measure(value: unknown): { depth: number; longestList: number } {
  if (Array.isArray(value) || (value !== null && typeof value === "object")) {
    const children = Object.values(value as object).map(measure);
    return {
      depth: 1 + Math.max(0, ...children.map((c) => c.depth)),
      longestList: Math.max(Array.isArray(value) ? value.length : 0, ...children.map((c) => c.longestList)),
    };
  }
  return { depth: 0, longestList: 0 };
}

describe("the shape of a posted form", () => {
  it("accepts every name of Conform's grammar within the limits (the names every form of the site posts)", () => {
    fc.assert(
      fc.property(
        fc.array(nameOf(FORM_SHAPE_LIMITS.maxDepth, FORM_SHAPE_LIMITS.maxListIndex), { maxLength: 50 }),
        (names) => {
          expect(checkFormShape(names)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
    expect(
      checkFormShape(["coBorrower.residences[9].city", "employments[0].monthlyIncome", "q100", "q100", "tags[]"]),
    ).toBeNull();
  });

  it("whatever names it accepts, Conform parses them without throwing into values no deeper and no longer than the limits", () => {
    fc.assert(
      fc.property(fc.array(anyName, { maxLength: 30 }), (names) => {
        fc.pre(checkFormShape(names) === null);
        const form = new FormData();
        for (const name of names) form.append(name, "1");
        const submission = parseWithZod(form, { schema: z.any() });
        const { depth, longestList } = measure(submission.payload);
        expect(depth).toBeLessThanOrEqual(FORM_SHAPE_LIMITS.maxDepth);
        expect(longestList).toBeLessThanOrEqual(Math.max(FORM_SHAPE_LIMITS.maxListIndex + 1, names.length));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a list index above the limit, a name deeper or longer than the limit, and too many fields, never repeating the name", () => {
    const refusals: [string[], string][] = [
      [["x[10000000]"], "indexTooLarge"],
      [[`x[${FORM_SHAPE_LIMITS.maxListIndex + 1}]`], "indexTooLarge"],
      [["x[0000000000000000000001]"], "indexTooLarge"],
      [[`a${".b".repeat(FORM_SHAPE_LIMITS.maxDepth)}`], "tooDeep"],
      [[`a${".b".repeat(2000)}`], "nameTooLong"],
      [["n".repeat(FORM_SHAPE_LIMITS.maxNameLength + 1)], "nameTooLong"],
      [Array.from({ length: FORM_SHAPE_LIMITS.maxFields + 1 }, () => "spam"), "tooManyFields"],
      [["a..b"], "badName"],
      [[".a"], "badName"],
      [["a."], "badName"],
      [["a[b]"], "badName"],
      [["__proto__.polluted"], "badName"],
      [["a.constructor.prototype"], "badName"],
    ];
    for (const [names, kind] of refusals) {
      const problem = checkFormShape(names);
      expect(problem?.kind, names[0]).toBe(kind);
      if ((names[0] ?? "").length > 3) expect(problem?.message).not.toContain(names[0]);
    }
  });

  it("refuses any name whose list index is above the limit, wherever the index stands", () => {
    fc.assert(
      fc.property(
        nameOf(3, FORM_SHAPE_LIMITS.maxListIndex),
        fc.integer({ min: FORM_SHAPE_LIMITS.maxListIndex + 1, max: Number.MAX_SAFE_INTEGER }),
        nameOf(3, FORM_SHAPE_LIMITS.maxListIndex),
        (before, big, after) => {
          expect(checkFormShape([`${before}[${big}].${after}`])?.kind).toBe("indexTooLarge");
        },
      ),
      { numRuns: 300 },
    );
  });
});
