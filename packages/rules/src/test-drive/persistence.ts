import { type Actor, createActor, type Snapshot } from "xstate";
import * as z from "zod/mini";
import { isValidProfile } from "../profile";
import { PROFILE_FIELDS } from "../unlock-price/contact-draft";
import type { InventoryUnlockInput, InventoryUnlockMachine } from "./inventory-unlock.machine";
import type { TestDriveInput, TestDriveMachine } from "./test-drive.machine";
import { SAVE_DETAILS_ERROR } from "./texts";

const draft = z.strictObject({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() });
const toast = z.strictObject({
  severity: z.enum(["info", "success", "warn", "error"]),
  summary: z.string(),
  detail: z.string(),
  life: z.number(),
});
// zod/mini, as on every browser subpath (ADR 213).

/**
 * A stored test-drive snapshot: a known step, a picked day and time that are among the dialog's slots, and valid
 * details once booking starts. Storage must still be trusted (server-side or signed). See ADR 022.
 */
export const persistedTestDriveSchema = z
  .looseObject({
    status: z.enum(["active", "done"]),
    value: z.union([
      z.enum(["pickDay", "pickTime", "scheduled"]),
      z.strictObject({ confirmDetails: z.enum(["editing", "booking"]) }),
    ]),
    context: z.strictObject({
      slots: z.array(z.strictObject({ date: z.string(), times: z.array(z.string()) })),
      vin: z.nullable(z.string()),
      date: z.nullable(z.string()),
      time: z.nullable(z.string()),
      contact: draft,
      invalidFields: z.array(z.enum(PROFILE_FIELDS)),
      toast: z.nullable(toast),
    }),
  })
  .check(
    z.superRefine(({ status, value, context }, ctx) => {
      if ((value === "scheduled") !== (status === "done")) {
        ctx.addIssue({ code: "custom", path: ["status"], message: "Only the scheduled step is finished." });
      }
      const day = context.slots.find((d) => d.date === context.date);
      if (value !== "pickDay" && !day) {
        ctx.addIssue({ code: "custom", path: ["context", "date"], message: "The day is not among the slots." });
      }
      const pastTime = value !== "pickDay" && value !== "pickTime";
      if (pastTime && !(context.time && day?.times.includes(context.time))) {
        ctx.addIssue({ code: "custom", path: ["context", "time"], message: "The time is not among the day's slots." });
      }
      const booked = value === "scheduled" || (typeof value === "object" && value.confirmDetails === "booking");
      if (booked && !isValidProfile(context.contact)) {
        ctx.addIssue({ code: "custom", path: ["context", "contact"], message: "Only valid details are booked." });
      }
    }),
  );

/** A stored private-inventory unlock snapshot. */
export const persistedInventoryUnlockSchema = z
  .looseObject({
    status: z.enum(["active", "done"]),
    value: z.union([z.literal("accessGranted"), z.strictObject({ enterDetails: z.enum(["editing", "unlocking"]) })]),
    context: z.strictObject({
      contact: draft,
      invalidFields: z.array(z.enum(PROFILE_FIELDS)),
      error: z.nullable(z.literal(SAVE_DETAILS_ERROR)),
    }),
  })
  .check(
    z.superRefine(({ status, value, context }, ctx) => {
      const granted = value === "accessGranted";
      if (granted !== (status === "done")) {
        ctx.addIssue({ code: "custom", path: ["status"], message: "Only access granted is finished." });
      }
      if ((granted || value.enterDetails === "unlocking") && !isValidProfile(context.contact)) {
        ctx.addIssue({ code: "custom", path: ["context", "contact"], message: "Only valid details unlock inventory." });
      }
    }),
  );

/** Resumes a test-drive dialog from a stored snapshot; unstarted, or null when `stored` is not one. */
export function resumeTestDrive(machine: TestDriveMachine, stored: unknown): Actor<TestDriveMachine> | null {
  if (!persistedTestDriveSchema.safeParse(stored).success) return null;
  // A restored actor never reads its input; the type asks for one only because fresh actors need it.
  return createActor(machine, { snapshot: stored as Snapshot<unknown>, input: undefined as unknown as TestDriveInput });
}

/** Resumes a private-inventory unlock from a stored snapshot; unstarted, or null when `stored` is not one. */
export function resumeInventoryUnlock(
  machine: InventoryUnlockMachine,
  stored: unknown,
): Actor<InventoryUnlockMachine> | null {
  if (!persistedInventoryUnlockSchema.safeParse(stored).success) return null;
  return createActor(machine, {
    snapshot: stored as Snapshot<unknown>,
    input: undefined as unknown as InventoryUnlockInput,
  });
}
