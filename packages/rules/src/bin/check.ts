import { crossCheckOfferRules, OFFER_RULE_FILES } from "../offer/offer-rules";
import type { OfferOutcomes } from "../offer/outcomes.schema";
import type { OfferSettings } from "../offer/settings.schema";
import type { Questionnaire } from "../questionnaire/questionnaire.schema";
import { zodProblems } from "../questionnaire/rule-problems";
import { allRuleFiles } from "../rule-files";
import { formatRuleProblem, jsonPath, type RuleFile, type RuleProblem, safeParse } from "../shared/rule-file";
import { didYouMean } from "../shared/spelling";
import { JsonText } from "./json-positions";
import { subjectOf } from "./problem-subjects";
import { analyzeOfferRules } from "./rule-analysis";
import { BUILT_IN_RULES_DIR, type RuleDir, readRuleDir } from "./rule-dir";

export interface CheckReport {
  readonly dir: string;
  /** Known rule files found in the directory and validated. */
  readonly checked: readonly string[];
  /** Known rule files missing from the directory: the package defaults apply to them. */
  readonly defaulted: readonly string[];
  /**
   * Every problem, in file order and then by line: each says where (file, JSON path, and when the file was read its
   * line, column and the rule or question at fault) and, in plain words, what to write instead.
   */
  readonly problems: readonly RuleProblem[];
}

/**
 * Validates every rule file the package knows that is in `dir` (the package's own `rules/` by default): each
 * against its schema, then the files against each other, then what a schema cannot see (deduction lines that
 * overlap or leave a gap, names used twice, questions never shown, rules that can never hold). JSON files the
 * package does not know are problems too, since a misspelt file name would otherwise be silently ignored.
 */
export async function checkRules(
  dir: string = BUILT_IN_RULES_DIR,
  ruleFiles: readonly RuleFile[] = allRuleFiles,
): Promise<CheckReport> {
  return checkRuleDir(await readRuleDir(dir), ruleFiles);
}

/** {@link checkRules} on rule files already read (from a directory, or as texts from elsewhere). */
export function checkRuleDir(found: RuleDir, ruleFiles: readonly RuleFile[] = allRuleFiles): CheckReport {
  const problems: RuleProblem[] = [...found.problems];
  const known = new Map(ruleFiles.map((f) => [f.name, f]));
  for (const name of found.files.keys()) {
    if (!known.has(name)) {
      const names = [...known.keys()];
      problems.push({
        file: name,
        path: "$",
        message: `This is not a rule file the package knows, so it would be ignored.${didYouMean(name, names)} The rule files are: ${names.join(", ")}.`,
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
    const json = found.files.get(file.name);
    const result = safeParse(file.schema, json);
    if (result.success) values.set(file.name, result.data);
    else problems.push(...zodProblems(file.name, result.error, json, file.schema));
  }
  const questionnaire = values.get(OFFER_RULE_FILES.questionnaire) as Questionnaire | undefined;
  if (questionnaire) {
    const offerRules = {
      questionnaire,
      outcomes: values.get(OFFER_RULE_FILES.outcomes) as OfferOutcomes | undefined,
      settings: values.get(OFFER_RULE_FILES.settings) as OfferSettings | undefined,
    };
    const cross = crossCheckOfferRules(offerRules);
    problems.push(...cross);
    const offerFiles: readonly string[] = Object.values(OFFER_RULE_FILES);
    // The analysis reads the rules as the engine would, so only rules that passed every check above.
    if (!problems.some((p) => offerFiles.includes(p.file))) {
      for (const finding of analyzeOfferRules(offerRules)) {
        problems.push({ file: finding.file, path: jsonPath(finding.path), message: finding.message });
      }
    }
  }
  return { dir: found.dir, checked, defaulted, problems: locate(problems, found) };
}

/** `$.a[0]["b c"]` → `["a", 0, "b c"]` */
export function pathSegments(path: string): PropertyKey[] {
  const segments: PropertyKey[] = [];
  for (const [, name, index, quoted] of path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    if (name !== undefined) segments.push(name);
    else if (index !== undefined) segments.push(Number(index));
    else if (quoted !== undefined) segments.push(JSON.parse(quoted) as string);
  }
  return segments;
}

/** Each problem with its line, column and subject, from the file as written; in file order, then by line. */
export function locate(
  problems: readonly RuleProblem[],
  found: { files: ReadonlyMap<string, unknown>; texts: ReadonlyMap<string, string> },
): RuleProblem[] {
  const texts = new Map<string, JsonText>();
  const located = problems.map((problem) => {
    const text = found.texts.get(problem.file);
    if (text === undefined) return problem;
    const path = pathSegments(problem.path);
    const subject = subjectOf(problem.file, found.files.get(problem.file), path);
    if (problem.line !== undefined) return subject && !problem.subject ? { ...problem, subject } : problem;
    let json = texts.get(problem.file);
    if (!json) {
      json = new JsonText(text);
      texts.set(problem.file, json);
    }
    const key = /^"([^"]+)" is not a field here/.exec(problem.message)?.[1];
    const position = json.position(path, key);
    return { ...problem, ...(position ?? {}), ...(subject ? { subject } : {}) };
  });
  const order = (file: string) => [...found.texts.keys()].indexOf(file);
  return located.sort((a, b) => order(a.file) - order(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

/** The report as lines: one per file, then every problem (see `formatRuleProblem`), then a count. */
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
  for (const p of report.problems) lines.push(formatRuleProblem(p));
  const count = report.problems.length;
  lines.push("", `${count} problem${count === 1 ? "" : "s"} in ${failing.size} file${failing.size === 1 ? "" : "s"}.`);
  return lines;
}
