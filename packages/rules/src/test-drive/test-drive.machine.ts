import { assign, fromPromise, setup } from "xstate";
import * as z from "zod/mini";
import { isValidProfile, type VisitorProfile } from "../profile";
import { ActorNotProvidedError } from "../shared/errors";
import { parseInput } from "../shared/parse-input";
import { type ContactDraft, draftOf, invalidProfileFields, type ProfileField } from "../unlock-price/contact-draft";
import type { DaySlots } from "./slots";
import { scheduledToast, TEST_DRIVE_BOOKING_FAILED_TOAST, TEST_DRIVE_DETAILS_MISSING_TOAST, type Toast } from "./texts";

const contactFields = z.object({
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
});

/** What the app knows when the dialog opens: the slots it computed, the saved profile and the vehicle if any. */
export const testDriveInputSchema = z.object({
  slots: z.array(
    z.object({
      date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      times: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
    }),
  ),
  /** A saved profile prefills the details step. */
  profile: z.nullish(contactFields),
  /** The vehicle to drive, when the dialog opened from one. */
  vin: z.nullish(z.string().check(z.minLength(1))),
});
export type TestDriveInput = z.input<typeof testDriveInputSchema>;

export interface TestDriveContext {
  slots: DaySlots[];
  vin: string | null;
  date: string | null;
  time: string | null;
  contact: ContactDraft;
  /** Fields that failed on the last confirm, for the form to mark. */
  invalidFields: ProfileField[];
  /** The toast to show after the last event, if any. */
  toast: Toast | null;
}

export type TestDriveEvent =
  | { type: "PICK_DAY"; date: string }
  | { type: "PICK_TIME"; time: string }
  | { type: "CONFIRM"; profile?: Partial<VisitorProfile> }
  | { type: "BACK" };

/** What the app's `bookTestDrive` actor receives. */
export interface BookTestDriveInput {
  date: string;
  /** The slot start, ISO 8601 with the dealer's offset. */
  time: string;
  profile: VisitorProfile;
  vin: string | null;
}

export interface TestDriveOutput {
  date: string;
  time: string;
  profile: VisitorProfile;
}

/** The profile a CONFIRM stands for: what it carries over the draft, or the draft as it is. */
function confirmedDraft(context: TestDriveContext, event: TestDriveEvent): ContactDraft {
  return event.type === "CONFIRM" && event.profile ? draftOf(event.profile) : context.contact;
}

/**
 * The test-drive dialog: pickDay → pickTime → confirmDetails → scheduled. Days and times must be among the slots
 * the dialog opened with. Confirming without valid details raises the spec's "Please fill info about yourself."
 * toast; with valid details the app-provided `bookTestDrive` actor books it. Context is plain JSON, so a snapshot
 * can be stored between form posts.
 */
export const testDriveMachine = setup({
  types: {
    context: {} as TestDriveContext,
    events: {} as TestDriveEvent,
    input: {} as TestDriveInput,
    output: {} as TestDriveOutput,
  },
  actors: {
    bookTestDrive: fromPromise<void, BookTestDriveInput>(async () => {
      throw new ActorNotProvidedError("testDriveMachine", "bookTestDrive");
    }),
  },
  guards: {
    dayOffered: ({ context, event }) =>
      event.type === "PICK_DAY" && context.slots.some((day) => day.date === event.date),
    timeOffered: ({ context, event }) =>
      event.type === "PICK_TIME" &&
      context.slots.some((day) => day.date === context.date && day.times.includes(event.time)),
    detailsValid: ({ context, event }) => isValidProfile(confirmedDraft(context, event)),
  },
  actions: {
    pickDay: assign({
      date: ({ context, event }) => (event.type === "PICK_DAY" ? event.date : context.date),
      time: null,
      toast: null,
    }),
    pickTime: assign({
      time: ({ context, event }) => (event.type === "PICK_TIME" ? event.time : context.time),
      toast: null,
    }),
    takeDetails: assign({
      contact: ({ context, event }) => confirmedDraft(context, event),
      invalidFields: [],
      toast: null,
    }),
    flagMissingDetails: assign({
      invalidFields: ({ context }) => invalidProfileFields(context.contact),
      toast: TEST_DRIVE_DETAILS_MISSING_TOAST,
    }),
    clearToast: assign({ toast: null }),
  },
}).createMachine({
  id: "testDrive",
  context: ({ input }) => {
    const parsed = parseInput(testDriveInputSchema, input, "test-drive machine input");
    return {
      slots: parsed.slots,
      vin: parsed.vin ?? null,
      date: null,
      time: null,
      contact: draftOf(parsed.profile),
      invalidFields: [],
      toast: null,
    };
  },
  initial: "pickDay",
  states: {
    pickDay: {
      on: { PICK_DAY: { guard: "dayOffered", target: "pickTime", actions: "pickDay" } },
    },
    pickTime: {
      on: {
        PICK_TIME: { guard: "timeOffered", target: "confirmDetails", actions: "pickTime" },
        // The day list stays on screen beside the times, so another day can be picked here too.
        PICK_DAY: { guard: "dayOffered", actions: "pickDay" },
        BACK: { target: "pickDay", actions: "clearToast" },
      },
    },
    confirmDetails: {
      initial: "editing",
      states: {
        editing: {
          on: {
            CONFIRM: [
              { guard: "detailsValid", target: "booking", actions: "takeDetails" },
              { actions: ["takeDetails", "flagMissingDetails"] },
            ],
            BACK: { target: "#testDrive.pickTime", actions: "clearToast" },
          },
        },
        booking: {
          tags: ["busy"],
          invoke: {
            src: "bookTestDrive",
            input: ({ context }): BookTestDriveInput => ({
              // Guards let only a picked slot and valid details in here.
              date: context.date ?? "",
              time: context.time ?? "",
              profile: context.contact,
              vin: context.vin,
            }),
            onDone: {
              target: "#testDrive.scheduled",
              actions: assign({ toast: ({ context }) => scheduledToast(context.date ?? "", context.time ?? "") }),
            },
            onError: { target: "editing", actions: assign({ toast: TEST_DRIVE_BOOKING_FAILED_TOAST }) },
          },
        },
      },
    },
    scheduled: { type: "final" },
  },
  output: ({ context }) => ({ date: context.date ?? "", time: context.time ?? "", profile: context.contact }),
});

export type TestDriveMachine = typeof testDriveMachine;
