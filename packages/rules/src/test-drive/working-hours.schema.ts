import { z } from "zod";

/** Day names in the order working hours are listed: Monday first (spec section 3). */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const hour = z.number().finite().min(0).max(24);

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
    day: z.enum(WEEKDAYS).optional(),
  })
  .superRefine((day, ctx) => {
    if (!day.closed && day.open >= day.close) {
      ctx.addIssue({ code: "custom", path: ["close"], message: "An open day must close after it opens." });
    }
  });

/** A dealer's working hours: exactly seven days, Monday first. */
export const workingHoursSchema = z
  .array(workingDaySchema)
  .length(7, { message: "Working hours list exactly seven days, Monday to Sunday." })
  .superRefine((days, ctx) => {
    days.forEach((day, i) => {
      if (day.day !== undefined && day.day !== WEEKDAYS[i]) {
        ctx.addIssue({
          code: "custom",
          path: [i, "day"],
          message: `Entry ${i} is ${WEEKDAYS[i]}: working hours are listed Monday first.`,
        });
      }
    });
  });

/** Seven days of working hours, Monday first. */
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export type WorkingDay = z.infer<typeof workingDaySchema>;
