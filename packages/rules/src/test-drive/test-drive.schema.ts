import * as z from "zod/mini";

// zod/mini, as on every browser subpath (ADR 213).
const whole = (min: number, max: number, description: string) =>
  z.int().check(z.minimum(min), z.maximum(max), z.describe(description));

/** The test-drive rule file (`rules/test-drive.json`): how far ahead and how finely slots are offered. */
export const testDriveRulesSchema = z.strictObject({
  $schema: z.optional(
    z.string().check(z.describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
  ),
  days: whole(1, 60, "Calendar days of slots offered, today included, from 1 to 60, like 7."),
  slotMinutes: whole(5, 240, "Minutes of one slot, and the spacing of slots from opening time, like 30."),
  leadMinutes: whole(
    0,
    7 * 24 * 60,
    "Minutes between now and the earliest slot offered, so the store has time to prepare, like 60.",
  ),
});

export type TestDriveRules = z.infer<typeof testDriveRulesSchema>;
