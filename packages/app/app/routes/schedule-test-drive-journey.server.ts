// One vehicle's test drive as the server sees it: the scene of a request (the car, its store, the slots open now,
// the visitor) and the visitor's journey on the test-drive machine, resumed from `visitors.journeys`.
import {
  type DaySlots,
  persistedTestDriveSchema,
  resumeTestDrive,
  slotDayLabel,
  slotTimeLabel,
  type TestDriveInput,
  type TestDriveMachine,
  testDriveSlots,
} from "@showroom/rules/test-drive";
import { type Actor, createActor, type SnapshotFrom } from "xstate";
import { notFound } from "../content/seo.server";
import type { Site } from "../content/site.server";
import type { Store } from "../content/stores.server";
import type { VehicleDetail } from "../server/search/types";
import { getVehicleByVin } from "../server/search/vehicle.server";
import { readVisitor, type VisitorState } from "../server/visitor-state.server";

/** The key of a vehicle's test-drive journey in `visitors.journeys`. */
export function testDriveJourneyKey(vin: string): string {
  return `test-drive:${vin}`;
}

export type TestDriveStep = "pickDay" | "pickTime" | "confirmDetails";

/** A slot as the forms post it (`HH:mm` on the dealer's wall clock) and as shoppers read it. */
interface TimeOption {
  value: string;
  label: string;
  /** The slot start as the machine knows it: ISO 8601 with the dealer's offset. */
  slot: string;
}

export interface DayOption {
  date: string;
  label: string;
  times: TimeOption[];
}

export interface TestDriveOptions {
  /** The clock; tests pin it (DST days, stale slots). */
  now?: Date;
}

/** Everything a request about one vehicle's test drive needs: the car, its store, and the slots open now. */
export interface Scene {
  vehicle: VehicleDetail;
  store: Store;
  timeZone: string;
  now: Date;
  slots: DaySlots[];
  visitor: VisitorState;
}

export async function sceneOf(site: Site, request: Request, vinParam: string, now: Date): Promise<Scene> {
  const { db } = site.services;
  const visitor = await readVisitor(db, site.visitor);
  const vehicle = await getVehicleByVin(db, vinParam, { now, conditions: site.settings.vehicleConditions });
  // A private vehicle is not there for a visitor who has not unlocked private inventory: same 404 as unknown.
  if (!vehicle || (vehicle.private && !visitor.inventoryUnlocked)) notFound(request);
  const store = site.stores.find((s) => s.id === vehicle.storeId) ?? site.store;
  const timeZone = store.dealer.timezone;
  const { closedDates } = store.dealer;
  // Holidays of the dealer profile are never offered, and a post naming one is refused by its name.
  const slots = testDriveSlots({
    now,
    workingHours: store.dealer.sales.workingHours,
    timeZone,
    closedDates: closedDates.map((day) => day.date),
  });
  return { vehicle, store, timeZone, now, slots, visitor };
}

/** `HH:mm` of a slot start: its wall-clock time, as written in the ISO string with the dealer's offset. */
export function wallTime(iso: string): string {
  return iso.slice(11, 16);
}

/** The ISO start of the slot at `HH:mm` on `date`, when it is offered. */
export function slotAt(slots: readonly DaySlots[], date: string, time: string): string | null {
  return slots.find((day) => day.date === date)?.times.find((iso) => wallTime(iso) === time) ?? null;
}

function sameSlots(a: readonly DaySlots[], b: readonly DaySlots[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function stepOf(snapshot: SnapshotFrom<TestDriveMachine>): TestDriveStep | "scheduled" {
  if (snapshot.matches("scheduled")) return "scheduled";
  if (snapshot.matches("confirmDetails")) return "confirmDetails";
  if (snapshot.matches("pickTime")) return "pickTime";
  return "pickDay";
}

/**
 * The visitor's journey for this vehicle, started: resumed from `visitors.journeys` when the stored snapshot is
 * valid and was taken on the slots open now; replayed onto today's slots when time has moved them (a choice that is
 * no longer offered is dropped, so the shopper lands on the step to make it again); fresh otherwise.
 */
export function openJourney(
  machine: TestDriveMachine,
  stored: unknown,
  input: TestDriveInput,
): Actor<TestDriveMachine> {
  const resumed = resumeTestDrive(machine, stored);
  const parsed = persistedTestDriveSchema.safeParse(stored);
  if (resumed && parsed.success && parsed.data.context.vin === input.vin) {
    const { context, value } = parsed.data;
    if (sameSlots(context.slots, input.slots ?? [])) return resumed.start();
    const replayed = createActor(machine, { input: { ...input, profile: context.contact } }).start();
    if (value !== "pickDay" && context.date) replayed.send({ type: "PICK_DAY", date: context.date });
    if (typeof value === "object" && context.time) replayed.send({ type: "PICK_TIME", time: context.time });
    return replayed;
  }
  return createActor(machine, { input }).start();
}

export function dayOptions(slots: readonly DaySlots[], timeZone: string): DayOption[] {
  return slots.map((day) => ({
    date: day.date,
    label: slotDayLabel(day.date),
    times: day.times.map((iso) => ({ value: wallTime(iso), label: slotTimeLabel(iso, timeZone), slot: iso })),
  }));
}
