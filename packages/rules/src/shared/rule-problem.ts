/**
 * What a problem in a rule file is and how it reads, apart from the parsing that finds it: `rule-file.ts` parses and
 * `plain-problems.ts` words zod's issues, and both need these, so they live here rather than in either of them
 * (which made the two import each other).
 */

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
