import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shownValues } from "./shown-values";

describe("shownValues", () => {
  it("property: every shown value is a string or absent, and a field posted several times shows its last value", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1 }),
          fc.oneof(fc.string(), fc.array(fc.string()), fc.integer(), fc.constant(null)),
        ),
        (posted) => {
          const shown = shownValues(posted);
          for (const [name, value] of Object.entries(posted)) {
            const expected = typeof value === "string" ? value : Array.isArray(value) ? value.at(-1) : undefined;
            expect(shown[name]).toBe(expected);
          }
        },
      ),
    );
  });

  it("shows nothing for a missing reply", () => {
    expect(shownValues(undefined)).toEqual({});
  });
});
