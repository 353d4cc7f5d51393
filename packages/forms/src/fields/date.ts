import { z } from "zod";
import { NUMBER_LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { defaultFormContext, type FormContext } from "./context";

/** The spec's date format (section 5). */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `yyyy-mm-dd` string naming a day that exists (no 2023-02-29, no 2024-04-31). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids any daylight-saving shift.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

/** Whole years from `birth` to `today`, both `yyyy-mm-dd`; the birthday counts on the day itself. */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** A date as `yyyy-mm-dd` that exists on the calendar; required. */
export const dateSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .refine(isCalendarDate, { error: MESSAGES.date, abort: true });

/**
 * Date of birth of a credit applicant: a calendar date, not in the future, at most 120 years ago, and at least 18
 * years before the context's today ("You must be at least 18 years old to apply.").
 */
export function dateOfBirthSchema(context: FormContext = defaultFormContext) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .refine(isCalendarDate, { error: MESSAGES.dateOfBirth, abort: true })
    .superRefine((birth, ctx) => {
      const age = ageOn(birth, context.today());
      if (birth > context.today() || age > NUMBER_LIMITS.maximumApplicantAge) {
        ctx.addIssue({ code: "custom", message: MESSAGES.dateOfBirth });
      } else if (age < NUMBER_LIMITS.minimumApplicantAge) {
        ctx.addIssue({ code: "custom", message: MESSAGES.underage });
      }
    });
}
