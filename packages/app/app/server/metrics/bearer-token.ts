import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the comparison is
 * constant-time whatever the lengths, and the time taken says nothing about how much of the token was right.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
