import * as z from "zod/mini";

// zod/mini, as on every browser subpath (ADR 213).

/** `yyyy-mm-dd` naming a day that exists on the calendar (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A calendar day, `yyyy-mm-dd`, in the dealer's time zone. */
export const calendarDaySchema = z
  .string()
  .check(z.refine(isCalendarDay, { message: "A closed date is a calendar day written yyyy-mm-dd." }));

/** A day the store is closed whatever its week says (Thanksgiving, Christmas), and the name shoppers are told. */
export const closedDateSchema = z.object({
  date: calendarDaySchema,
  name: z.string().check(z.trim(), z.minLength(1, { message: "Name the closed day (e.g. Thanksgiving)." })),
});

/** A store's closed dates: each day once. */
export const closedDatesSchema = z.array(closedDateSchema).check(
  z.superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, i) => {
      if (seen.has(day.date)) {
        ctx.addIssue({ code: "custom", path: [i, "date"], message: `${day.date} is listed twice.` });
      }
      seen.add(day.date);
    });
  }),
);

export type ClosedDate = z.infer<typeof closedDateSchema>;
