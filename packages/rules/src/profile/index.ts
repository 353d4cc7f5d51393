/**
 * The visitor profile and the spec's validity rules for it (section 5): a profile is valid only when first name,
 * last name, email and phone are all valid. Forms build their field schemas on these predicates so the browser, the
 * server and the machines agree on what "valid" means.
 */

/** Local part, at sign, domain, and a top-level domain of two or more letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** The contact fields every lead form collects. */
export interface VisitorProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The digits of a phone number as typed, in any mask. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Required text: non-empty after trimming. */
export function isFilled(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

export function isValidEmail(value: unknown): value is string {
  return typeof value === "string" && EMAIL_PATTERN.test(value.trim());
}

/** The spec's phone rule: valid when it has more than nine digits (a US number, with or without the +1). */
export function isValidPhone(value: unknown): value is string {
  return typeof value === "string" && phoneDigits(value).length > 9;
}

/** True when all four contact fields are valid. */
export function isValidProfile(profile: Partial<VisitorProfile> | null | undefined): profile is VisitorProfile {
  return (
    profile != null &&
    isFilled(profile.firstName) &&
    isFilled(profile.lastName) &&
    isValidEmail(profile.email) &&
    isValidPhone(profile.phone)
  );
}
