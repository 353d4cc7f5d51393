import { isFilled, isValidEmail, isValidPhone, type VisitorProfile } from "../profile";

/** The four contact fields, in the order a form shows them. */
export const PROFILE_FIELDS = ["firstName", "lastName", "email", "phone"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A contact form as typed so far: always four strings, so machine snapshots stay plain JSON. */
export type ContactDraft = Record<ProfileField, string>;

/** The draft a (possibly partial, possibly untyped) profile prefills; missing or non-text fields become "". */
export function draftOf(profile: Partial<Record<ProfileField, unknown>> | null | undefined): ContactDraft {
  const field = (key: ProfileField) => {
    const value = profile?.[key];
    return typeof value === "string" ? value : "";
  };
  return { firstName: field("firstName"), lastName: field("lastName"), email: field("email"), phone: field("phone") };
}

/** The contact fields that fail the spec's profile rules (section 5), in form order. */
export function invalidProfileFields(profile: Partial<VisitorProfile>): ProfileField[] {
  const valid: Record<ProfileField, (value: unknown) => boolean> = {
    firstName: isFilled,
    lastName: isFilled,
    email: isValidEmail,
    phone: isValidPhone,
  };
  return PROFILE_FIELDS.filter((field) => !valid[field](profile[field]));
}
