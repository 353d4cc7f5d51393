// fast-check arbitraries for the contact form's fields: left valid, left out, blanked or wrong, each with the message
// the spec gives for it.
import { MESSAGES } from "@showroom/forms";
import fc from "fast-check";

/** The spec's words (section 5), written out here rather than read from the code under test. */
export const SPEC = {
  required: "This field is required",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  firstName: "Enter your first name.",
  lastName: "Enter your last name.",
  message: "Enter your message.",
} as const;

export type Field = "firstName" | "lastName" | "email" | "phone" | "topic" | "message";

/** What happens to one field: left valid, left out, blanked, or given a value that is wrong for it. */
export type Change = { kind: "keep" } | { kind: "omit" } | { kind: "set"; value: string; expected: string };

const blank = fc.constantFrom("", " ", "   ", "\t", " \n ");

/** Text longer than `max` characters after trimming. */
const tooLong = (max: number) =>
  fc
    .tuple(fc.integer({ min: max + 1, max: max + 300 }), fc.constantFrom("a", "é", "\u{1F697}"))
    .map(([length, unit]) => [...Array(length)].map(() => unit).join(""));

/** Something that is not an email address: no at sign, not blank. */
const notAnEmail = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== "" && !s.includes("@"));

/** Something typed into the phone field with fewer than ten digits, not blank. */
const notAPhone = fc
  .tuple(fc.stringMatching(/^[()+. a-z-]{0,6}$/), fc.stringMatching(/^\d{1,9}$/), fc.stringMatching(/^[ a-z)-]{0,4}$/))
  .map((parts) => parts.join(""))
  .filter((s) => s.trim() !== "" && s.length <= 25);

export const contactChanges: Record<Field, fc.Arbitrary<Change>> = {
  firstName: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.firstName })),
    tooLong(50).map((value): Change => ({ kind: "set", value, expected: MESSAGES.tooLong(50) })),
  ),
  lastName: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.lastName })),
    tooLong(50).map((value): Change => ({ kind: "set", value, expected: MESSAGES.tooLong(50) })),
  ),
  email: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.required })),
    notAnEmail.map((value): Change => ({ kind: "set", value, expected: SPEC.email })),
  ),
  phone: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.required })),
    notAPhone.map((value): Change => ({ kind: "set", value, expected: SPEC.phone })),
  ),
  topic: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.required })),
    fc
      .constantFrom("0", "8", "-1", "1.5", "sales", "Purchasing a vehicle", "99999999999999999999")
      .map((value): Change => ({ kind: "set", value, expected: MESSAGES.choice })),
  ),
  message: fc.oneof(
    fc.constant<Change>({ kind: "keep" }),
    fc.constant<Change>({ kind: "omit" }),
    blank.map((value): Change => ({ kind: "set", value, expected: SPEC.message })),
    tooLong(2000).map((value): Change => ({ kind: "set", value, expected: MESSAGES.tooLong(2000) })),
  ),
};

/** A missing field reads like a blank one: the field's own "required" wording. */
export const whenMissing: Record<Field, string> = {
  firstName: SPEC.firstName,
  lastName: SPEC.lastName,
  email: SPEC.required,
  phone: SPEC.required,
  topic: SPEC.required,
  message: SPEC.message,
};
