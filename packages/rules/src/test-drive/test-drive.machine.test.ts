import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Actor, createActor, fromPromise, waitFor } from "xstate";
import { isValidProfile, type VisitorProfile } from "../profile";
import { resumeTestDrive } from "./persistence";
import { type DaySlots, testDriveSlots } from "./slots";
import {
  type BookTestDriveInput,
  type TestDriveEvent,
  type TestDriveInput,
  testDriveMachine,
} from "./test-drive.machine";
import {
  bookedSlotLabel,
  TEST_DRIVE_BOOKING_FAILED_TOAST,
  TEST_DRIVE_DETAILS_MISSING_TOAST,
  TEST_DRIVE_SCHEDULED_TOAST,
  TEST_DRIVE_TEXTS,
} from "./texts";
import type { WorkingHours } from "./working-hours.schema";

const RUNS = { numRuns: 200 };

const salesHours: WorkingHours = [
  ...Array.from({ length: 5 }, () => ({ closed: false, open: 10, close: 19 })),
  { closed: false, open: 10, close: 17 },
  { closed: true, open: 0, close: 0 },
];
const slots: DaySlots[] = testDriveSlots({
  now: new Date("2026-11-23T08:00:00-06:00"),
  workingHours: salesHours,
  timeZone: "America/Chicago",
});
const tuesday = "2026-11-24";
const tuesdayAt11 = "2026-11-24T11:00:00-06:00";
const dana: VisitorProfile = { firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "3145550142" };

function fakeBooking(failOn: (call: number) => boolean = () => false) {
  const calls: BookTestDriveInput[] = [];
  const booked: BookTestDriveInput[] = [];
  const actor = fromPromise<void, BookTestDriveInput>(async ({ input }) => {
    calls.push(input);
    if (failOn(calls.length)) throw new Error("calendar down");
    booked.push(input);
  });
  return { actor, calls, booked };
}

function start(input: TestDriveInput = { slots, vin: "1HGCM82633A004352" }, booking = fakeBooking()) {
  const machine = testDriveMachine.provide({ actors: { bookTestDrive: booking.actor } });
  return { actor: createActor(machine, { input }).start(), booking };
}
type TestDriveActor = Actor<typeof testDriveMachine>;
const settled = (actor: TestDriveActor) => waitFor(actor, (s) => !s.hasTag("busy"));

function toConfirm(actor: TestDriveActor) {
  actor.send({ type: "PICK_DAY", date: tuesday });
  actor.send({ type: "PICK_TIME", time: tuesdayAt11 });
  expect(actor.getSnapshot().matches({ confirmDetails: "editing" })).toBe(true);
}

