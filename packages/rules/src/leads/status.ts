import { isValidProfile, phoneDigits, type VisitorProfile } from "../profile";

/** The session cookie that marks a browser which has sent a lead (spec section 3). */
export const ADF_LEAD_COOKIE = "adfLead";

/** A prospect's ADF status. */
export type ProspectStatus = "new" | "resend";

/**
 * The spec's lead status (section 4): the first lead of a browser session is `new` and sets the adfLead session
 * cookie; a later lead, finding the cookie, is `resend`.
 */
export function leadStatus({ adfLeadCookie }: { adfLeadCookie?: string | null }): {
  status: ProspectStatus;
  setAdfLeadCookie: boolean;
} {
  return isEmptyValue(adfLeadCookie)
    ? { status: "new", setAdfLeadCookie: true }
    : { status: "resend", setAdfLeadCookie: false };
}

/** The spec's empty test (section 5): null, undefined, blank strings, zero and objects or arrays without entries. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return value === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** The visitor profile as the site stores it: the contact fields, the unlockPrice stamp and whatever else it keeps. */
export type StoredProfile = Partial<VisitorProfile> & { unlockPrice?: string } & Record<string, unknown>;

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

/**
 * A profile is empty when it has none of the contact fields. Other keys do not count: the site always holds a
 * uniqueUserId or consent choices, so counting them would make no profile ever empty (ADR 043).
 */
export function isEmptyProfile(profile: StoredProfile | null | undefined): boolean {
  return profile == null || CONTACT_FIELDS.every((field) => isEmptyValue(profile[field]));
}

/**
 * Saves `next` over `prev` (keys `next` leaves undefined keep their value). When the result is a complete profile,
 * unlockPrice is stamped with `now`, every time (spec section 4); `becameLead` is true when the profile was empty and
 * is now complete: the moment the lead tracking event fires.
 */
export function saveProfile(
  prev: StoredProfile | null | undefined,
  next: StoredProfile,
  now: Date,
): { profile: StoredProfile; becameLead: boolean } {
  const profile: StoredProfile = { ...(prev ?? {}) };
  for (const [key, value] of Object.entries(next)) if (value !== undefined) profile[key] = value;
  const complete = isValidProfile(profile);
  if (complete) profile.unlockPrice = now.toISOString();
  return { profile, becameLead: complete && isEmptyProfile(prev) };
}

function normalized(profile: StoredProfile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(profile)) {
    // The stamp changes on every save; it says nothing about what the shopper told us.
    if (key === "unlockPrice" || isEmptyValue(value)) continue;
    if (key === "phone" && typeof value === "string") out[key] = phoneDigits(value).replace(/^1(?=\d{10}$)/, "");
    else if (key === "email" && typeof value === "string") out[key] = value.trim().toLowerCase();
    else out[key] = typeof value === "string" ? value.trim() : value;
  }
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Whether a financing form must be submitted again (spec section 4): not when the profile is unchanged. Spelling
 * does not count as change: case of the email, spaces around a value, the phone's mask or +1, the unlockPrice stamp.
 */
export function financingSubmissionNeeded(
  prev: StoredProfile | null | undefined,
  next: StoredProfile | null | undefined,
): boolean {
  if (prev == null || next == null) return prev != null || next != null;
  return !deepEqual(normalized(prev), normalized(next));
}

/** The spec's appointment status: `reschedule` when the appointment already has an appointment_id, else `new`. */
export function appointmentStatus(
  appointment: { appointment_id?: string | number | null } | null | undefined,
): "new" | "reschedule" {
  return isEmptyValue(appointment?.appointment_id) ? "new" : "reschedule";
}
