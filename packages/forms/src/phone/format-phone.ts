import { phoneDigits } from "@showroom/rules/profile";

/** The phone masks of spec section 5. */
export type PhoneMask = "general" | "input" | "email" | "adf" | "search";

/** Every mask, for iterating in forms and tests. */
export const PHONE_MASKS: readonly PhoneMask[] = ["general", "input", "email", "adf", "search"];

/** What every input and placeholder shows (spec section 5). */
export const PHONE_PLACEHOLDER = "+1 (999) 999-9999";

interface NanpNumber {
  /** Up to ten digits after the country code. */
  national: string;
  /** Whether the typed value carried the +1 country code. */
  withCountryCode: boolean;
}

/**
 * Splits a typed phone number into its North American parts. The country code is read where it is unambiguous: after
 * a "+" ("+1 (314) 555-0142", what the input mask shows), or as the first of exactly eleven digits. Without either,
 * up to ten digits are the national number as typed. `null` when the number is not North American: another country
 * code after "+", or too many digits.
 */
function splitNanp(value: string): NanpNumber | null {
  const digits = phoneDigits(value);
  if (value.trimStart().startsWith("+")) {
    if (digits[0] !== "1" || digits.length > 11) return null;
    return { national: digits.slice(1), withCountryCode: true };
  }
  if (digits.length === 11 && digits[0] === "1") return { national: digits.slice(1), withCountryCode: true };
  if (digits.length > 10) return null;
  return { national: digits, withCountryCode: false };
}

/** True for a complete North American number: ten national digits, area code not starting with 0 or 1. */
export function isNanpPhone(value: string): boolean {
  const nanp = splitNanp(value);
  return nanp !== null && /^[2-9]\d{9}$/.test(nanp.national);
}

/**
 * The digits that identify a phone number whatever its mask: the national number for a North American number, every
 * digit otherwise. Two values with the same national digits are the same phone.
 */
export function nationalDigits(value: string): string {
  return splitNanp(value)?.national ?? phoneDigits(value);
}

/** "(999) 999-9999", built progressively so a half-typed number formats as far as it goes. */
function parenthesized(national: string): string {
  if (national.length === 0) return "";
  const area = national.slice(0, 3);
  const exchange = national.slice(3, 6);
  const line = national.slice(6);
  let out = `(${area}`;
  if (national.length > 3) out += `) ${exchange}`;
  if (national.length > 6) out += `-${line}`;
  return out;
}

/** "999-999-9999", progressively. */
function dashed(national: string): string {
  return [national.slice(0, 3), national.slice(3, 6), national.slice(6)].filter((part) => part !== "").join("-");
}

function international(national: string): string {
  return national === "" ? "+1" : `+1 ${parenthesized(national)}`;
}

/**
 * Formats a phone number with one of the spec's masks. Pure: it never validates, never drops a digit of the national
 * number, and formatting an already formatted value changes nothing.
 * - general: `(999) 999-9999`
 * - input, email: `+1 (999) 999-9999`
 * - adf: `+1 (999) 999-9999` when the number was given with its +1 country code (what the site's inputs produce),
 *   `999-999-9999` when it was given as ten national digits (dealer and vendor numbers typed that way); see ADR 061.
 * - search: `9999999999`
 * Empty input gives "". A number that is not North American keeps all its digits, after a "+" (search: digits only).
 */
export function formatPhone(value: string, mask: PhoneMask): string {
  const nanp = splitNanp(value);
  if (nanp === null) {
    // Keeping the "+" keeps such a number out of the North American reading when it is formatted again.
    const digits = phoneDigits(value);
    return mask === "search" ? digits : `+${digits}`;
  }
  const { national, withCountryCode } = nanp;
  if (national === "" && !withCountryCode) return "";
  switch (mask) {
    case "general":
      return parenthesized(national);
    case "search":
      return national;
    case "input":
    case "email":
      return international(national);
    case "adf":
      return withCountryCode ? international(national) : dashed(national);
  }
}
