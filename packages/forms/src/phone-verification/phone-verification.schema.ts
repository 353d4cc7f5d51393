import { isValidPhone, phoneDigits } from "@showroom/rules/profile";
import { z } from "zod";
import { MAX_LENGTH, VERIFICATION_CODE_DIGITS } from "../limits";
import { MESSAGES } from "../messages";
import { isNanpPhone } from "../phone/format-phone";

/**
 * The phone pattern of the verification step: phone characters only (digits, spaces, "+", "(", ")", ".", "-") and
 * a complete North American number, since the code goes out by SMS. Every number it accepts also passes the
 * general `isValidPhone` rule.
 */
export const VERIFIABLE_PHONE_PATTERN = /^\+?[\d\s().-]+$/;

/** True when an SMS code can be sent to this number (see `VERIFIABLE_PHONE_PATTERN`). */
export function isVerifiablePhone(value: string): boolean {
  return VERIFIABLE_PHONE_PATTERN.test(value) && isNanpPhone(value) && isValidPhone(value);
}

const verificationPhoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: MESSAGES.phoneRequired, abort: true })
  .max(MAX_LENGTH.phone, { error: MESSAGES.phoneInvalidByRegex, abort: true })
  .refine(isVerifiablePhone, { error: MESSAGES.phoneInvalidByRegex });

/** The SMS code: required, exactly six digits once non-digits are removed; output the six digits. */
export const verificationCodeSchema = z
  .string({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, { error: MESSAGES.codeRequired, abort: true })
  .max(MAX_LENGTH.verificationCode, { error: MESSAGES.codeSixDigits, abort: true })
  .refine((code) => phoneDigits(code).length === VERIFICATION_CODE_DIGITS, { error: MESSAGES.codeSixDigits })
  .transform(phoneDigits);

/** Step one: send a code to this phone (`type` "phone-validation"). */
export const phoneValidationSchema = z.object({
  type: z.literal("phone-validation"),
  phone: verificationPhoneSchema,
});

/** Step two: check the code sent to this phone (`type` "code-verification"). */
export const codeVerificationSchema = z.object({
  type: z.literal("code-verification"),
  phone: verificationPhoneSchema,
  code: verificationCodeSchema,
});

/**
 * Phone verification (spec sections 5 and 7, POST /api/customer/phoneValidation): phone first, then the 6-digit code,
 * told apart by `type`. Messages are the spec's: "Phone number is required", "Phone number is invalid by regex",
 * "Code is required", "Code must be 6 digits".
 */
export const phoneVerificationSchema = z.discriminatedUnion("type", [phoneValidationSchema, codeVerificationSchema], {
  error: MESSAGES.choice,
});

export type PhoneVerificationInput = z.input<typeof phoneVerificationSchema>;
export type PhoneVerificationRequest = z.output<typeof phoneVerificationSchema>;
