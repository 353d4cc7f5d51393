import type { $ZodIssue, $ZodIssueInvalidType, $ZodType } from "zod/v4/core";
import { jsonPath, type RuleProblem } from "./rule-problem";
import { descriptionAt, fieldsOf, schemaAt } from "./schema-at";
import { didYouMean, likelySpelling } from "./spelling";

/**
 * zod's issues in an analyst's words (ADR 216): what is wrong with the value as written, then what to write
 * instead ("write a percent as a number, like 15"), with the value found quoted and a likely spelling suggested.
 */

interface Located {
  readonly path: readonly PropertyKey[];
  readonly issue: $ZodIssue;
}

/** What to write, for the fields analysts edit most; other fields are described from the schema. */
const FIELD_HINTS: Readonly<Record<string, string>> = {
  percent: "write a percent as a number, like 15 (for 15 %), or false when the amount applies",
  amount: "write a dollar amount as a number, like 500, or false when the percent applies",
  minimum: "write a dollar amount as a number, like 1500",
  minimumPrice: "write a dollar amount as a number, like 2000",
  validForDays: "write a whole number of days, like 7",
  priority: "write a whole number, 1 or more, like 2",
  questionId: 'write the question\'s number in quotes, like "402"',
  required: "write true or false, without quotes",
  exclusive: "write true or false, without quotes",
  closed: "write true or false, without quotes",
  value:
    'write a number for <, <=, >, >= (like 150000), a value in quotes for == and != (like "yes"), or a list for in and not_in (like ["yes", "no"])',
};

/** How to write each type, and an example used when the schema describes the field with none of its own. */
const EXPECTED: Readonly<Record<string, readonly [string, string]>> = {
  number: ["a number, without quotes", ", like 2000"],
  int: ["a whole number, without quotes", ", like 7"],
  string: ["text in double quotes", ', like "text"'],
  boolean: ["true or false, without quotes", ""],
  array: ["a list in square brackets", ", like [ … ]"],
  object: ["an object in curly braces", ", like { … }"],
  false: ["false", ""],
};

/** Is `message` one of zod's own (English or bare) messages rather than one the schema wrote? */
function isZodDefault(message: string): boolean {
  return /^(Invalid|Too small|Too big|Unrecognized key|Expected|Required)/.test(message);
}

export interface PlainContext {
  /** The file's JSON as parsed: lets a message quote the value found, or say it is missing. */
  readonly json?: unknown;
  /** The schema the file was checked against: the fields allowed at a path, and their descriptions. */
  readonly schema?: $ZodType;
}

/** Each issue of a failed parse as a problem of `file`, in plain words (see the module comment). */
export function plainProblems(file: string, issues: readonly $ZodIssue[], context: PlainContext = {}): RuleProblem[] {
  return withoutMisspeltAsMissing(flatten(issues, [], context.json), context.json).map(({ path, issue }) => ({
    file,
    path: jsonPath(path),
    message: plainMessage(path, issue, context),
  }));
}

/**
 * zod reports a failed union as one "Invalid input" holding every branch's issues. Conditions are unions
 * (comparison, all, any, not), so a typo three levels deep would surface at the top. This picks, at each union, the
 * branch the value was evidently meant for (fewest missing or unexpected keys, then fewest issues) and reports that
 * branch's issues at their full paths; a union of plain types (a number or false) stays one issue.
 */
function flatten(issues: readonly $ZodIssue[], prefix: readonly PropertyKey[], json: unknown): Located[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== "invalid_union" || issue.errors.length === 0) return [{ path, issue }];
    const branches = issue.errors;
    const typeOnly = branches.every(
      (b) =>
        b.length === 1 && (b[0]?.code === "invalid_type" || b[0]?.code === "invalid_value") && b[0].path.length === 0,
    );
    if (typeOnly) {
      const expected = [
        ...new Set(
          branches.map((b) => {
            const first = b[0] as $ZodIssue;
            return first.code === "invalid_type"
              ? first.expected
              : first.code === "invalid_value"
                ? first.values.map(String).join(" or ")
                : "";
          }),
        ),
      ];
      const merged = { code: "invalid_type", expected: expected.join(" or "), path: [], message: "Invalid input" };
      return [{ path, issue: merged as unknown as $ZodIssue }];
    }
    const value = json === undefined ? undefined : valueAt(json, path);
    const misfit = (branch: readonly $ZodIssue[]) => shapeMisfit(branch, value);
    const best = [...branches].sort((a, b) => misfit(a) - misfit(b) || a.length - b.length)[0] ?? [];
    return flatten(best, path, json);
  });
}

