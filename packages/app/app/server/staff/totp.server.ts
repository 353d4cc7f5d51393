import { Secret, TOTP } from "otpauth";

const ISSUER = "Showroom staff desk";
/** SHA-1, 6 digits, 30 s: what every authenticator app reads from a QR code. */
const PERIOD_SECONDS = 30;

function totp(email: string, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** `otpauth://totp/…` for the QR code or to paste into the app. */
export function enrollmentUri(email: string, secret: string): string {
  return totp(email, secret).toString();
}

/** The 30-second step a time falls in. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
}

/** The code of `secret` at `now` (tests and the CLI's check). */
export function codeAt(secret: string, now: Date): string {
  return totp("x", secret).generate({ timestamp: now.getTime() });
}

/**
 * The step of `code` when it is valid at `now` within one step either way (a clock a little off, a code typed as it
 * turned) and later than `lastStep`, the step of the last code accepted: a code, or an older one, is never accepted
 * twice. Null otherwise.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp("x", secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
