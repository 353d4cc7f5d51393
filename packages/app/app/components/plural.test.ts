import financing from "@showroom/fixtures/translations/en/financing.json" with { type: "json" };
import inventory from "@showroom/fixtures/translations/en/inventory.json" with { type: "json" };
import sellTrade from "@showroom/fixtures/translations/en/sell-trade.json" with { type: "json" };
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { durationText } from "./financing/credit-application/duration-text";
import { countText, translator } from "./i18n";
import {
  englishArticleForNumber,
  formatCount,
  isPluralForms,
  type PluralForms,
  pluralForm,
  type TextLanguage,
  withIndefiniteArticle,
} from "./plural";

const YEARS: PluralForms = { one: "{count} year", other: "{count} years" };
const SPANISH_YEARS: PluralForms = { one: "{count} año", many: "{count} de años", other: "{count} años" };
const language = fc.constantFrom<TextLanguage>("en", "es");

/** How English reads a whole number aloud, by groups of thousands: the reference the article rule must agree with. */
function spoken(n: number): string {
  const ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];
  const teens = ["twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
  const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
  const below1000 = (k: number): string => {
    if (k >= 100) return `${ones[Math.floor(k / 100)]} hundred${k % 100 ? ` ${below1000(k % 100)}` : ""}`;
    if (k < 12) return ones[k] as string;
    if (k < 20) return teens[k - 12] as string;
    return `${tens[Math.floor(k / 10)]}${k % 10 ? `-${ones[k % 10]}` : ""}`;
  };
  const scales = ["", " thousand", " million", " billion"];
  const groups: number[] = [];
  for (let rest = n; rest > 0 || groups.length === 0; rest = Math.floor(rest / 1000)) groups.unshift(rest % 1000);
  return groups
    .map((g, i) => (g === 0 && groups.length > 1 ? "" : `${below1000(g)}${scales[groups.length - 1 - i]}`))
    .filter(Boolean)
    .join(" ");
}

describe("plural forms", () => {
  it("property: in English, 1 takes the singular form and every other whole count the plural, with the count as English writes it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (count) => {
        const text = countText({ years: YEARS }, "years", count);
        expect(text).toBe(`${formatCount(count, "en")} ${count === 1 ? "year" : "years"}`);
        expect(text).not.toMatch(/^1 years$/);
      }),
    );
  });

  it("property: in Spanish, 1 takes the singular, millions take the form for many, others the plural (Intl.PluralRules)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (count) => {
        const expected = count === 1 ? "año" : count > 0 && count % 1_000_000 === 0 ? "de años" : "años";
        expect(countText({ years: SPANISH_YEARS }, "years", count, {}, "es")).toBe(
          `${formatCount(count, "es")} ${expected}`,
        );
      }),
    );
  });

  it("property: a category the translation leaves out falls back to other, in either language", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000_000 }), language, (count, lang) => {
        expect(pluralForm({ other: "{count} things" }, count, lang)).toBe("{count} things");
      }),
    );
  });

  it("plural forms are told from ordinary subtrees: an object of CLDR categories with other, all texts", () => {
    expect(isPluralForms(YEARS)).toBe(true);
    expect(isPluralForms({ one: "a" })).toBe(false);
    expect(isPluralForms({ other: "a", title: "b" })).toBe(false);
    expect(isPluralForms("text")).toBe(false);
  });

  it("property: a time at an address reads as a person writes it: no 1 years, no 1 months, no zero part beside another", () => {
    const texts = {
      review: {
        years: YEARS,
        months: { one: "{count} month", other: "{count} months" },
        duration: "{years} {months}",
      },
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 * 60 }), (total) => {
        const text = durationText(texts, total);
        expect(text).not.toMatch(/\b1 (years|months)\b/);
        if (total > 0) expect(text).not.toMatch(/\b0 /);
        const years = Math.floor(total / 12);
        const months = total % 12;
        if (years > 0) expect(text).toContain(years === 1 ? "1 year" : `${years} years`);
        if (months > 0 || years === 0) expect(text).toContain(months === 1 ? "1 month" : `${months} months`);
      }),
    );
    expect(durationText(texts, 15)).toBe("1 year 3 months");
  });

  it("the full application's history line, in the site's own words: Covered so far: 1 year 3 months of 2 years", () => {
    const t = translator(financing.fullCredit);
    const covered = (months: number) => t("covered", { duration: durationText(financing.fullCredit, months) });
    expect(covered(15)).toBe("Covered so far: 1 year 3 months of 2 years");
    expect(covered(1)).toBe("Covered so far: 1 month of 2 years");
    expect(covered(24)).toBe("Covered so far: 2 years of 2 years");
  });

  it("a car's miles in the site's own words, on its card and on an offer: 1 mile, 42,120 miles", () => {
    expect(countText(inventory, "card.mileage", 1)).toBe("1 mile");
    expect(countText(inventory, "card.mileage", 42_120)).toBe("42,120 miles");
    expect(countText(sellTrade.offer, "miles", 1)).toBe("1 mile");
    expect(countText(sellTrade.offer, "miles", 31_500)).toBe("31,500 miles");
  });
});

describe("the indefinite article before a number", () => {
  it("property: English says an exactly when the number, read aloud, starts with a vowel sound (eight, eleven, eighteen)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        expect(englishArticleForNumber(n), `${n}: ${spoken(n)}`).toBe(/^(eight|eleven)/.test(spoken(n)) ? "an" : "a");
      }),
    );
  });

  it("property: a fraction takes the article of its whole part, and thousands the article of their leading group", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        expect(englishArticleForNumber(whole + cents / 100)).toBe(englishArticleForNumber(whole));
        expect(englishArticleForNumber(whole * 1000 + cents)).toBe(englishArticleForNumber(whole));
      }),
    );
  });

  it("the credit scores and fees shoppers read: an 850, an 800, a 720, an 8, an 11, an 18, a 110, an 18,000, a 180,000", () => {
    const cases: [number, string][] = [
      [850, "an 850"],
      [800, "an 800"],
      [720, "a 720"],
      [8, "an 8"],
      [11, "an 11"],
      [18, "an 18"],
      [110, "a 110"],
      [18_000, "an 18,000"],
      [180_000, "a 180,000"],
    ];
    for (const [n, expected] of cases) expect(withIndefiniteArticle(formatCount(n, "en"), n, "en")).toBe(expected);
  });

  it("property: Spanish adds no article of its own: its article agrees with the noun, and the translation writes it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(withIndefiniteArticle(String(n), n, "es")).toBe(String(n));
      }),
    );
  });
});
