import { TZDate, tzOffset } from "@date-fns/tz";
import { parseInput } from "../shared/parse-input";
import { type TestDriveSlotsOptions, testDriveSlotsOptionsSchema } from "./slots-options.schema";

/** The open slots of one calendar day in the dealer's zone. */
export interface DaySlots {
  /** `YYYY-MM-DD` in the dealer's time zone. */
  date: string;
  /** Slot starts as ISO 8601 with the dealer's UTC offset, e.g. `2026-11-23T10:00:00-06:00`, earliest first. */
  times: string[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD` of a wall-clock time held as if it were UTC. */
function isoDate(wall: Date): string {
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** ISO 8601 to the second with a `±HH:MM` offset (never `Z`, so UTC reads `+00:00`). */
function isoWithOffset(wall: Date, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  return `${isoDate(wall)}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The offsets a zone may use on the calendar day starting at `midnight` (a wall-clock midnight held as if it were
 * UTC). Zone offsets stay within ±14 hours, so the offsets in force from a day before to a day after the day cover
 * every wall time on it.
 */
function offsetsAround(midnight: number, timeZone: string): number[] {
  return [...new Set([-DAY, 0, DAY, 2 * DAY].map((shift) => tzOffset(timeZone, new Date(midnight + shift))))];
}

/**
 * The instant a wall-clock time names in a zone, with the zone's offset then: the first occurrence when clocks fall
 * back and the time happens twice, or null when clocks spring forward over it. `wall` holds the wall-clock time as if
 * it were UTC; `offsets` are the candidates from {@link offsetsAround}.
 */
function resolveWallTime(
  wall: number,
  offsets: number[],
  timeZone: string,
): { instant: number; offset: number } | null {
  const [only] = offsets;
  // One offset all around the day: no change on it, so every wall time exists once.
  if (offsets.length === 1 && only !== undefined) return { instant: wall - only * MINUTE, offset: only };
  let first: { instant: number; offset: number } | null = null;
  for (const offset of offsets) {
    const instant = wall - offset * MINUTE;
    const consistent = tzOffset(timeZone, new Date(instant)) === offset;
    if (consistent && (first === null || instant < first.instant)) first = { instant, offset };
  }
  return first;
}

/**
 * Test-drive slots for the next `days` calendar days in the dealer's time zone, today included. Each open day
 * offers every start on the grid from opening time, `slotMinutes` apart, that ends by closing time and starts at
 * least `leadMinutes` after `now`; closed weekdays, `closedDates` (holidays) and days left without a slot are
 * skipped.
 *
 * The grid is the dealer's wall clock: a start that does not exist because clocks spring forward is skipped, and a
 * start that happens twice because clocks fall back is offered once, at its first occurrence (ADR 023).
 * Throws an `InputError` for working hours that are not seven valid days or an unknown time zone.
 */
export function testDriveSlots(options: TestDriveSlotsOptions): DaySlots[] {
  const { now, workingHours, timeZone, days, slotMinutes, leadMinutes, closedDates } = parseInput(
    testDriveSlotsOptionsSchema,
    options,
    "testDriveSlots options",
  );
  const earliest = now.getTime() + leadMinutes * MINUTE;
  const today = new TZDate(now.getTime(), timeZone);
  const closed = new Set(closedDates);
  const result: DaySlots[] = [];
  for (let offset = 0; offset < days; offset++) {
    // Calendar arithmetic on a UTC-held date: no zone can skip or repeat a day here.
    const midnight = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    const hours = workingHours[(new Date(midnight).getUTCDay() + 6) % 7];
    if (!hours || hours.closed || closed.has(isoDate(new Date(midnight)))) continue;
    const open = Math.round(hours.open * 60);
    const close = Math.round(hours.close * 60);
    const offsets = offsetsAround(midnight, timeZone);
    const times: string[] = [];
    for (let start = open; start + slotMinutes <= close; start += slotMinutes) {
      const wall = midnight + start * MINUTE;
      const resolved = resolveWallTime(wall, offsets, timeZone);
      if (resolved && resolved.instant >= earliest) times.push(isoWithOffset(new Date(wall), resolved.offset));
    }
    if (times.length > 0) result.push({ date: isoDate(new Date(midnight)), times });
  }
  return result;
}

/** A slot start as the dealer's wall-clock time for display, e.g. "10:30 AM", whatever zone the browser is in. */
export function slotTimeLabel(time: string, timeZone: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(time));
}

/** A slot day for display, e.g. "Monday, November 23". */
export function slotDayLabel(date: string, locale = "en-US"): string {
  // The date is a calendar day, not an instant: format its UTC noon in UTC so no zone can shift it.
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
