import type { $ZodIssue, $ZodIssueInvalidType, $ZodType } from "zod/v4/core";
import { globalRegistry } from "zod/v4/core";
import { jsonPath, type RuleProblem } from "./rule-problem";

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
  return flatten(issues, []).map(({ path, issue }) => ({
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
function flatten(issues: readonly $ZodIssue[], prefix: readonly PropertyKey[]): Located[] {
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
    const best = [...branches].sort((a, b) => shapeMisfit(a) - shapeMisfit(b) || a.length - b.length)[0] ?? [];
    return flatten(best, path);
  });
}

/** How badly a branch's shape misses the value: keys it lacks or does not know, or a wrong type at its root. */
function shapeMisfit(branch: readonly $ZodIssue[]): number {
  return branch.filter(
    (i) =>
      (i.code === "unrecognized_keys" && i.path.length === 0) ||
      (i.code === "invalid_type" && i.path.length === 0) ||
      (i.code === "invalid_type" &&
        i.path.length === 1 &&
        (i.input === undefined || i.message.endsWith("undefined"))) ||
      (i.code === "invalid_union" && "note" in i && i.note === "No matching discriminator" && i.path.length <= 1),
  ).length;
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
  if (typeof value === "number") return `the number ${value}`;
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

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        previous + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] as number;
}

/** ` Did you mean "amount"?` when one candidate is a likely misspelling of `written`. */
export function didYouMean(written: string, candidates: readonly string[]): string {
  const scored = candidates
    .map((c) => ({ c, d: editDistance(written, c) }))
    .filter(({ c, d }) => d <= Math.max(1, Math.floor(Math.min(c.length, written.length) / 3)))
    .sort((a, b) => a.d - b.d);
  return scored[0] ? ` Did you mean ${JSON.stringify(scored[0].c)}?` : "";
}

/** The schema that validates the value at `path`, as far as the path can be followed without the value. */
export function schemaAt(schema: $ZodType | undefined, path: readonly PropertyKey[]): $ZodType | undefined {
  let current = schema;
  for (const key of path) {
    current = unwrapped(current);
    if (!current) return undefined;
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "object") current = (def.shape as Record<string, $ZodType>)[key as string];
    else if (def.type === "array") current = def.element as $ZodType;
    else if (def.type === "record") current = def.valueType as $ZodType;
    else if (def.type === "tuple") current = (def.items as $ZodType[])[key as number];
    else if (def.type === "union") {
      current = (def.options as $ZodType[]).map((o) => schemaAt(o, [key])).find((s) => s !== undefined);
    } else return undefined;
  }
  return current;
}

/** The schema inside wrappers that do not change the shape (optional, default, pipe's input, lazy…). */
function unwrapped(schema: $ZodType | undefined): $ZodType | undefined {
  let current = schema;
  for (let guard = 0; current && guard < 20; guard++) {
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type)) {
      current = def.innerType as $ZodType;
    } else if (def.type === "pipe") current = def.in as $ZodType;
    else if (def.type === "lazy") current = (def.getter as () => $ZodType)();
    else return current;
  }
  return current;
}

/** The fields an object schema allows; for a union of objects, those of the branch that fits `value` best. */
function fieldsOf(schema: $ZodType | undefined, value: unknown): string[] {
  const inner = unwrapped(schema);
  const def = inner?._zod.def as unknown as
    | { type: string; shape?: Record<string, unknown>; options?: $ZodType[] }
    | undefined;
  if (def?.type === "object" && def.shape) return Object.keys(def.shape);
  if (def?.type !== "union" || !def.options) return [];
  const written = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  // The branch whose fixed values (logicOperation: "base", …) the value has, then the one knowing most of its fields.
  const fit = (option: $ZodType) => {
    const fields = fieldsOf(option, value);
    const def = unwrapped(option)?._zod.def as unknown as { shape?: Record<string, $ZodType> } | undefined;
    const shape = def?.shape ?? {};
    const clashes = Object.entries(shape).filter(([key, field]) => {
      const internals = unwrapped(field)?._zod as unknown as { values?: Set<unknown> } | undefined;
      const values = internals?.values;
      return values !== undefined && key in written && !values.has(written[key]);
    }).length;
    return {
      fields,
      score: Object.keys(written).filter((k) => fields.includes(k)).length - 10 * clashes - fields.length / 100,
    };
  };
  const ranked = def.options.map(fit).filter((b) => b.fields.length > 0);
  return ranked.sort((a, b) => b.score - a.score)[0]?.fields ?? [];
}

/** The description the schema gives the value at `path`, if any. */
function descriptionAt(schema: $ZodType | undefined, path: readonly PropertyKey[]): string | undefined {
  let current = schemaAt(schema, path);
  for (let guard = 0; current && guard < 20; guard++) {
    const description = globalRegistry.get(current)?.description;
    if (description) return description;
    const def = current._zod.def as unknown as Record<string, unknown>;
    const inner = (def.innerType ?? def.in) as $ZodType | undefined;
    if (!inner || inner === current) return undefined;
    current = inner;
  }
  return undefined;
}

/** What to write at `path`: the field's hint, else the expected type, with the schema's description of the field. */
function whatToWrite(path: readonly PropertyKey[], expected: string | undefined, context: PlainContext): string {
  const field = fieldName(path);
  const hint = field === undefined ? undefined : FIELD_HINTS[field];
  if (hint) return `${capitalized(hint)}.`;
  const description = descriptionAt(context.schema, path);
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
    case "invalid_value": {
      const allowed = issue.values.map((v) => JSON.stringify(v));
      const written = at?.found ? at.value : undefined;
      const suggestion =
        typeof written === "string"
          ? didYouMean(
              written,
              issue.values.filter((v): v is string => typeof v === "string"),
            )
          : "";
      const found = at?.found
        ? `${capitalized(described(written))} is not allowed for ${name}.`
        : `${name} is missing.`;
      return `${found} Write ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(", ")}`}.${suggestion}`;
    }
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
