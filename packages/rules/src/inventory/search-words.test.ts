import fc from "fast-check";
import { describe, expect, it } from "vitest";
import data from "../../rules/search-words.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";
import {
  defaultSearchWords,
  drivetrainSlug,
  MAX_SEARCH_TERMS,
  mayForgiveTypo,
  nameWords,
  searchTerms,
  squeeze,
  withinOneEdit,
} from "./search-words";
import { searchWordsSchema } from "./search-words.schema";

/** Damerau distance (optimal string alignment) by the textbook table. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

const letters = fc.string({ unit: fc.constantFrom(..."abcdehnot"), maxLength: 8 });

/** One random Damerau edit of a word. */
const editArb = (word: string) =>
  fc
    .tuple(fc.nat(word.length), fc.constantFrom(..."abcdehnotz"), fc.integer({ min: 0, max: 3 }))
    .map(([at, c, kind]) => {
      const i = Math.min(at, Math.max(0, word.length - 1));
      if (kind === 0) return word.slice(0, at) + c + word.slice(at);
      if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
      if (kind === 2) return word.slice(0, i) + c + word.slice(i + 1);
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word;
    });

const AWD_SYNONYMS = [
  "awd",
  "AWD",
  "all-wheel drive",
  "All Wheel Drive",
  "4wd",
  "4x4",
  "4X4",
  "four-wheel drive",
  "four wheel drive",
];

describe("search words", () => {
  it("the table that ships validates against its schema", () => {
    expect(parseRuleFile(searchWordsSchema, data, "search-words.json")).toStrictEqual(defaultSearchWords);
  });

  it("the schema refuses a word that means nothing, a key with punctuation and an unknown drivetrain", () => {
    const broken = {
      ...data,
      words: { ...data.words, "all-wheel": { drivetrain: ["awd"] }, nothing: {}, sixwd: { drivetrain: ["6wd"] } },
    };
    expect(searchWordsSchema.safeParse(broken).success).toBe(false);
  });

  it("withinOneEdit agrees with the Damerau distance table: true exactly when the distance is at most 1", () => {
    fc.assert(fc.property(letters, letters, (a, b) => withinOneEdit(a, b) === distance(a, b) <= 1));
  });

  it("a word is within one edit of every single Damerau edit of it", () => {
    fc.assert(
      fc.property(
        letters.chain((w) => fc.tuple(fc.constant(w), editArb(w))),
        ([word, edited]) => withinOneEdit(word, edited) && withinOneEdit(edited, word),
      ),
    );
  });

  it("every AWD synonym, however spelled, is one term meaning all- or four-wheel drive", () => {
    for (const synonym of AWD_SYNONYMS) {
      const terms = searchTerms(synonym);
      expect(terms, synonym).toHaveLength(1);
      expect(terms[0]?.meaning?.drivetrain, synonym).toStrictEqual(["awd", "4wd"]);
    }
  });

  it("a phrase is found among other words, which keep their own terms", () => {
    expect(searchTerms("red all wheel drive honda").map((t) => t.text)).toStrictEqual([
      "red",
      "allwheeldrive",
      "honda",
    ]);
    expect(searchTerms("plug-in hybrid").map((t) => t.meaning?.fuel)).toStrictEqual([["plug-in-hybrid"]]);
  });

  it("terms are unique, at most eight, and every word of the query lands in one", () => {
    const words = fc.constantFrom("awd", "all", "wheel", "drive", "suv", "red", "hnda", "4x4", "f150", "ev", "ford");
    fc.assert(
      fc.property(fc.array(words, { maxLength: 14 }), (list) => {
        const terms = searchTerms(list.join(" "));
        const texts = terms.map((t) => t.text);
        expect(new Set(texts).size).toBe(texts.length);
        expect(terms.length).toBeLessThanOrEqual(MAX_SEARCH_TERMS);
        if (new Set(list).size <= MAX_SEARCH_TERMS / 2) {
          const joined = squeeze(list.join(""));
          for (const t of terms) expect(joined).toContain(squeeze(t.text));
        }
      }),
    );
  });

  it("a typo is forgiven only in a word of four or more letters and no digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (word) => {
        expect(mayForgiveTypo(word)).toBe(/^\p{L}+$/u.test(word) && [...word].length >= 4);
      }),
    );
    expect(searchTerms("hnda")[0]?.forgivesTypo).toBe(true);
    expect(searchTerms("kai")[0]?.forgivesTypo).toBe(false);
    expect(searchTerms("f250")[0]?.forgivesTypo).toBe(false);
    // A word of the table means what the table says, never a typo.
    expect(searchTerms("sedan")[0]?.forgivesTypo).toBe(false);
  });

  it("feed spellings of a drivetrain name its slug; an unknown one keeps its own slug", () => {
    expect(["AWD", "All-Wheel Drive", "all wheel drive"].map((s) => drivetrainSlug(s))).toStrictEqual([
      "awd",
      "awd",
      "awd",
    ]);
    expect(["4WD", "4x4", "Four-Wheel Drive"].map((s) => drivetrainSlug(s))).toStrictEqual(["4wd", "4wd", "4wd"]);
    expect(drivetrainSlug("Front-Wheel Drive")).toBe("fwd");
    expect(drivetrainSlug("6x6 Special")).toBe("6x6-special");
    expect(drivetrainSlug(null)).toBeNull();
    expect(drivetrainSlug(" - ")).toBeNull();
  });

  it("name words are each word of a name and the name squeezed", () => {
    expect(nameWords("Mercedes-Benz")).toStrictEqual(["mercedes", "benz", "mercedesbenz"]);
    expect(nameWords("CR-V")).toStrictEqual(["cr", "v", "crv"]);
    expect(nameWords("Honda")).toStrictEqual(["honda"]);
  });
});
