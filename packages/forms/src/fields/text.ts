import { z } from "zod";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";

// C0 control characters other than tab, line feed and carriage return, and DEL: no person types them, and PostgreSQL
// refuses NUL in text, so one left in would fail the lead's write after validation passed.
function isControlCharacter(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

/** The text without control characters; applied to every free-text field before trimming. */
export function withoutControlCharacters(value: string): string {
  let kept = "";
  for (const char of value) if (!isControlCharacter(char.charCodeAt(0))) kept += char;
  return kept;
}

/** Blank strings become `undefined`, so an optional field left empty reads the same from a form or from JSON. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * Required text (spec section 5): non-empty after trimming, at most `max` characters. `message` is shown when it is
 * missing or blank; the default is "This field is required". The output is the trimmed text.
 */
export function requiredText(max: number, message: string = MESSAGES.required) {
  return z
    .string({ error: message })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: MESSAGES.tooLong(max) });
}

/**
 * Lets a blank string read as a missing value before `schema` sees it, so an optional or defaulted field behaves the
 * same whether a form posted "" or a JSON body left it out. The input type stays the schema's own.
 */
export function blankAsMissing<T extends z.ZodType>(schema: T) {
  return z.preprocess<unknown, T, z.input<T> | undefined>(blankToUndefined, schema);
}

/** Optional text: trimmed, at most `max` characters; blank becomes `undefined`. */
export function optionalText(max: number) {
  return blankAsMissing(
    z
      .string({ error: MESSAGES.required })
      .overwrite(withoutControlCharacters)
      .trim()
      .max(max, { error: MESSAGES.tooLong(max) })
      .optional(),
  );
}

/** A choice among fixed values (select or radio), required, with one message for missing and unknown values. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string = MESSAGES.choice,
) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? MESSAGES.required : message) });
}

/** An optional choice among fixed values; blank becomes `undefined`. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string = MESSAGES.choice,
) {
  return blankAsMissing(z.enum(values, { error: message }).optional());
}

/** "Enter your first name." when missing. */
export const firstNameSchema = requiredText(MAX_LENGTH.firstName, MESSAGES.firstName);
/** "Enter your last name." when missing. */
export const lastNameSchema = requiredText(MAX_LENGTH.lastName, MESSAGES.lastName);
/** Optional middle name. */
export const middleNameSchema = optionalText(MAX_LENGTH.middleName);
/** The message of a contact, staff or careers form: "Enter your message." when missing. */
export const messageSchema = requiredText(MAX_LENGTH.message, MESSAGES.message);
/** Optional free-text comments of a lead. */
export const commentsSchema = optionalText(MAX_LENGTH.comments);
