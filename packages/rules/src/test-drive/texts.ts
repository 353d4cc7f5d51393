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
