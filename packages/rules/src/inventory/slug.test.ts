import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSlug, slugify, transliteratedSlug } from "./slug";

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

  it("gives every text, ASCII or not, the slug of the full transliteration (the ASCII shortcut changes no answer)", () => {
    const ascii = fc.string({
      // Letters and the punctuation slugify treats specially drawn often; any other ASCII unit too.
      unit: fc.oneof(
        fc.constantFrom(..."aZ09 -_.'`("),
        fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      ),
      maxLength: 30,
    });
    const names = fc.constantFrom(
      "Mercedes-Benz",
      "land rover",
      "F-150",
      "o'neil",
      "d`arc",
      "--",
      "Citroën",
      "ﬁat",
      "Straße",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(ascii, names, fc.string({ unit: "grapheme", maxLength: 8 })), { maxLength: 4 }),
        (parts) => {
          const text = parts.join(" ");
          expect(slugify(text)).toBe(transliteratedSlug(text));
        },
      ),
      { numRuns: 1000 },
    );
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
