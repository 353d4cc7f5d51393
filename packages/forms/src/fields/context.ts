/**
 * What some rules need to know about "now". Age, model years and test-drive days depend on the date; schemas that
 * use them are factories taking a `FormContext`, so tests pin the date and the server and the browser agree on the
 * dealer's calendar day rather than on each machine's own.
 */
export interface FormContext {
  /** Today's date as `yyyy-mm-dd` in the dealership's time zone. */
  today: () => string;
}

/** Both stores keep St. Louis time (spec section 9). */
export const DEALER_TIME_ZONE = "America/Chicago";

/** The calendar date of `now` in `timeZone`, as `yyyy-mm-dd`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as yyyy-mm-dd, so no date library is needed in the browser bundle.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The real clock, in the dealer's time zone. */
export const defaultFormContext: FormContext = { today: () => todayIn(DEALER_TIME_ZONE) };

/** A context frozen on one day: for tests and for re-validating a stored submission as of its date. */
export function fixedFormContext(today: string): FormContext {
  return { today: () => today };
}
