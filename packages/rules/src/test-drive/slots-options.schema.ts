import * as z from "zod/mini";
import { calendarDaySchema } from "./closed-dates.schema";
import { defaultTestDriveRules } from "./defaults";
import { isTimeZone } from "./time-zone";
import { workingHoursSchema } from "./working-hours.schema";

/** What `testDriveSlots` takes; the three numbers default to `rules/test-drive.json` (7 days, 30, 60), closed dates to none. */
export const testDriveSlotsOptionsSchema = z.object({
  now: z.date(),
  workingHours: workingHoursSchema,
  timeZone: z.string().check(z.refine(isTimeZone, { message: "Unknown time zone." })),
  days: z._default(z.int().check(z.minimum(1), z.maximum(60)), defaultTestDriveRules.days),
  slotMinutes: z._default(z.int().check(z.minimum(5), z.maximum(240)), defaultTestDriveRules.slotMinutes),
  leadMinutes: z._default(z.int().check(z.minimum(0), z.maximum(7 * 24 * 60)), defaultTestDriveRules.leadMinutes),
  /** Days (`yyyy-mm-dd`, the dealer's calendar) the store is closed whatever its week says: never offered. */
  closedDates: z._default(z.array(calendarDaySchema), []),
});

export type TestDriveSlotsOptions = z.input<typeof testDriveSlotsOptionsSchema>;
