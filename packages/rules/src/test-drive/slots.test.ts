import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closedDatesSchema } from "./closed-dates.schema";
import { slotDayLabel, slotTimeLabel, testDriveSlots } from "./slots";
import type { WorkingHours } from "./working-hours.schema";

const RUNS = { numRuns: 200 };
const MINUTE = 60_000;

/** Spec section 9: Monday to Friday 10–19, Saturday 10–17, Sunday closed. */
const salesHours: WorkingHours = [
  ...Array.from({ length: 5 }, () => ({ closed: false, open: 10, close: 19 })),
  { closed: false, open: 10, close: 17 },
  { closed: true, open: 0, close: 0 },
];
const everyDay = (open: number, close: number): WorkingHours =>
  Array.from({ length: 7 }, () => ({ closed: false, open, close }));

const CHICAGO = "America/Chicago";

describe("testDriveSlots examples", () => {
  it("offers the spec's sales hours for a week from Monday morning in Chicago, Sunday closed", () => {
    const slots = testDriveSlots({
      now: new Date("2026-11-23T08:00:00-06:00"),
      workingHours: salesHours,
      timeZone: CHICAGO,
    });
    expect(slots.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
    expect(slots[0]?.times[0]).toBe("2026-11-23T10:00:00-06:00");
    expect(slots[0]?.times.at(-1)).toBe("2026-11-23T18:30:00-06:00");
    expect(slots[0]?.times).toHaveLength(18);
    expect(slots[5]?.times).toHaveLength(14);
    expect(slots[5]?.times.at(-1)).toBe("2026-11-28T16:30:00-06:00");
  });

  it("starts no earlier than an hour from now, on the half-hour grid from opening", () => {
    const slots = testDriveSlots({
      now: new Date("2026-11-23T10:10:00-06:00"),
      workingHours: salesHours,
      timeZone: CHICAGO,
    });
    expect(slots[0]?.times[0]).toBe("2026-11-23T11:30:00-06:00");
  });

  it("skips today once no slot is left, and takes custom days, slot length and lead time", () => {
    const slots = testDriveSlots({
      now: new Date("2026-11-23T18:20:00-06:00"),
      workingHours: salesHours,
      timeZone: CHICAGO,
      days: 2,
      slotMinutes: 45,
      leadMinutes: 0,
    });
    expect(slots).toEqual([
      {
        date: "2026-11-24",
        times: Array.from({ length: 12 }, (_, i) => {
          const minutes = 600 + i * 45;
          return `2026-11-24T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00-06:00`;
        }),
      },
    ]);
  });

  it("switches from -06:00 to -05:00 across the March change in Chicago", () => {
    const slots = testDriveSlots({
      now: new Date("2026-03-06T07:00:00-06:00"),
      workingHours: salesHours,
      timeZone: CHICAGO,
    });
    expect(slots.map((d) => d.times[0])).toEqual([
      "2026-03-06T10:00:00-06:00",
      "2026-03-07T10:00:00-06:00",
      "2026-03-09T10:00:00-05:00",
      "2026-03-10T10:00:00-05:00",
      "2026-03-11T10:00:00-05:00",
      "2026-03-12T10:00:00-05:00",
    ]);
  });

  it("skips the hour that does not exist when Chicago springs forward, and offers the repeated hour once in November", () => {
    const early = everyDay(1, 4);
    const spring = testDriveSlots({
      now: new Date("2026-03-07T12:00:00-06:00"),
      workingHours: early,
      timeZone: CHICAGO,
      days: 2,
    });
    expect(spring.find((d) => d.date === "2026-03-08")?.times).toEqual([
      "2026-03-08T01:00:00-06:00",
      "2026-03-08T01:30:00-06:00",
      "2026-03-08T03:00:00-05:00",
      "2026-03-08T03:30:00-05:00",
    ]);
    const fall = testDriveSlots({
      now: new Date("2026-10-31T12:00:00-05:00"),
      workingHours: early,
      timeZone: CHICAGO,
      days: 2,
    });
    expect(fall.find((d) => d.date === "2026-11-01")?.times).toEqual([
      "2026-11-01T01:00:00-05:00",
      "2026-11-01T01:30:00-05:00",
      "2026-11-01T02:00:00-06:00",
      "2026-11-01T02:30:00-06:00",
      "2026-11-01T03:00:00-06:00",
      "2026-11-01T03:30:00-06:00",
    ]);
  });

  it("handles London's March change at 1:00 and Lord Howe Island's half-hour change", () => {
    const london = testDriveSlots({
      now: new Date("2026-03-28T12:00:00Z"),
      workingHours: everyDay(0.5, 2.5),
      timeZone: "Europe/London",
      days: 2,
    });
    expect(london.find((d) => d.date === "2026-03-29")?.times).toEqual([
      "2026-03-29T00:30:00+00:00",
      "2026-03-29T02:00:00+01:00",
    ]);
    const lordHowe = testDriveSlots({
      now: new Date("2026-10-03T12:00:00+10:30"),
      workingHours: everyDay(1.5, 3),
      timeZone: "Australia/Lord_Howe",
      days: 2,
    });
    expect(lordHowe.find((d) => d.date === "2026-10-04")?.times).toEqual([
      "2026-10-04T01:30:00+10:30",
      "2026-10-04T02:30:00+11:00",
    ]);
  });

  it("runs across month and year ends and writes UTC as +00:00", () => {
    const slots = testDriveSlots({
      now: new Date("2026-12-30T00:00:00Z"),
      workingHours: everyDay(9, 10),
      timeZone: "UTC",
      days: 4,
    });
    expect(slots.map((d) => d.date)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(slots[2]?.times).toEqual(["2027-01-01T09:00:00+00:00", "2027-01-01T09:30:00+00:00"]);
  });

  it("closes at midnight when the hours say 24", () => {
    const slots = testDriveSlots({
      now: new Date("2026-06-01T00:00:00-05:00"),
      workingHours: everyDay(23, 24),
      timeZone: CHICAGO,
      days: 1,
    });
    expect(slots).toEqual([{ date: "2026-06-01", times: ["2026-06-01T23:00:00-05:00", "2026-06-01T23:30:00-05:00"] }]);
  });

  it("refuses an unknown time zone and working hours that are not seven days", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(() => testDriveSlots({ now, workingHours: salesHours, timeZone: "America/St_Louis" })).toThrow();
    expect(() => testDriveSlots({ now, workingHours: salesHours.slice(1), timeZone: CHICAGO })).toThrow();
  });

  it("labels a slot in the dealer's zone and a day by its calendar date", () => {
    expect(slotTimeLabel("2026-11-23T10:30:00-06:00", CHICAGO)).toBe("10:30 AM");
    expect(slotTimeLabel("2026-11-23T16:30:00Z", CHICAGO)).toBe("10:30 AM");
    expect(slotDayLabel("2026-11-23")).toBe("Monday, November 23");
  });
});

// ---- Properties, checked against Intl (the runtime's own time-zone data), not against the library under test ----

interface Wall {
  date: string;
  minutes: number;
  weekday: number;
  offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: number, timeZone: string): Wall {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const [y, m, d, h, min] = [parts.year, parts.month, parts.day, parts.hour, parts.minute].map(Number) as number[];
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: (h ?? 0) * 60 + (min ?? 0),
    weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? ""),
    offset: Math.round((asUtc - Math.floor(instant / MINUTE) * MINUTE) / MINUTE),
  };
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function offsetText(offset: number): string {
  const abs = Math.abs(offset);
  return `${offset < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Zones with DST at different hours, of 30 or 60 minutes, north and south; plus zones without DST. */
const ZONES = [
  "America/Chicago",
  "America/New_York",
  "Europe/London",
  "Europe/Berlin",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Asia/Kolkata",
  "UTC",
];
/** 2026's changes in those zones (UTC instants): Chicago and New York in March and November, Europe in March and
 * October, the southern zones in April and October. */
const TRANSITIONS = [
  "2026-03-08T08:00:00Z",
  "2026-11-01T07:00:00Z",
  "2026-03-08T07:00:00Z",
  "2026-11-01T06:00:00Z",
  "2026-03-29T01:00:00Z",
  "2026-10-25T01:00:00Z",
  "2026-04-04T16:00:00Z",
  "2026-10-03T16:00:00Z",
  "2026-04-04T15:00:00Z",
  "2026-10-03T15:30:00Z",
  "2026-04-04T14:00:00Z",
  "2026-09-26T14:00:00Z",
].map((iso) => Date.parse(iso));

/** Now: within nine days before to a day after a transition, so the window spans it; sometimes any time. */
const nowArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -9 * 1440, max: 1440 }))
    .map(([at, minutes]) => new Date(at + minutes * MINUTE)),
  fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }),
);

/** Quarter-hour working hours, some covering the small hours when clocks change; about one day in five closed. */
const dayArb = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 96 }), fc.integer({ min: 0, max: 96 }))
  .filter(([, a, b]) => a !== b)
  .map(([closedDraw, a, b]) => ({ closed: closedDraw === 0, open: Math.min(a, b) / 4, close: Math.max(a, b) / 4 }));
const scenarioArb = fc.record({
  now: nowArb,
  timeZone: fc.constantFrom(...ZONES),
  workingHours: fc.array(dayArb, { minLength: 7, maxLength: 7 }),
  days: fc.integer({ min: 1, max: 9 }),
  slotMinutes: fc.constantFrom(15, 30, 45, 60, 90),
  leadMinutes: fc.integer({ min: 0, max: 600 }),
});

describe("testDriveSlots properties", () => {
  it("every slot lies inside working hours in the dealer's zone, on the grid, on an open day, never before now + lead, with the zone's true offset", () => {
    fc.assert(
      fc.property(scenarioArb, ({ now, timeZone, workingHours, days, slotMinutes, leadMinutes }) => {
        const slots = testDriveSlots({ now, timeZone, workingHours, days, slotMinutes, leadMinutes });
        const today = wallClock(now.getTime(), timeZone).date;
        const lastDay = addDays(today, days - 1);
        let previous = Number.NEGATIVE_INFINITY;
        for (const { date, times } of slots) {
          expect(times.length).toBeGreaterThan(0);
          expect(date >= today && date <= lastDay).toBe(true);
          for (const time of times) {
            const instant = Date.parse(time);
            expect(instant).toBeGreaterThan(previous);
            previous = instant;
            expect(instant).toBeGreaterThanOrEqual(now.getTime() + leadMinutes * MINUTE);
            const wall = wallClock(instant, timeZone);
            const hours = workingHours[wall.weekday];
            expect(hours?.closed).toBe(false);
            const [open, close] = [(hours?.open ?? 0) * 60, (hours?.close ?? 0) * 60];
            expect(wall.date).toBe(date);
            expect(wall.minutes).toBeGreaterThanOrEqual(open);
            expect(wall.minutes + slotMinutes).toBeLessThanOrEqual(close);
            expect((wall.minutes - open) % slotMinutes).toBe(0);
            const hhmm = `${String(Math.floor(wall.minutes / 60)).padStart(2, "0")}:${String(wall.minutes % 60).padStart(2, "0")}`;
            expect(time).toBe(`${date}T${hhmm}:00${offsetText(wall.offset)}`);
          }
        }
      }),
      RUNS,
    );
  });

  it("offers every grid start that exists on an open day, ends by closing and starts after now + lead, each wall time once", () => {
    fc.assert(
      fc.property(scenarioArb, ({ now, timeZone, workingHours, days, slotMinutes, leadMinutes }) => {
        const quarter = 15 * MINUTE;
        const earliest = now.getTime() + leadMinutes * MINUTE;
        const today = wallClock(now.getTime(), timeZone).date;
        const lastDay = addDays(today, days - 1);
        const expected: string[] = [];
        // Every zone here has an offset of whole quarter hours, so every local quarter hour is a UTC quarter hour.
        for (let t = Math.ceil(earliest / quarter) * quarter; ; t += quarter) {
          const wall = wallClock(t, timeZone);
          if (wall.date > lastDay) break;
          const hours = workingHours[wall.weekday];
          if (!hours || hours.closed || wall.date < today) continue;
          const [open, close] = [hours.open * 60, hours.close * 60];
          if (wall.minutes < open || wall.minutes + slotMinutes > close || (wall.minutes - open) % slotMinutes !== 0)
            continue;
          // When clocks fall back a wall time happens twice; only its first occurrence is a slot.
          const repeated = [30, 60].some((back) => {
            const earlier = wallClock(t - back * MINUTE, timeZone);
            return earlier.date === wall.date && earlier.minutes === wall.minutes;
          });
          if (repeated) continue;
          const hhmm = `${String(Math.floor(wall.minutes / 60)).padStart(2, "0")}:${String(wall.minutes % 60).padStart(2, "0")}`;
          expected.push(`${wall.date}T${hhmm}:00${offsetText(wall.offset)}`);
        }
        const actual = testDriveSlots({ now, timeZone, workingHours, days, slotMinutes, leadMinutes }).flatMap(
          (d) => d.times,
        );
        expect(actual).toEqual(expected);
      }),
      RUNS,
    );
  });

  it("closed days never appear", () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 6 }), (scenario, closedDay) => {
        const workingHours = scenario.workingHours.map((day, i) => (i === closedDay ? { ...day, closed: true } : day));
        for (const { date } of testDriveSlots({ ...scenario, workingHours })) {
          const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
          expect(weekday).not.toBe(closedDay);
        }
      }),
      RUNS,
    );
  });

  it("no offered date is ever a closed date, and closing dates removes exactly those days and nothing else", () => {
    fc.assert(
      fc.property(
        scenarioArb,
        // Offsets from the dealer's today: inside the window, just past it, and before it.
        fc.uniqueArray(fc.integer({ min: -2, max: 10 }), { maxLength: 6 }),
        (scenario, offsets) => {
          const today = wallClock(scenario.now.getTime(), scenario.timeZone).date;
          const closedDates = offsets.map((n) => addDays(today, n));
          const open = testDriveSlots(scenario);
          const slots = testDriveSlots({ ...scenario, closedDates });
          for (const { date, times } of slots) {
            expect(closedDates).not.toContain(date);
            for (const time of times) expect(closedDates).not.toContain(time.slice(0, 10));
          }
          expect(slots).toEqual(open.filter((day) => !closedDates.includes(day.date)));
        },
      ),
      RUNS,
    );
  });
});

describe("closed dates (holidays)", () => {
  it("skips Thanksgiving and Christmas in the spec's sales hours and keeps the days around them", () => {
    const slots = testDriveSlots({
      now: new Date("2026-11-23T08:00:00-06:00"),
      workingHours: salesHours,
      timeZone: CHICAGO,
      days: 35,
      closedDates: ["2026-11-26", "2026-12-25"],
    });
    const dates = slots.map((d) => d.date);
    expect(dates).not.toContain("2026-11-26");
    expect(dates).not.toContain("2026-12-25");
    expect(dates).toContain("2026-11-25");
    expect(dates).toContain("2026-11-27");
    expect(dates).toContain("2026-12-24");
    expect(dates).toContain("2026-12-26");
  });

  it("refuses a closed date that is not a calendar day", () => {
    expect(() =>
      testDriveSlots({
        now: new Date("2026-11-23T08:00:00-06:00"),
        workingHours: salesHours,
        timeZone: CHICAGO,
        closedDates: ["2026-02-30"],
      }),
    ).toThrow(/calendar day/);
  });

  it("reads a dealer's closed dates: each a calendar day with a name, each day once", () => {
    expect(
      closedDatesSchema.safeParse([
        { date: "2026-11-26", name: "Thanksgiving" },
        { date: "2026-12-25", name: "Christmas Day" },
      ]).success,
    ).toBe(true);
    expect(closedDatesSchema.safeParse([{ date: "2026-11-31", name: "Nope" }]).success).toBe(false);
    expect(closedDatesSchema.safeParse([{ date: "2026-11-26", name: " " }]).success).toBe(false);
    const twice = closedDatesSchema.safeParse([
      { date: "2026-12-25", name: "Christmas" },
      { date: "2026-12-25", name: "Christmas Day" },
    ]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe("2026-12-25 is listed twice.");
  });
});
