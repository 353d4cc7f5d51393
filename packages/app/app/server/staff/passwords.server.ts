import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { COMMON_PASSWORDS } from "./common-passwords";

const MIN_PASSWORD_LENGTH = 12;

/**
 * argon2id at the OWASP 2024 minimum (19 MiB, 2 passes, 1 lane): about 15 ms a hash here, enough against offline
 * guessing without letting a burst of sign-ins exhaust the two cores (docs/decisions/220).
 */
// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Why a password is refused, in words for the person choosing it; null when it may be used. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  const folded = password.toLowerCase().replace(/\s+/g, "");
  if (COMMON_PASSWORDS.has(folded) || new Set(folded).size <= 2) {
    return "That password is on the list of common passwords attackers try first; choose another.";
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone types: verified against when the email is unknown, so both answers take as long. */
let decoy: Promise<string> | undefined;

/** Whether `password` matches `stored`; with no stored hash, spends the same time and says no. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword("decoy password that no account has");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
