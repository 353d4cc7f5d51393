/** A canonical slug: lower-case ASCII letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Letters that Unicode decomposition leaves whole (no combining mark to strip), spelled the way English
// dealer sites transliterate them, so "Škoda" and "Citroën" and "Straße" all get readable slugs.
const LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

// Every UTF-16 unit below 0x80 (a surrogate half is above, so astral text is not ASCII either).
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * The URL slug of a name: diacritics removed (`Citroën` → `citroen`), lower case, apostrophes dropped
 * (`O'Neil` → `oneil`), every other run of punctuation or space a single hyphen, no hyphen at either end.
 * Letters outside the Latin alphabet are dropped, so the result may be empty.
 */
export function slugify(text: string): string {
  // Search links slugify each make, model and body style again for every facet value of a page: most names are
  // plain ASCII, for which decomposition and the letter table change nothing, so they skip both.
  if (SLUG_PATTERN.test(text)) return text;
  return ASCII.test(text) ? hyphenated(text.toLowerCase().replace(/['`]/g, "")) : transliteratedSlug(text);
}

/**
 * {@link slugify} without its ASCII shortcut: the whole transliteration, for any text. Not part of the package's
 * API; the shortcut's test holds slugify to it.
 */
export function transliteratedSlug(text: string): string {
  return hyphenated(
    text
      .toLowerCase()
      .replace(/['’‘`´ʼ]/g, "")
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[ßæœøđðłþı]/g, (c) => LETTERS[c] ?? c),
  );
}

function hyphenated(text: string): string {
  return text.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** True when `text` is already a canonical slug. */
export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}
