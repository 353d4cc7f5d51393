import type { z } from "zod";
import { ShowroomRulesError } from "./errors";
import { plainProblems } from "./plain-problems";

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

/** One problem found in a rule file: where it is and, in plain words, what is wrong and what to write instead. */
export interface RuleProblem {
  readonly file: string;
  /** JSON path in `$.a[0].b` form. */
  readonly path: string;
  readonly message: string;
  /** 1-based line and column of the value at fault, when the file's text was read (`showroom-rules check`). */
  readonly line?: number;
  readonly column?: number;
  /** The rule, question or setting at fault in the analyst's words, e.g. `rule "hail damage or rust"`. */
  readonly subject?: string;
}

/** A problem as one line: `file:line:column: subject: message`, or `file: $.path: message` without a position. */
export function formatRuleProblem(problem: RuleProblem): string {
  const where =
    problem.line === undefined
      ? `${problem.file}: ${problem.path}`
      : `${problem.file}:${problem.line}:${problem.column ?? 1}`;
  return problem.subject ? `${where}: ${problem.subject}: ${problem.message}` : `${where}: ${problem.message}`;
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

/** `["a", 0, "b"]` → `$.a[0].b` */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) =>
      typeof key === "number"
        ? `${acc}[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(key))
          ? `${acc}.${String(key)}`
          : `${acc}[${JSON.stringify(String(key))}]`,
    "$",
  );
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
