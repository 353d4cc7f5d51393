import { z } from "zod";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";

/** Dollars as people type them: optional "$", thousands separated by commas (or not), up to two decimals. */
const MONEY_INPUT_PATTERN = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
/** A count as people type it: digits, thousands optionally separated by commas. */
const WHOLE_INPUT_PATTERN = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;

/** "$1,250.50" → 1250.5; blank → undefined; anything unreadable is returned as is for the number check to reject. */
export function parseMoneyInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  if (text.length > MAX_LENGTH.money) return value;
  return MONEY_INPUT_PATTERN.test(text) ? Number(text.replace(/[$,\s]/g, "")) : value;
}

/** "85,000" → 85000; blank → undefined; anything unreadable is returned as is for the number check to reject. */
export function parseWholeNumberInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  if (text.length > MAX_LENGTH.wholeNumber) return value;
  return WHOLE_INPUT_PATTERN.test(text) ? Number(text.replace(/,/g, "")) : value;
}

function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

interface NumberFieldOptions {
  min: number;
  max: number;
  /** Shown for unreadable or out-of-range input. */
  message: string;
  /** Shown when the field is left blank; defaults to "This field is required". */
  requiredMessage?: string;
}

/**
 * A dollar amount ≥ `min` (never negative), typed as "1,250.50" or given as a number. Output: a number of dollars
 * with at most two decimals.
 */
export function moneySchema({ min, max, message, requiredMessage = MESSAGES.required }: NumberFieldOptions) {
  return z.preprocess<unknown, z.ZodNumber, string | number>(
    parseMoneyInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
      .min(Math.max(0, min), { error: message, abort: true })
      .max(max, { error: message, abort: true })
      .refine(hasAtMostTwoDecimals, { error: message, abort: true }),
  );
}

/** A whole number in `[min, max]`, typed as "85,000" or given as a number. */
export function wholeNumberSchema({ min, max, message, requiredMessage = MESSAGES.required }: NumberFieldOptions) {
  return z.preprocess<unknown, z.ZodNumber, string | number>(
    parseWholeNumberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
      .int({ error: message, abort: true })
      .min(min, { error: message, abort: true })
      .max(max, { error: message, abort: true }),
  );
}
