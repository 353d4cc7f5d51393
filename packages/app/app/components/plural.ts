// Counts and articles as a person writes them, in English and Spanish (ADR 334): plural forms chosen by
// Intl.PluralRules, and English's "a"/"an" before a number chosen by how the number is read aloud.

/** The languages the site's texts come in (spec section 1). */
export type TextLanguage = "en" | "es";

/** The CLDR plural categories a translation may give forms for. */
const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/**
 * One text in its plural forms, as a translation file holds it: `{ "one": "{count} year", "other": "{count} years" }`.
 * `other` is always there; the other categories are those the language needs (English: one; Spanish: one, many).
 */
export type PluralForms = { readonly other: string } & { readonly [C in PluralCategory]?: string };

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralRules(language: TextLanguage): Intl.PluralRules {
  let found = rules.get(language);
  if (!found) {
    found = new Intl.PluralRules(language);
    rules.set(language, found);
  }
  return found;
}

/** A count as the language writes it: `1,250` in English, `1250` in Spanish. */
export function formatCount(count: number, language: TextLanguage): string {
  let found = numbers.get(language);
  if (!found) {
    found = new Intl.NumberFormat(language === "en" ? "en-US" : "es-US");
    numbers.set(language, found);
  }
  return found.format(count);
}

/** Whether a translation node is a text in plural forms (an object of CLDR categories with `other`). */
export function isPluralForms(node: unknown): node is PluralForms {
  if (node === null || typeof node !== "object") return false;
  const entries = Object.entries(node);
  return (
    typeof (node as { other?: unknown }).other === "string" &&
    entries.every(([key, value]) => (PLURAL_CATEGORIES as readonly string[]).includes(key) && typeof value === "string")
  );
}

/** The form of `forms` the language uses for `count`; `other` when the translation does not give that category. */
export function pluralForm(forms: PluralForms, count: number, language: TextLanguage): string {
  return forms[pluralRules(language).select(count)] ?? forms.other;
}

/**
 * English's indefinite article before a number, by how the number is read aloud: "an" when the reading starts with a
 * vowel sound (eight, eleven, eighteen: 8, 11, 18, 80–89, 800–899, 8,000, 11,000, 18,000, 850 …), "a" otherwise.
 * Numbers are read formally, by groups of thousands ("one thousand one hundred", never "eleven hundred"); a
 * fraction is read after its whole part, so only the whole part counts.
 */
export function englishArticleForNumber(value: number): "a" | "an" {
  if (!Number.isFinite(value) || value < 0) return "a"; // "minus …", or nothing a person reads as a number
  let whole = Math.floor(value);
  while (whole >= 1000) whole = Math.floor(whole / 1000);
  const leading = whole >= 100 ? Math.floor(whole / 100) : whole;
  return leading === 8 || leading === 11 || leading === 18 || (leading >= 80 && leading <= 89) ? "an" : "a";
}

/**
 * `text` (a number as the page shows it: "850", "$358.03") with the indefinite article the language puts before it.
 * English: "an 850", "a $358.03". Spanish puts no number-dependent article: its article agrees with the noun, so its
 * translations write it themselves ("un puntaje de {score}") and the text comes back as it is.
 */
export function withIndefiniteArticle(text: string, value: number, language: TextLanguage): string {
  return language === "en" ? `${englishArticleForNumber(value)} ${text}` : text;
}
