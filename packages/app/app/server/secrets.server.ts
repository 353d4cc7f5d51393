import { hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.server";

/**
 * The secret that signs visitor cookies: SESSION_SECRET when set (required when several instances share one
 * PostgreSQL), otherwise one generated on first start and kept in the data directory, so `npm start` works out of
 * the box and cookies survive a restart.
 */
export function sessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const path = join(config.DATA_DIR, "session-secret");
  try {
    const existing = readFileSync(path, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, secret, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
  return secret;
}

/** A 32-byte key for one purpose, derived from the session secret (HKDF-SHA256), so one secret serves several uses. */
function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "showroom", purpose, 32));
}

/** The site's HMAC key (phone codes, alert links: ADR 371), the same in every process sharing SESSION_SECRET. */
export function hmacKeyOf(config: Config): Buffer {
  return derivedKey(sessionSecret(config), "hmac");
}
