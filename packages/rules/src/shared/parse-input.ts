import type { $ZodType } from "zod/v4/core";
import { InputError } from "./errors";
import { plainProblems } from "./plain-problems";
import { safeParse } from "./rule-file";

/**
 * Parses a function's argument with its schema; throws an {@link InputError} naming `what` and, in plain words,
 * each problem at its path (never zod's own error type, ADR 215).
 */
export function parseInput<T>(schema: $ZodType<T>, value: unknown, what: string): T {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  throw new InputError(
    what,
    plainProblems(what, result.error.issues, { json: value, schema }).map(({ path, message }) => ({ path, message })),
  );
}