describe("test-drive dialog", () => {
  it("says what the spec says", () => {
    expect(TEST_DRIVE_TEXTS).toEqual({
      dialogTitle: "Unlock Vehicle Inventory",
      pickDay: "What day works best?",
      pickTime: "What time works best?",
      confirmDetails: "Confirm your details to schedule",
      submit: "Schedule Test Drive Now",
    });
    expect(TEST_DRIVE_SCHEDULED_TOAST).toMatchObject({
      severity: "success",
      summary: "Test Drive Scheduled",
      life: 5000,
    });
    expect(TEST_DRIVE_DETAILS_MISSING_TOAST).toEqual({
      severity: "error",
      summary: "Something went wrong",
      detail: "Please fill info about yourself.",
      life: 5000,
    });
  });

  it("goes pickDay → pickTime → confirmDetails → scheduled and books the picked slot for the vehicle", async () => {
    const { actor, booking } = start();
    expect(actor.getSnapshot().matches("pickDay")).toBe(true);
    actor.send({ type: "PICK_DAY", date: tuesday });
    expect(actor.getSnapshot().matches("pickTime")).toBe(true);
    actor.send({ type: "PICK_TIME", time: tuesdayAt11 });
    actor.send({ type: "CONFIRM", profile: dana });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().matches("scheduled")).toBe(true);
    // The confirmation repeats the booked day and time, on the dealer's clock.
    expect(actor.getSnapshot().context.toast).toEqual({
      ...TEST_DRIVE_SCHEDULED_TOAST,
      detail: `Your test drive on ${bookedSlotLabel(tuesday, tuesdayAt11)} has been scheduled. Someone from our team will reach out to confirm it shortly.`,
    });
    expect(bookedSlotLabel(tuesday, tuesdayAt11)).toMatch(/^Tuesday, November \d+ at 11:00 AM$/);
    expect(booking.booked).toEqual([{ date: tuesday, time: tuesdayAt11, profile: dana, vin: "1HGCM82633A004352" }]);
    expect(actor.getSnapshot().output).toEqual({ date: tuesday, time: tuesdayAt11, profile: dana });
  });

  it("takes only days and times among the offered slots", () => {
    const { actor } = start();
    actor.send({ type: "PICK_DAY", date: "2026-11-29" });
    expect(actor.getSnapshot().matches("pickDay")).toBe(true);
    actor.send({ type: "PICK_DAY", date: tuesday });
    actor.send({ type: "PICK_TIME", time: "2026-11-25T11:00:00-06:00" });
    actor.send({ type: "PICK_TIME", time: "2026-11-24T09:30:00-06:00" });
    expect(actor.getSnapshot().matches("pickTime")).toBe(true);
    actor.send({ type: "PICK_DAY", date: "2026-11-25" });
    expect(actor.getSnapshot().context.date).toBe("2026-11-25");
    actor.send({ type: "PICK_TIME", time: "2026-11-25T11:00:00-06:00" });
    expect(actor.getSnapshot().matches("confirmDetails")).toBe(true);
  });

  it("confirming without valid details raises the spec's error toast, marks the fields and books nothing", () => {
    const { actor, booking } = start();
    toConfirm(actor);
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().matches({ confirmDetails: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.toast).toEqual(TEST_DRIVE_DETAILS_MISSING_TOAST);
    expect(actor.getSnapshot().context.invalidFields).toEqual(["firstName", "lastName", "email", "phone"]);
    actor.send({ type: "CONFIRM", profile: { ...dana, phone: "555-0142" } });
    expect(actor.getSnapshot().context.invalidFields).toEqual(["phone"]);
    expect(booking.calls).toEqual([]);
  });

  it("prefills the details from a saved profile so confirming needs no retyping", async () => {
    const { actor, booking } = start({ slots, profile: dana });
    toConfirm(actor);
    expect(actor.getSnapshot().context.contact).toEqual(dana);
    actor.send({ type: "CONFIRM" });
    await settled(actor);
    expect(actor.getSnapshot().matches("scheduled")).toBe(true);
    expect(booking.booked[0]?.vin).toBeNull();
  });

  it("a failed booking returns to the details with an error toast, and a retry can still schedule", async () => {
    const { actor, booking } = start(
      undefined,
      fakeBooking((call) => call === 1),
    );
    toConfirm(actor);
    actor.send({ type: "CONFIRM", profile: dana });
    await settled(actor);
    expect(actor.getSnapshot().matches({ confirmDetails: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.toast).toEqual(TEST_DRIVE_BOOKING_FAILED_TOAST);
    actor.send({ type: "CONFIRM" });
    await settled(actor);
    expect(actor.getSnapshot().matches("scheduled")).toBe(true);
    expect(booking.calls).toHaveLength(2);
  });

  it("an unprovided machine never schedules: its built-in booking fails without any I/O", async () => {
    const actor = createActor(testDriveMachine, { input: { slots } }).start();
    toConfirm(actor);
    actor.send({ type: "CONFIRM", profile: dana });
    await settled(actor);
    expect(actor.getSnapshot().matches({ confirmDetails: "editing" })).toBe(true);
  });

  it("BACK steps from details to times to days, clearing the toast", () => {
    const { actor } = start();
    toConfirm(actor);
    actor.send({ type: "CONFIRM" });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().matches("pickTime")).toBe(true);
    expect(actor.getSnapshot().context.toast).toBeNull();
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().matches("pickDay")).toBe(true);
  });

  it("resumes a stored dialog at its step and refuses a stored time that is not among the slots", () => {
    const { actor } = start();
    toConfirm(actor);
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const resumed = resumeTestDrive(testDriveMachine, stored)?.start();
    expect(resumed?.getSnapshot().matches({ confirmDetails: "editing" })).toBe(true);
    expect(resumed?.getSnapshot().context.time).toBe(tuesdayAt11);
    const forged = { ...stored, context: { ...stored.context, time: "2026-11-24T03:00:00-06:00" } };
    expect(resumeTestDrive(testDriveMachine, forged)).toBeNull();
    expect(resumeTestDrive(testDriveMachine, null)).toBeNull();
  });
});

