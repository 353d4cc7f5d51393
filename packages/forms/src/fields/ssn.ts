import { z } from "zod";
import { MESSAGES } from "../messages";

/** The stored form of a Social Security number (spec section 5). */
export const SSN_PATTERN = /^(\d{3})-(\d{2})-(\d{4})$/;

/** What a shopper may type: nine digits, optionally split 3-2-4 by dashes or spaces. */
const SSN_INPUT_PATTERN = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/;

/** True when area, group and serial are all ones the SSA can issue: area not 000, 666 or 900–999, group not 00, serial not 0000. */
export function isIssuableSsnParts(area: string, group: string, serial: string): boolean {
  return area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";
}

/** `ddd-dd-dddd` (or the same nine digits typed without dashes) with an issuable area, group and serial. */
export function isValidSsn(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = SSN_INPUT_PATTERN.exec(value.trim());
  if (!match) return false;
  const [, area = "", group = "", serial = ""] = match;
  return isIssuableSsnParts(area, group, serial);
}

/** The `ddd-dd-dddd` form of a valid SSN typed in any accepted way. */
export function normalizeSsn(value: string): string {
  const digits = value.replace(/\D/g, "");
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5, 9)}`;
}

/** Social Security number: required, valid per `isValidSsn`; output always `ddd-dd-dddd`. */
export const ssnSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .refine(isValidSsn, { error: MESSAGES.ssn })
  .transform(normalizeSsn);
