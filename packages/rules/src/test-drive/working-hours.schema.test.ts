import { describe, expect, it } from "vitest";
import { testDriveRulesSchema } from "./test-drive.schema";
import { WEEKDAYS } from "./weekdays";
import { workingHoursSchema } from "./working-hours.schema";

const open = (from: number, to: number) => ({ closed: false, open: from, close: to });
const salesHours = [
  ...Array.from({ length: 5 }, () => open(10, 19)),
  open(10, 17),
  { closed: true, open: 0, close: 0 },
];

function problems(value: unknown): string[] {
  const result = workingHoursSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("workingHoursSchema", () => {
  it("accepts the spec's sales hours, a closed Sunday with zero hours, and day labels in Monday-first order", () => {
    expect(problems(salesHours)).toEqual([]);
    expect(problems(salesHours.map((day, i) => ({ ...day, day: WEEKDAYS[i] })))).toEqual([]);
  });

  it("accepts half and quarter hours and a midnight close", () => {
    expect(problems([open(9.5, 17.75), ...salesHours.slice(1, 6), open(0, 24)])).toEqual([]);
  });

  it.each([
    ["six days", salesHours.slice(0, 6), ""],
    ["eight days", [...salesHours, open(10, 12)], ""],
    ["an open day that closes before it opens", [open(19, 10), ...salesHours.slice(1)], "0.close"],
    ["an open day that closes when it opens", [open(10, 10), ...salesHours.slice(1)], "0.close"],
    ["an hour past 24", [open(10, 25), ...salesHours.slice(1)], "0.close"],
    ["a negative hour", [open(-1, 10), ...salesHours.slice(1)], "0.open"],
    ["Sunday listed first", salesHours.map((day, i) => ({ ...day, day: WEEKDAYS[(i + 6) % 7] })), "0.day"],
  ])("refuses %s", (_, value, path) => {
    const found = problems(value);
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((p) => p.startsWith(`${path}:`))).toBe(true);
  });
});

describe("test-drive rule file", () => {
  it("ships 7 days, 30-minute slots and an hour's lead", async () => {
    const { default: data } = await import("../../rules/test-drive.json", { with: { type: "json" } });
    expect(testDriveRulesSchema.parse(data)).toEqual({
      $schema: "../schemas/test-drive.schema.json",
      days: 7,
      slotMinutes: 30,
      leadMinutes: 60,
    });
  });

  it("refuses a zero-length slot and unknown keys", () => {
    expect(testDriveRulesSchema.safeParse({ days: 7, slotMinutes: 0, leadMinutes: 60 }).success).toBe(false);
    expect(testDriveRulesSchema.safeParse({ days: 7, slotMinutes: 30, leadMinutes: 60, lead: 5 }).success).toBe(false);
  });
});