/**
 * How badly a branch's shape misses the value: keys it lacks or does not know, or a wrong type at its root. A field
 * it lacks that the value has misspelt (`"alll"` for `"all"`) counts once, not twice, so the branch meant wins; a
 * comparison with no operator at all is further from a fact condition than one with a misspelt operator. `written`
 * is the value as the file has it, when known.
 */
function shapeMisfit(branch: readonly $ZodIssue[], written?: { found: boolean; value: unknown }): number {
  const lacks = (issue: $ZodIssue) =>
    issue.path.length === 1 &&
    (written?.found
      ? !hasKey(written.value, String(issue.path[0]))
      : issue.code === "invalid_type" && isMissing(issue));
  const unknown = branch.flatMap((i) => (i.code === "unrecognized_keys" && i.path.length === 0 ? i.keys : []));
  let misfit = 0;
  for (const issue of branch) {
    const noDiscriminator =
      issue.code === "invalid_union" && "note" in issue && issue.note === "No matching discriminator";
    if (issue.path.length === 0 && (issue.code === "unrecognized_keys" || issue.code === "invalid_type")) misfit += 1;
    if (lacks(issue)) {
      const misspelt = unknown.some((k) => likelySpelling(k, [String(issue.path[0])]) !== undefined);
      misfit += (misspelt ? 0 : 1) + (noDiscriminator ? 1 : 0);
    } else if (noDiscriminator && issue.path.length <= 1) misfit += 1;
  }
  return misfit;
}

function isMissing(issue: $ZodIssue): boolean {
  return issue.input === undefined || issue.message.endsWith("undefined");
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key);
}

/**
 * A misspelt field is reported twice by zod: as an unknown field and as the field it should have been, missing.
 * The unknown field's message already says "Did you mean …?", so the missing one is dropped.
 */
function withoutMisspeltAsMissing(located: readonly Located[], json: unknown): Located[] {
  const unknownAt = located.flatMap(({ path, issue }) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ parent: jsonPath(path), key })) : [],
  );
  return located.filter(({ path, issue }) => {
    if (path.length === 0) return true;
    const missing = json === undefined ? issue.code === "invalid_type" && isMissing(issue) : !valueAt(json, path).found;
    if (!missing) return true;
    const parent = jsonPath(path.slice(0, -1));
    const field = String(path.at(-1));
    return !unknownAt.some((u) => u.parent === parent && likelySpelling(u.key, [field]) === field);
  });
}

function valueAt(json: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let value = json;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key as string)) {
      return { found: false, value: undefined };
    }
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value };
}