type Step = TestDriveEvent | { type: "@settle" };
const allTimes = slots.flatMap((d) => d.times);
// A small slot set, so random picks often name a real day and one of its times.
const fewSlots: DaySlots[] = [
  { date: tuesday, times: [tuesdayAt11, "2026-11-24T11:30:00-06:00"] },
  { date: "2026-11-25", times: ["2026-11-25T10:00:00-06:00"] },
];
const profileArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(dana) },
  {
    weight: 1,
    arbitrary: fc.record({ firstName: fc.string(), lastName: fc.string(), email: fc.string(), phone: fc.string() }),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        { weight: 4, arbitrary: fc.constantFrom(...fewSlots.map((d) => d.date)) },
        { weight: 1, arbitrary: fc.constant("2026-11-29") },
        { weight: 1, arbitrary: fc.string() },
      )
      .map((date) => ({ type: "PICK_DAY" as const, date })),
  },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        { weight: 4, arbitrary: fc.constantFrom(...fewSlots.flatMap((d) => d.times)) },
        { weight: 1, arbitrary: fc.constantFrom(...allTimes) },
        { weight: 1, arbitrary: fc.string() },
      )
      .map((time) => ({ type: "PICK_TIME" as const, time })),
  },
  {
    weight: 2,
    arbitrary: profileArb.map((profile) =>
      profile ? { type: "CONFIRM" as const, profile } : { type: "CONFIRM" as const },
    ),
  },
  { weight: 1, arbitrary: fc.constant({ type: "BACK" as const }) },
  { weight: 1, arbitrary: fc.constant({ type: "@settle" as const }) },
);
describe("test-drive dialog properties", () => {
  it("never schedules without valid details and a picked day and time among the offered slots, each booked once", async () => {
    let scheduled = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 40 }), fc.boolean(), async (steps, failFirst) => {
        const booking = fakeBooking((call) => failFirst && call === 1);
        const { actor } = start({ slots: fewSlots }, booking);
        for (const step of steps) {
          if (actor.getSnapshot().status === "done") break;
          if (step.type === "@settle") await new Promise((resolve) => setTimeout(resolve, 0));
          else actor.send(step);
        }
        await settled(actor);
        const { context } = actor.getSnapshot();
        if (actor.getSnapshot().matches("scheduled")) {
          scheduled++;
          expect(isValidProfile(context.contact)).toBe(true);
          const day = fewSlots.find((d) => d.date === context.date);
          expect(day?.times).toContain(context.time);
          expect(booking.booked).toEqual([
            { date: context.date, time: context.time, profile: context.contact, vin: null },
          ]);
        } else {
          expect(booking.booked).toEqual([]);
        }
      }),
      RUNS,
    );
    // Guards against a generator that never gets a dialog booked, which would make the property vacuous.
    expect(scheduled).toBeGreaterThan(RUNS.numRuns / 20);
  });
});
