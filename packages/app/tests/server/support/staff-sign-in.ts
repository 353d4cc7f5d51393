// Staff desk accounts and sign-ins over HTTP for the server tests: an account per role made in the site's database
// (its TOTP secret sealed under the site's DATA_KEY), then the password step and the code step as a browser posts them.
import { expect } from "vitest";
import { keyring } from "../../../app/server/crypto/envelope.server";
import { decodeKey } from "../../../app/server/crypto/keyring.server";
import type { Db } from "../../../app/server/db/client.server";
import type { StaffRole } from "../../../app/server/db/schema.server";
import { addAccount } from "../../../app/server/staff/accounts.server";
import { SYSTEM_ACTOR } from "../../../app/server/staff/audit.server";
import { codeAt } from "../../../app/server/staff/totp.server";
import { postForm } from "./requests";

export const STAFF_PASSWORD = "a long and unusual passphrase";
export const STAFF_COOKIE = "__Host-showroom-staff";

/** The desk's cookie a response sets, as `name=value` for a Cookie header; "" when it sets none. */
export const staffCookieOf = (headers: Headers): string =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${STAFF_COOKIE}=`))
    ?.split(";")[0] ?? "";

/** Adds `email` with `role` and the test password; answers the account's TOTP secret (from its otpauth URI). */
export async function addStaffAccount(db: Db, dataKey: string, email: string, role: StaffRole): Promise<string> {
  const { uri } = await addAccount(db, keyring(decodeKey(dataKey)), SYSTEM_ACTOR, {
    email,
    role,
    password: STAFF_PASSWORD,
  });
  return new URL(uri).searchParams.get("secret") ?? "";
}

/** The password step: answers the pending sign-in's cookie, which the code step needs. */
export async function staffPasswordStep(origin: string, email: string): Promise<string> {
  const first = await postForm(origin, "/staff/login", { email, password: STAFF_PASSWORD });
  expect(first.status).toBe(303);
  expect(first.headers.get("location")).toBe("/staff/verify");
  return staffCookieOf(first.headers);
}

/**
 * Password, then the code of the time `offsetMs` from now, taken just before it is posted: a code taken before the
 * password step (which hashes, slowly on a busy machine) could be two steps old by the time it arrives. Answers the
 * session's cookie. A code is accepted once: a second sign-in of one account within its 30 s replays it.
 */
export async function signInStaff(origin: string, email: string, secret: string, offsetMs = 0): Promise<string> {
  const pending = await staffPasswordStep(origin, email);
  const code = codeAt(secret, new Date(Date.now() + offsetMs));
  const second = await postForm(origin, "/staff/verify", { code }, { Cookie: pending });
  expect(second.status).toBe(303);
  expect(second.headers.get("location")).toBe("/staff");
  const cookie = staffCookieOf(second.headers);
  expect(cookie).not.toBe(pending);
  return cookie;
}

/**
 * A suite's desk accounts, `<role>@example.com` each: `add` makes them once the site runs, `signIn` signs a role in
 * afresh, `session` signs it in once and keeps the session for the suite (a TOTP code is accepted once).
 */
export function deskAccounts<Role extends StaffRole>(dataKey: string, roles: readonly Role[]) {
  const secrets = new Map<Role, string>();
  const sessions = new Map<Role, string>();
  const emailOf = (role: Role) => `${role}@example.com`;
  const signIn = (origin: string, role: Role, offsetMs = 0) =>
    signInStaff(origin, emailOf(role), secrets.get(role) ?? "", offsetMs);
  return {
    async add(db: Db): Promise<void> {
      for (const role of roles) secrets.set(role, await addStaffAccount(db, dataKey, emailOf(role), role));
    },
    secret: (role: Role): string => secrets.get(role) ?? "",
    signIn,
    async session(origin: string, role: Role): Promise<string> {
      const kept = sessions.get(role) ?? (await signIn(origin, role));
      sessions.set(role, kept);
      return kept;
    },
  };
}
