import { z } from "zod";

/** Largest dollar figure a rule file or valuation may hold: far above any vehicle, far below float trouble. */
export const MAX_DOLLARS = 10_000_000;

/** True when `value` is written with at most `digits` decimals (checked on its shortest decimal form). */
export function hasAtMostDecimals(value: number, digits: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  if (text.includes("e")) return Number.isInteger(value);
  const fraction = text.split(".")[1] ?? "";
  return fraction.length <= digits;
}

/** Dollars and cents, not negative. Offers are computed exactly from these, so no more than two decimals. */
export const moneySchema = z
  .number()
  .finite()
  .min(0)
  .max(MAX_DOLLARS)
  .refine((n) => hasAtMostDecimals(n, 2), { message: "Use dollars with at most two decimals (cents)." });

/** A percentage from 0 to 100 with at most four decimals (12.5 means 12.5 %). */
export const percentSchema = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .refine((n) => hasAtMostDecimals(n, 4), { message: "Use a percentage with at most four decimals." });
