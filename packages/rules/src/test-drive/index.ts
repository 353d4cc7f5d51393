/**
 * Test drive (spec sections 3, 4, 8): slots from a dealer's working hours in the dealer's time zone, the
 * pick-day → pick-time → confirm → scheduled dialog, the two-step private-inventory unlock, and the dialogs' words.
 */

export {
  ActorNotProvidedError,
  InputError,
  type InputProblem,
  ShowroomRulesError,
  type ShowroomRulesErrorCode,
} from "../shared/errors";
export {
  type ClosedDate,
  calendarDaySchema,
  closedDateSchema,
  closedDatesSchema,
  isCalendarDay,
} from "./closed-dates.schema";
export { defaultTestDriveRules } from "./defaults";
export {
  type InventoryUnlockContext,
  type InventoryUnlockEvent,
  type InventoryUnlockInput,
  type InventoryUnlockMachine,
  inventoryUnlockInputSchema,
  inventoryUnlockMachine,
  type UnlockInventoryInput,
} from "./inventory-unlock.machine";
export {
  persistedInventoryUnlockSchema,
  persistedTestDriveSchema,
  resumeInventoryUnlock,
  resumeTestDrive,
} from "./persistence";
export { type DaySlots, slotDayLabel, slotTimeLabel, testDriveSlots } from "./slots";
export { type TestDriveSlotsOptions, testDriveSlotsOptionsSchema } from "./slots-options.schema";
export {
  type BookTestDriveInput,
  type TestDriveContext,
  type TestDriveEvent,
  type TestDriveInput,
  type TestDriveMachine,
  type TestDriveOutput,
  testDriveInputSchema,
  testDriveMachine,
} from "./test-drive.machine";
export { type TestDriveRules, testDriveRulesSchema } from "./test-drive.schema";
export {
  bookedSlotLabel,
  SAVE_DETAILS_ERROR,
  scheduledToast,
  TEST_DRIVE_BOOKING_FAILED_TOAST,
  TEST_DRIVE_DETAILS_MISSING_TOAST,
  TEST_DRIVE_SCHEDULED_TOAST,
  TEST_DRIVE_TEXTS,
  TOAST_LIFE_MS,
  type Toast,
} from "./texts";
export { isTimeZone } from "./time-zone";
export { WEEKDAYS, type Weekday } from "./weekdays";
export { type WorkingDay, type WorkingHours, workingDaySchema, workingHoursSchema } from "./working-hours.schema";
