import { isValidEmail, isValidPhone } from "@showroom/rules/profile";
import { z } from "zod";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";
import { blankAsMissing, withoutControlCharacters } from "./text";

/**
 * Email (spec section 5): required, then the rules package's pattern (local part, at sign, domain, top-level domain
 * of two or more letters). Output trimmed.
 */
export const emailSchema = z
  .string({ error: MESSAGES.required })
  .overwrite(withoutControlCharacters)
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(MAX_LENGTH.email, { error: MESSAGES.email, abort: true })
  .refine(isValidEmail, { error: MESSAGES.email });

/**
 * Phone (spec section 5): required, then valid when it holds more than nine digits, as `isValidPhone` of the rules
 * package decides. Output is the trimmed text as typed; format it for display or ADF with `formatPhone`.
 */
export const phoneSchema = z
  .string({ error: MESSAGES.required })
  .overwrite(withoutControlCharacters)
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(MAX_LENGTH.phone, { error: MESSAGES.phone, abort: true })
  .refine(isValidPhone, { error: MESSAGES.phone });

/** An optional phone (an employer's number): blank becomes `undefined`, anything typed must be a valid phone. */
export const optionalPhoneSchema = blankAsMissing(phoneSchema.optional());