/** How a value as written reads to its writer: `the text "15%"`, `the number 15`, `a list`, `null`. */
function described(value: unknown): string {
  if (typeof value === "string") return `the text ${JSON.stringify(value)}`;
  if (typeof value === "number") return Number.isFinite(value) ? `the number ${value}` : "a number too large to use";
  if (typeof value === "boolean") return String(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return "an object";
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The last name in a path (`amount` in `$.rules[0].amount`; `entries` for `$.entries[3]`). */
function fieldName(path: readonly PropertyKey[]): string | undefined {
  return [...path].reverse().find((k): k is string => typeof k === "string");
}

/**
 * Fields whose hint covers every branch of a union: when the file's own values tell the branch (the comparison's
 * operator), that branch's description says more precisely what to write.
 */
const BRANCH_DESCRIBED = new Set(["value"]);

/** What to write at `path`: the field's hint, else the expected type, with the schema's description of the field. */
function whatToWrite(path: readonly PropertyKey[], expected: string | undefined, context: PlainContext): string {
  const field = fieldName(path);
  const hint = field === undefined ? undefined : FIELD_HINTS[field];
  const branch =
    field !== undefined && BRANCH_DESCRIBED.has(field) && context.json !== undefined
      ? descriptionAt(context.schema, path, context.json)
      : undefined;
  if (hint && !branch) return `${capitalized(hint)}.`;
  const description = branch ?? descriptionAt(context.schema, path);
  const write = expected
    ? `Write ${expected
        .split(" or ")
        .map((e) => {
          const [what, example] = EXPECTED[e] ?? [e, ""];
          return description ? what : `${what}${example}`;
        })
        .join(", or ")}.`
    : "";
  return [write, description ? `(${description.replace(/\.$/, "")}.)` : ""].filter(Boolean).join(" ");
}

/** What one of the values a field takes is called, for "… is not an operator". */
const VALUE_NOUNS: Readonly<Record<string, string>> = {
  operator: "an operator",
  fact: "a fact",
  reason: "a reason",
  offer: "an offer",
};

/**
 * A value the field does not take (an unknown operator, fact or event type) in the analyst's words:
 * `"lesThan" is not an operator; did you mean "lessThan"? Write one of …`.
 */
function notOneOf(
  field: string | undefined,
  at: { found: boolean; value: unknown } | undefined,
  allowed: readonly unknown[],
): string {
  const name = field === undefined ? "The file" : JSON.stringify(field);
  const noun = (field !== undefined && VALUE_NOUNS[field]) || `one of the values ${name} takes`;
  const list = allowed.map((v) => JSON.stringify(v));
  const write = `Write ${list.length === 1 ? list[0] : `one of ${list.join(", ")}`}.`;
  if (!at?.found) return `${name} is missing. ${write}`;
  if (typeof at.value !== "string") return `${name} is ${described(at.value)}, not ${noun}. ${write}`;
  const likely = likelySpelling(
    at.value,
    allowed.filter((v): v is string => typeof v === "string"),
  );
  return likely === undefined
    ? `${JSON.stringify(at.value)} is not ${noun}. ${write}`
    : `${JSON.stringify(at.value)} is not ${noun}; did you mean ${JSON.stringify(likely)}? ${write}`;
}

function plainMessage(path: readonly PropertyKey[], issue: $ZodIssue, context: PlainContext): string {
  const field = fieldName(path);
  const name = field === undefined ? "The file" : JSON.stringify(field);
  const at = context.json === undefined ? undefined : valueAt(context.json, path);
  switch (issue.code) {
    case "invalid_type": {
      const expected = (issue as $ZodIssueInvalidType).expected as string;
      if (at && !at.found) return `${name} is missing. ${whatToWrite(path, expected, context)}`;
      if (
        at &&
        typeof at.value === "string" &&
        expected.includes("number") &&
        /^-?\d+(\.\d+)?$/.test(at.value.trim())
      ) {
        return `${name} is the text ${JSON.stringify(at.value)}. Write the number without quotes: ${at.value.trim()}.`;
      }
      const found = at ? ` is ${described(at.value)}` : " has the wrong type";
      return `${name}${found}. ${whatToWrite(path, expected, context)}`;
    }
    case "invalid_value":
      return notOneOf(field, at, issue.values);
    case "invalid_union":
      // A discriminated union whose key (a comparison's operator, an event's type) matches none of its branches.
      if ("options" in issue && Array.isArray(issue.options) && issue.options.length > 0) {
        return notOneOf(field, at, issue.options);
      }
      return isZodDefault(issue.message) ? `${name} is not in a form this file takes here.` : issue.message;
    case "unrecognized_keys": {
      const allowed = fieldsOf(schemaAt(context.schema, path), at?.value);
      return issue.keys
        .map((key) => {
          const fields = allowed.length > 0 ? ` The fields here are: ${allowed.join(", ")}.` : "";
          return `${JSON.stringify(key)} is not a field here.${didYouMean(key, allowed)}${fields}`;
        })
        .join(" ");
    }
    case "too_small":
    case "too_big": {
      if (!isZodDefault(issue.message)) return issue.message;
      const limit = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
      const inclusive = issue.inclusive !== false;
      if (issue.origin === "array") {
        return issue.code === "too_small"
          ? `${name} needs at least ${limit} ${limit === 1 ? "entry" : "entries"}.`
          : `${name} takes at most ${limit} ${limit === 1 ? "entry" : "entries"}.`;
      }
      if (issue.origin === "string") {
        return issue.code === "too_small" && limit <= 1
          ? `${name} must not be empty.`
          : `${name} must have ${issue.code === "too_small" ? "at least" : "at most"} ${limit} characters.`;
      }
      const bound =
        issue.code === "too_small" ? (inclusive ? "at least" : "more than") : inclusive ? "at most" : "less than";
      const found = at?.found ? `${capitalized(described(at.value))} is out of range: ` : "";
      const description = descriptionAt(context.schema, path);
      return `${found}${name} must be ${bound} ${limit}.${description ? ` (${description.replace(/\.$/, "")}.)` : ""}`;
    }
    case "invalid_format":
      return isZodDefault(issue.message)
        ? `${at?.found ? capitalized(described(at.value)) : name} is not in the expected form (${issue.format}).`
        : issue.message;
    default:
      return isZodDefault(issue.message) ? `${name}: ${issue.message}.` : issue.message;
  }
}
