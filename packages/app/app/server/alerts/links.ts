import { createHash, createHmac } from "node:crypto";

// An alert's link token is derived, not stored (ADR 371): HMAC of the subscription id under the site's HMAC key, so
// the relay can put it in every email while the database holds only its SHA-256. Without the key it is 256 bits
// nobody can guess; with the database alone nobody can rebuild it.

/** The token in an alert's links: 43 base64url characters. */
export function alertToken(hmacKey: Buffer, subscriptionId: string): string {
  return createHmac("sha256", hmacKey).update(`alert-link:${subscriptionId}`).digest("base64url");
}

/** What the database keeps of a token, and looks a visited link up by. */
export function alertTokenHash(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** A token as links carry it; anything else is refused before the database is asked. */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The pages an alert's emails link to, each holding the token in its path (never the email address). */
export function alertLinks(origin: string, token: string) {
  return {
    confirm: `${origin}/alerts/confirm/${token}`,
    manage: `${origin}/alerts/manage/${token}`,
    unsubscribe: `${origin}/alerts/unsubscribe/${token}`,
  };
}
