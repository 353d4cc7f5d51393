import * as z from "zod/mini";
import { WEEKDAYS } from "./weekdays";

// zod/mini, as on every browser subpath (ADR 213).
const hour = z.number().check(z.minimum(0), z.maximum(24));

/**
 * One day of a dealer's working hours in decimal hours of the dealer's wall clock (10.5 = 10:30, 24 = midnight at
 * the end of the day). A closed day's hours are ignored; an open day must open before it closes.
 */
export const workingDaySchema = z
  .object({
    closed: z.boolean(),
    open: hour,
    close: hour,
    /** Optional label; when given it must name the weekday of the entry's position. */
    day: z.optional(z.enum(WEEKDAYS)),
  })
  .check(
    z.superRefine((day, ctx) => {
      if (!day.closed && day.open >= day.close) {
        ctx.addIssue({ code: "custom", path: ["close"], message: "An open day must close after it opens." });
      }
    }),
  );

/** A dealer's working hours: exactly seven days, Monday first. */
export const workingHoursSchema = z.array(workingDaySchema).check(
  z.length(7, { message: "Working hours list exactly seven days, Monday to Sunday." }),
  z.superRefine((days, ctx) => {
    days.forEach((day, i) => {
      if (day.day !== undefined && day.day !== WEEKDAYS[i]) {
        ctx.addIssue({
          code: "custom",
          path: [i, "day"],
          message: `Entry ${i} is ${WEEKDAYS[i]}: working hours are listed Monday first.`,
        });
      }
    });
  }),
);

/** Seven days of working hours, Monday first. */
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export type WorkingDay = z.infer<typeof workingDaySchema>;
