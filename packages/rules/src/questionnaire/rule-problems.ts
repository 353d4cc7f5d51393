import type { z } from "zod";
import { plainProblems } from "../shared/plain-problems";
import { RuleFileError, type RuleProblem, safeParse } from "../shared/rule-file";

/**
 * The problems of a failed parse of `file`, in plain words, with union failures reported at the branch and path
 * the analyst meant (see `plainProblems`). `json` (the file as parsed) lets a message quote the value found.
 */
export function zodProblems(
  file: string,
  error: { issues: readonly z.core.$ZodIssue[] },
  json?: unknown,
  schema?: z.core.$ZodType,
): RuleProblem[] {
  return plainProblems(file, error.issues, { json, schema });
}

/** Like `parseRuleFile`: throws a RuleFileError whose problems say in plain words what to write instead. */
export function parseWithProblems<T>(schema: z.core.$ZodType<T>, json: unknown, file: string): T {
  const result = safeParse(schema, json);
  if (!result.success) throw new RuleFileError(zodProblems(file, result.error, json, schema));
  return result.data;
}
