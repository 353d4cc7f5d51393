import type { RuleFile } from "../shared/rule-file";
import { defaultTestDriveRules } from "./defaults";
import { testDriveRulesSchema } from "./test-drive.schema";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [
  {
    name: "test-drive.json",
    description: "Test-drive slots: days offered (today included), slot length, lead time before the first slot.",
    schema: testDriveRulesSchema,
    defaults: defaultTestDriveRules,
  },
];
