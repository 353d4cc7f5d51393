import type { RuleFile } from "../shared/rule-file";

/** The rule files of this area, with the defaults that ship in `rules/`. */
export const ruleFiles: readonly RuleFile[] = [];
