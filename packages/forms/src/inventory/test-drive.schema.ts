import { z } from "zod";
import { defaultFormContext, type FormContext } from "../fields/context";
import { dateSchema, isCalendarDate } from "../fields/date";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { commentsSchema } from "../fields/text";
import { optionalVinSchema } from "../fields/vin";
import { MESSAGES, testDriveClosedMessage } from "../messages";

/** A time of day as the slot list posts it: 24-hour `HH:mm` in the store's time zone. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A slot time, required. */
export const timeSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .regex(TIME_PATTERN, { error: MESSAGES.time });

function hasReadableSlot(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { date, time } = value as { date?: unknown; time?: unknown };
  return isCalendarDate(date) && typeof time === "string" && TIME_PATTERN.test(time);
}

export interface TestDriveOptions {
  context?: FormContext;
  /**
   * Whether a day (`yyyy-mm-dd`) and time (`HH:mm`) is still offered, from `testDriveSlots` of
   * `@showroom/rules/test-drive` for the vehicle's store. The server passes it; the browser may leave it out and
   * check only the shape and that the day has not passed.
   */
  isOpenSlot?: (date: string, time: string) => boolean;
  /** The name of the store's closed day (a holiday) on `date`, or undefined when it is not one. */
  closedDay?: (date: string) => string | undefined;
}

/**
 * Schedule Test Drive (lead SCHEDULE_TEST_DRIVE): "What day works best?" (`date`), "What time works best?" (`time`),
 * then "Confirm your details to schedule" (the four contact fields), with the vehicle's VIN and optional comments.
 * The day must not have passed; with `isOpenSlot` the pair must be an offered slot ("That time is no longer
 * available…" on `time`).
 */
export function createTestDriveSchema({ context = defaultFormContext, isOpenSlot, closedDay }: TestDriveOptions = {}) {
  return formMeta
    .extend({
      date: dateSchema.refine((date) => date >= context.today(), { error: MESSAGES.testDriveDate, abort: true }),
      time: timeSchema,
      ...profileShape,
      vin: optionalVinSchema,
      comments: commentsSchema,
    })
    .superRefine(
      (value, ctx) => {
        const holiday = closedDay?.(value.date);
        if (holiday !== undefined) {
          // The confirm step shows the slot's message on `time`: the day and time travel together there.
          ctx.addIssue({ code: "custom", path: ["time"], message: testDriveClosedMessage(holiday) });
        } else if (isOpenSlot && !isOpenSlot(value.date, value.time)) {
          ctx.addIssue({ code: "custom", path: ["time"], message: MESSAGES.testDriveSlot });
        }
      },
      // Check the slot as soon as day and time are readable, even while other fields still have errors.
      { when: (payload) => hasReadableSlot(payload.value) },
    );
}

export interface TestDriveStepOptions {
  context?: FormContext;
  /** Whether the store still offers a slot on a day (`yyyy-mm-dd`). */
  isOpenDay: (date: string) => boolean;
  /** Whether a day and time (`HH:mm`) is still offered, as in `TestDriveOptions`. */
  isOpenSlot: (date: string, time: string) => boolean;
  /** The name of the store's closed day on `date` (Thanksgiving), or undefined: such a day is refused by name. */
  closedDay?: (date: string) => string | undefined;
}

/**
 * The Schedule Test Drive steps posted one at a time (JavaScript off), on the store's offered slots:
 * - `day`, "What day works best?": a day still offered; a passed day says so, any other says it is taken;
 * - `time`, "What time works best?": the day again (the step's form carries it) and a time offered on it;
 * - `confirm`, "Confirm your details to schedule": the whole test-drive form.
 */
export function createTestDriveStepSchemas({
  context = defaultFormContext,
  isOpenDay,
  isOpenSlot,
  closedDay,
}: TestDriveStepOptions) {
  const day = z.object({ date: dateSchema }).superRefine(({ date }, ctx) => {
    // A date the field already refused gets no second message.
    if (!isCalendarDate(date)) return;
    const holiday = closedDay?.(date);
    if (holiday !== undefined) {
      ctx.addIssue({ code: "custom", path: ["date"], message: testDriveClosedMessage(holiday) });
      return;
    }
    if (isOpenDay(date)) return;
    ctx.addIssue({
      code: "custom",
      path: ["date"],
      message: date < context.today() ? MESSAGES.testDriveDate : MESSAGES.testDriveSlot,
    });
  });
  const time = z.object({ date: dateSchema, time: timeSchema }).superRefine(({ date, time }, ctx) => {
    const holiday = isCalendarDate(date) ? closedDay?.(date) : undefined;
    if (holiday !== undefined) {
      ctx.addIssue({ code: "custom", path: ["time"], message: testDriveClosedMessage(holiday) });
    } else if (isCalendarDate(date) && TIME_PATTERN.test(time) && !isOpenSlot(date, time)) {
      ctx.addIssue({ code: "custom", path: ["time"], message: MESSAGES.testDriveSlot });
    }
  });
  return {
    day,
    time,
    confirm: createTestDriveSchema({ context, isOpenSlot, ...(closedDay ? { closedDay } : {}) }),
  } as const;
}

/** Test drive on the real clock, without a slot list (shape and date only). */
export const testDriveSchema = createTestDriveSchema();

export type TestDriveInput = z.input<typeof testDriveSchema>;
export type TestDriveSubmission = z.output<typeof testDriveSchema>;
