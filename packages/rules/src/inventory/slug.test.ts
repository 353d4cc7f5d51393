import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSlug, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Mercedes-Benz", "mercedes-benz"],
    ["C-Class", "c-class"],
    ["Citroën C4 Picasso", "citroen-c4-picasso"],
    ["Škoda Octavia", "skoda-octavia"],
    ["Straße", "strasse"],
    ["Land  Rover -- Range_Rover", "land-rover-range-rover"],
    ["F-150 XLT 4x4 (SuperCrew)", "f-150-xlt-4x4-supercrew"],
    ["Rock 'n' Roll’s", "rock-n-rolls"],
    ["  --2.0T Premium Plus--  ", "2-0t-premium-plus"],
    ["ＡＢＣ", "abc"],
    ["Москва", ""],
  ])("%s → %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("answers a canonical slug or nothing, and slugifying it again changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        const slug = slugify(text);
        expect(slug === "" || isSlug(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 500 },
    );
  });
});
