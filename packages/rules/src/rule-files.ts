import { ruleFiles as consent } from "./consent/rule-files";
import { ruleFiles as financing } from "./financing/rule-files";
import { ruleFiles as inventory } from "./inventory/rule-files";
import { ruleFiles as leads } from "./leads/rule-files";
import { ruleFiles as offer } from "./offer/rule-files";
import { ruleFiles as popups } from "./popups/rule-files";
import { ruleFiles as questionnaire } from "./questionnaire/rule-files";
import type { RuleFile } from "./shared/rule-file";
import { ruleFiles as testDrive } from "./test-drive/rule-files";
import { ruleFiles as tracking } from "./tracking/rule-files";
import { ruleFiles as unlockPrice } from "./unlock-price/rule-files";

/** Every rule file the package knows, by area: what `showroom-rules check` validates and `schemas/` describes. */
export const allRuleFiles: readonly RuleFile[] = [
  ...questionnaire,
  ...offer,
  ...financing,
  ...unlockPrice,
  ...testDrive,
  ...consent,
  ...popups,
  ...leads,
  ...inventory,
  ...tracking,
];
