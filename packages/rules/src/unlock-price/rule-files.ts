import type { RuleFile } from "../shared/rule-file";

/**
 * The rule files of this area, with the defaults that ship in `rules/`. None of its own: the stepper reads
 * `financing.json` (sliders, quote term, APR tiers), which the financing area registers.
 */
export const ruleFiles: readonly RuleFile[] = [];
