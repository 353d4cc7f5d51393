import type { z } from "zod";
import { jsonPath, RuleFileError, type RuleProblem } from "../shared/rule-file";

type Issue = z.core.$ZodIssue;

/**
 * zod reports a failed union as one "Invalid input" holding every branch's issues. Conditions are unions
 * (comparison, all, any, not), so an analyst's typo three levels deep would surface as "Invalid input" at the top.
 * This picks, at each union, the branch the value was evidently meant for (the one whose shape fits: fewest missing
 * or unexpected keys, then fewest issues) and reports that branch's issues at their full paths.
 */
export function zodProblems(file: string, error: z.ZodError): RuleProblem[] {
  return flatten(error.issues, []).map(({ path, message }) => ({ file, path: jsonPath(path), message }));
}

interface Located {
  path: PropertyKey[];
  message: string;
}

function flatten(issues: readonly Issue[], prefix: readonly PropertyKey[]): Located[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== "invalid_union" || issue.errors.length === 0) return [{ path, message: issue.message }];
    const branches = issue.errors;
    const typeOnly = branches.every((b) => b.length === 1 && b[0]?.code === "invalid_type" && b[0].path.length === 0);
    if (typeOnly) {
      const expected = [...new Set(branches.map((b) => (b[0] as z.core.$ZodIssueInvalidType).expected))];
      return [{ path, message: `Invalid input: expected ${expected.join(" or ")}` }];
    }
    const best = [...branches].sort((a, b) => shapeMisfit(a) - shapeMisfit(b) || a.length - b.length)[0] ?? [];
    return flatten(best, path);
  });
}

/** How badly a branch's shape misses the value: keys it lacks or does not know, or a wrong type at its root. */
function shapeMisfit(branch: readonly Issue[]): number {
  return branch.filter(
    (i) =>
      (i.code === "unrecognized_keys" && i.path.length === 0) ||
      (i.code === "invalid_type" && i.path.length === 0) ||
      (i.code === "invalid_type" && i.path.length === 1 && i.message.endsWith("received undefined")) ||
      (i.code === "invalid_union" && "note" in i && i.note === "No matching discriminator" && i.path.length <= 1),
  ).length;
}

/** Like `parseRuleFile`, with union failures reported at the branch and path the analyst meant. */
export function parseWithProblems<T>(schema: z.ZodType<T>, json: unknown, file: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new RuleFileError(zodProblems(file, result.error));
  return result.data;
}
