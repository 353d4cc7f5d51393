import type { z } from "zod";

/**
 * A rule file an analyst can edit: its file name (in `rules/` and in an analyst's directory), the zod schema that
 * validates it, and the defaults that ship with the package.
 */
export interface RuleFile<T = unknown> {
  /** File name, e.g. `financing.json`. */
  readonly name: string;
  /** One line for `showroom-rules check` and the JSON Schema's description. */
  readonly description: string;
  readonly schema: z.ZodType<T>;
  readonly defaults: T;
}

/** One problem found in a rule file: where it is (file and JSON path) and what is wrong. */
export interface RuleProblem {
  readonly file: string;
  /** JSON path in `$.a[0].b` form. */
  readonly path: string;
  readonly message: string;
}

/** Thrown when a rule file does not validate; its message lists every problem with file and JSON path. */
export class RuleFileError extends Error {
  readonly problems: readonly RuleProblem[];
  constructor(problems: readonly RuleProblem[]) {
    super(problems.map((p) => `${p.file}: ${p.path}: ${p.message}`).join("\n"));
    this.name = "RuleFileError";
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

export function problemsOf(file: string, error: z.ZodError): RuleProblem[] {
  return error.issues.map((issue) => ({ file, path: jsonPath(issue.path), message: issue.message }));
}

/** Validates `json` against `schema`; throws a {@link RuleFileError} naming `file` and every JSON path at fault. */
export function parseRuleFile<T>(schema: z.ZodType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new RuleFileError(problemsOf(file, result.error));
  return result.data;
}
