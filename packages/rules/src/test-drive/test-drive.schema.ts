import { z } from "zod";
import data from "../../rules/test-drive.json" with { type: "json" };
import { parseRuleFile } from "../shared/rule-file";

/** The test-drive rule file (`rules/test-drive.json`): how far ahead and how finely slots are offered. */
export const testDriveRulesSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Calendar days offered, today included. */
  days: z.number().int().min(1).max(60),
  /** Length of a slot and spacing of the grid from opening time. */
  slotMinutes: z.number().int().min(5).max(240),
  /** The earliest slot starts at least this long after now. */
  leadMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
});

export type TestDriveRules = z.infer<typeof testDriveRulesSchema>;

/** The test-drive rules that ship in `rules/test-drive.json`, validated at load. */
export const defaultTestDriveRules: TestDriveRules = parseRuleFile(testDriveRulesSchema, data, "test-drive.json");
