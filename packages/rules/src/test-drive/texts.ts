/** A toast as the app's toaster shows it (spec section 3): severity, summary, detail and life in milliseconds. */
export interface Toast {
  severity: "info" | "success" | "warn" | "error";
  summary: string;
  detail: string;
  life: number;
}

/** Toast life from spec section 9. */
export const TOAST_LIFE_MS = 5000;

/** The test-drive dialog's words (spec section 4). */
export const TEST_DRIVE_TEXTS = {
  dialogTitle: "Unlock Vehicle Inventory",
  pickDay: "What day works best?",
  pickTime: "What time works best?",
  confirmDetails: "Confirm your details to schedule",
  submit: "Schedule Test Drive Now",
} as const;

/** Shown when the test drive is booked (spec section 8). */
export const TEST_DRIVE_SCHEDULED_TOAST: Toast = {
  severity: "success",
  summary: "Test Drive Scheduled",
  detail: "Your test drive has been scheduled. Someone from our team will reach out to confirm it shortly.",
  life: TOAST_LIFE_MS,
};

/** "10:30 AM" of a slot start (ISO 8601 with the dealer's offset): its wall-clock time, whatever the browser's zone. */
function wallClockLabel(slot: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(slot);
  if (!match) return slot;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** "Friday, November 27" of a `yyyy-mm-dd` calendar day. */
function calendarDayLabel(date: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The booked day and time as the confirmation repeats them: "Friday, November 27 at 10:30 AM". */
export function bookedSlotLabel(date: string, slot: string): string {
  return `${calendarDayLabel(date)} at ${wallClockLabel(slot)}`;
}

/** The "Test Drive Scheduled" toast repeating the booked day and time, so the shopper can check them. */
export function scheduledToast(date: string, slot: string): Toast {
  return {
    ...TEST_DRIVE_SCHEDULED_TOAST,
    detail: `Your test drive on ${bookedSlotLabel(date, slot)} has been scheduled. Someone from our team will reach out to confirm it shortly.`,
  };
}

/** Shown when the shopper confirms without valid details (spec section 8). */
export const TEST_DRIVE_DETAILS_MISSING_TOAST: Toast = {
  severity: "error",
  summary: "Something went wrong",
  detail: "Please fill info about yourself.",
  life: TOAST_LIFE_MS,
};

/** The spec's error when a visitor's details cannot be saved (section 8, unlock inventory). */
export const SAVE_DETAILS_ERROR = "There was an error saving your information.";

/** Shown when the booking itself fails: the details were fine, saving them was not (ADR 024). */
export const TEST_DRIVE_BOOKING_FAILED_TOAST: Toast = {
  severity: "error",
  summary: "Something went wrong",
  detail: SAVE_DETAILS_ERROR,
  life: TOAST_LIFE_MS,
};
