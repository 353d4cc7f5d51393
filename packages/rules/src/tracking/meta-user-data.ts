import * as z from "zod/mini";
import { WebCryptoUnavailableError } from "../shared/errors";
import { US_STATE_CODES } from "./us-states";

/** The user-data fields of a Meta Conversions API event that the site hashes. */
export const META_USER_FIELDS = ["em", "fn", "ln", "ph", "zp", "ct", "st", "external_id"] as const;

/** One of {@link META_USER_FIELDS}. */
export type MetaUserField = (typeof META_USER_FIELDS)[number];

/** Raw (unnormalized, unhashed) user data, by Meta field name. */
export type MetaUserInput = Partial<Record<MetaUserField, string | null | undefined>>;

/** User data by Meta field name: normalized values, or their SHA-256 hex digests. Empty fields are left out. */
export type MetaUserData = Partial<Record<MetaUserField, string>>;

/** The US calling code, prefixed to ten-digit numbers (the site's country is fixed to US). */
export const US_CALLING_CODE = "1";

const letterRuns = /\p{L}+/gu;

function lettersOnly(value: string): string {
  // Decompose first so "José" keeps its "e" when the accent (a combining mark) is dropped.
  return (value.normalize("NFD").match(letterRuns) ?? []).join("").normalize("NFC");
}

function normalizeName(value: string): string {
  // Spaces first, so a line break between two names stays a separator instead of being dropped as a control
  // character; composition last, so dropping a dot between a letter and its accent cannot leave them uncomposed.
  return value
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\p{P}\p{S}\p{C}]/gu, "")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();
}

function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, "").replace(/^0+/, "");
  const withCountry = digits.length === 10 ? `${US_CALLING_CODE}${digits}` : digits;
  // E.164 numbers have 7 to 15 digits; anything else cannot match a real account, so it is not sent.
  return withCountry.length >= 7 && withCountry.length <= 15 ? withCountry : "";
}

function normalizeZip(value: string): string {
  const compact = value.toLowerCase().replace(/\s+/g, "");
  const usZip = /^\d{5}/.exec(compact);
  return usZip ? usZip[0] : compact;
}

function normalizeState(value: string): string {
  const letters = lettersOnly(value.toLowerCase());
  // Own keys only: "constructor" typed as a state must stay text, not become Object's constructor.
  return Object.hasOwn(US_STATE_CODES, letters) ? (US_STATE_CODES[letters] as string) : letters;
}

/**
 * Normalizes one value the way Meta documents for its customer information parameters: trimmed and lower case;
 * names without punctuation; phone as digits with the country code (1 before a ten-digit US number) and no leading
 * zeros; zip as its first five digits; state as the two-letter code; city as letters only, without spaces or
 * punctuation. Returns "" when nothing usable is left (the field is then not sent).
 */
export function normalizeMetaField(field: MetaUserField, value: string): string {
  switch (field) {
    case "em":
    case "external_id":
      return value.trim().toLowerCase();
    case "fn":
    case "ln":
      return normalizeName(value);
    case "ph":
      return normalizePhone(value);
    case "zp":
      return normalizeZip(value);
    case "ct":
      return lettersOnly(value.toLowerCase());
    case "st":
      return normalizeState(value);
  }
}

const optionalText = z.catch(z.nullish(z.string()), undefined);
const metaUserInputSchema = z.object(
  Object.fromEntries(META_USER_FIELDS.map((field) => [field, optionalText])) as Record<
    MetaUserField,
    typeof optionalText
  >,
);

/** Normalizes every present field; fields that are missing, not text, or empty once normalized are left out. */
export function normalizeMetaUserData(input: MetaUserInput): MetaUserData {
  const parsed = metaUserInputSchema.safeParse(input);
  const raw: MetaUserInput = parsed.success ? parsed.data : {};
  const normalized: MetaUserData = {};
  for (const field of META_USER_FIELDS) {
    const value = raw[field];
    if (typeof value !== "string") continue;
    const clean = normalizeMetaField(field, value);
    if (clean) normalized[field] = clean;
  }
  return normalized;
}

/** SHA-256 of the UTF-8 bytes of `text` as lower-case hex, through Web Crypto (browser and server alike). */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new WebCryptoUnavailableError();
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The `user_data` of a Meta Conversions API event: each present field normalized, then SHA-256 hashed. */
export async function hashMetaUserData(input: MetaUserInput): Promise<MetaUserData> {
  const normalized = normalizeMetaUserData(input);
  const entries = await Promise.all(
    Object.entries(normalized).map(async ([field, value]) => [field, await sha256Hex(value)] as const),
  );
  return Object.fromEntries(entries) as MetaUserData;
}

/** The visitor profile fields the Meta user data is built from (spec section 3). */
export interface MetaProfileSource {
  readonly email?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly phone?: string | null;
  readonly homeAddress?: {
    readonly city?: string | null;
    readonly state?: string | null;
    readonly zipCode?: string | null;
  } | null;
  readonly uniqueUserId?: string | null;
}

/** Maps the visitor profile to Meta's field names (home address for city, state and zip). */
export function metaUserInputFromProfile(profile: MetaProfileSource): MetaUserInput {
  return {
    em: profile.email,
    fn: profile.firstName,
    ln: profile.lastName,
    ph: profile.phone,
    ct: profile.homeAddress?.city,
    st: profile.homeAddress?.state,
    zp: profile.homeAddress?.zipCode,
    external_id: profile.uniqueUserId,
  };
}
