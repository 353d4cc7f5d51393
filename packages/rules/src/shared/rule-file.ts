import type { z } from "zod";
import { ShowroomRulesError } from "./errors";
import { plainProblems } from "./plain-problems";
import { formatRuleProblem, type RuleProblem } from "./rule-problem";

// Callers across the package import these from here, where rule files are parsed.
export { formatRuleProblem, jsonPath, type RuleProblem } from "./rule-problem";

/**
 * A rule file an analyst can edit: its file name (in `rules/` and in an analyst's directory), the zod schema that
 * validates it, and the defaults that ship with the package.
 */
export interface RuleFile<T = unknown> {
  /** File name, e.g. `financing.json`. */
  readonly name: string;
  /** One line for `showroom-rules check` and the JSON Schema's description. */
  readonly description: string;
  readonly schema: z.core.$ZodType<T>;
  readonly defaults: T;
}

/** Thrown when a rule file does not validate; its message lists every problem (see {@link formatRuleProblem}). */
export class RuleFileError extends ShowroomRulesError {
  override readonly code = "RULE_FILE_INVALID" as const;
  override name = "RuleFileError";
  readonly problems: readonly RuleProblem[];
  constructor(problems: readonly RuleProblem[]) {
    super(problems.map(formatRuleProblem).join("\n"));
    this.problems = problems;
  }
}

/**
 * Validates `json` against `schema`; throws a {@link RuleFileError} naming `file`, every JSON path at fault and, in
 * plain words, what to write instead.
 */
export function parseRuleFile<T>(schema: z.core.$ZodType<T>, json: unknown, file: string): T {
  const result = safeParse(schema, json);
  if (!result.success) throw new RuleFileError(plainProblems(file, result.error.issues, { json, schema }));
  return result.data;
}

/** `schema.safeParse(json)` for classic and mini schemas alike (both carry it). */
export function safeParse<T>(
  schema: z.core.$ZodType<T>,
  json: unknown,
): { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } } {
  return (schema as unknown as { safeParse: (v: unknown) => ReturnType<typeof safeParse<T>> }).safeParse(json);
}
