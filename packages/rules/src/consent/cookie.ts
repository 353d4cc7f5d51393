import * as z from "zod/mini";
import { COOKIE_CATEGORIES, type CookieCategory, type DisplayMode } from "./categories";
import { cookieCategorySchema, displayModeSchema } from "./consent.schema";

/** The cookies that hold the visitor's consent choices (spec section 3). */
export const CONSENT_COOKIE_NAMES = { display: "displayCookies", allowed: "allowCookies" } as const;

/** Every category, in canonical order: what Accept all, Close and continue and tiers below 2 grant. */
export const ALL_COOKIE_CATEGORIES: readonly CookieCategory[] = COOKIE_CATEGORIES;

// Browsers and cookie libraries percent-encode commas; a malformed escape is read as typed rather than thrown.
function decodeCookieValue(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const categoryListSchema = z.catch(
  z.union([
    z.pipe(
      z.string(),
      z.transform((value) => decodeCookieValue(value).split(",")),
    ),
    z.array(z.unknown()),
  ]),
  [],
);

const categoryTokenSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), cookieCategorySchema);

/**
 * Reads an `allowCookies` value (comma-separated categories, or a list) that may have been tampered with: unknown
 * categories are dropped, duplicates merged, essential always added, and the result is in canonical order. Never
 * throws.
 */
export function parseAllowedCategories(value: unknown): CookieCategory[] {
  const found = new Set<CookieCategory>(["essential"]);
  for (const item of categoryListSchema.parse(value)) {
    const category = categoryTokenSchema.safeParse(item);
    if (category.success) found.add(category.data);
  }
  return COOKIE_CATEGORIES.filter((category) => found.has(category));
}

/** The `allowCookies` value for a set of categories: canonical order, comma-separated, essential always in. */
export function formatAllowedCategories(categories: Iterable<CookieCategory>): string {
  return parseAllowedCategories([...categories]).join(",");
}

/** Reads a `displayCookies` value; anything but show, hide or force is undefined (not decided yet). */
export function parseDisplayMode(value: unknown): DisplayMode | undefined {
  const parsed = displayModeSchema.safeParse(typeof value === "string" ? value.trim().toLowerCase() : value);
  return parsed.success ? parsed.data : undefined;
}
