import { crossCheckOfferRules, OFFER_RULE_FILES } from "../offer/offer-rules";
import type { OfferOutcomes } from "../offer/outcomes.schema";
import type { OfferSettings } from "../offer/settings.schema";
import type { Questionnaire } from "../questionnaire/questionnaire.schema";
import { zodProblems } from "../questionnaire/rule-problems";
import { allRuleFiles } from "../rule-files";
import { type RuleFile, type RuleProblem, safeParse } from "../shared/rule-file";
import { BUILT_IN_RULES_DIR, readRuleDir } from "./rule-dir";

export interface CheckReport {
  readonly dir: string;
  /** Known rule files found in the directory and validated. */
  readonly checked: readonly string[];
  /** Known rule files missing from the directory: the package defaults apply to them. */
  readonly defaulted: readonly string[];
  readonly problems: readonly RuleProblem[];
}

/**
 * Validates every rule file the package knows that is in `dir` (the package's own `rules/` by default): each
 * against its schema, then the files against each other. JSON files the package does not know are problems too,
 * since a misspelt file name would otherwise be silently ignored.
 */
export async function checkRules(
  dir: string = BUILT_IN_RULES_DIR,
  ruleFiles: readonly RuleFile[] = allRuleFiles,
): Promise<CheckReport> {
  const found = await readRuleDir(dir);
  const problems: RuleProblem[] = [...found.problems];
  const known = new Map(ruleFiles.map((f) => [f.name, f]));
  for (const name of found.files.keys()) {
    if (!known.has(name)) {
      problems.push({
        file: name,
        path: "$",
        message: `Not a rule file this package knows. Known files: ${[...known.keys()].join(", ")}.`,
      });
    }
  }
  const values = new Map<string, unknown>();
  const checked: string[] = [];
  const defaulted: string[] = [];
  for (const file of ruleFiles) {
    if (!found.files.has(file.name)) {
      if (!found.problems.some((p) => p.file === file.name)) defaulted.push(file.name);
      values.set(file.name, file.defaults);
      continue;
    }
    checked.push(file.name);
    const result = safeParse(file.schema, found.files.get(file.name));
    if (result.success) values.set(file.name, result.data);
    else problems.push(...zodProblems(file.name, result.error, found.files.get(file.name), file.schema));
  }
  const questionnaire = values.get(OFFER_RULE_FILES.questionnaire) as Questionnaire | undefined;
  if (questionnaire) {
    problems.push(
      ...crossCheckOfferRules({
        questionnaire,
        outcomes: values.get(OFFER_RULE_FILES.outcomes) as OfferOutcomes | undefined,
        settings: values.get(OFFER_RULE_FILES.settings) as OfferSettings | undefined,
      }),
    );
  }
  return { dir: found.dir, checked, defaulted, problems };
}

/** The report as lines: one per file, then every problem as `file: $.json.path: message`. */
export function formatCheckReport(report: CheckReport): string[] {
  const failing = new Set(report.problems.map((p) => p.file));
  const lines = [`Checking rule files in ${report.dir}`];
  for (const name of report.checked) lines.push(`  ${failing.has(name) ? "FAIL   " : "ok     "} ${name}`);
  for (const name of report.defaulted) {
    lines.push(`  default ${name} (not in this directory: the package default applies)`);
  }
  for (const name of failing) {
    if (!report.checked.includes(name)) lines.push(`  FAIL    ${name}`);
  }
  if (report.problems.length === 0) {
    lines.push(`All ${report.checked.length + report.defaulted.length} rule files are valid.`);
    return lines;
  }
  lines.push("");
  for (const p of report.problems) lines.push(`${p.file}: ${p.path}: ${p.message}`);
  const count = report.problems.length;
  lines.push("", `${count} problem${count === 1 ? "" : "s"} in ${failing.size} file${failing.size === 1 ? "" : "s"}.`);
  return lines;
}
