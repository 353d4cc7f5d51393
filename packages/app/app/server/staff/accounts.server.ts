import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Keyring, openJson, sealJson } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import { type StaffRole, staffAccounts, staffRoles, staffSessions } from "../db/schema.server";
import { type Actor, recordAudit } from "./audit.server";
import { hashPassword, passwordProblem } from "./passwords.server";
import { enrollmentUri, newTotpSecret } from "./totp.server";

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address." }).max(254));
export const staffRoleSchema = z.enum(staffRoles, { error: "The role is one of sales, finance, analyst or admin." });

/** Binds a sealed TOTP secret to its account: copied into another row, it no longer opens. */
export const totpAad = (accountId: string) => `staff_accounts:${accountId}`;

/** The three sealed columns of an account's TOTP secret. */
function sealedSecret(keyring: Keyring, accountId: string, secret: string) {
  const sealed = sealJson(keyring, secret, totpAad(accountId));
  return { keyId: sealed.keyId, wrappedKey: Buffer.from(sealed.wrappedKey), sealed: Buffer.from(sealed.sealed) };
}

/** The TOTP secret of an account row. */
export function openTotpSecret(
  keyring: Keyring,
  row: { id: string; keyId: string; wrappedKey: Buffer; sealed: Buffer },
): string {
  return String(openJson(keyring, row, totpAad(row.id)));
}

/** Raised for what the person at the keyboard can fix: the message says how. */
export class AccountError extends Error {
  override name = "AccountError";
}

export interface Enrollment {
  email: string;
  /** `otpauth://totp/…`: shown once, as text and QR code, for the authenticator app. */
  uri: string;
}

/** Creates an account with a checked password and a new TOTP secret; returns what the authenticator app needs. */
export async function addAccount(
  db: Db,
  keyring: Keyring,
  actor: Actor,
  input: { email: string; role: StaffRole; password: string },
): Promise<Enrollment> {
  const email = staffEmailSchema.parse(input.email);
  const role = staffRoleSchema.parse(input.role);
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError(problem);
  const passwordHash = await hashPassword(input.password);
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    if (existing) throw new AccountError(`There is already an account for ${email}.`);
    const id = randomUUID();
    await tx.insert(staffAccounts).values({ id, email, role, passwordHash, ...sealedSecret(keyring, id, secret) });
    await recordAudit(tx, actor, { action: "changed-account", subject: email, detail: { change: "added", role } });
  });
  return { email, uri: enrollmentUri(email, secret) };
}

export interface AccountSummary {
  id: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  lockedUntil: Date | null;
  createdAt: Date;
}

export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    lockedUntil: row.lockedUntil,
    createdAt: row.createdAt,
  }));
}

/**
 * Runs `change` on the account of `email` in one transaction with its audit row; sessions end when `endSessions`.
 * `takesAdminAway`: the change leaves the account without admin access (disable, a lower role), refused when it is
 * the last active admin, so the desk always keeps one (docs/decisions/306).
 */
async function changeAccount(
  db: Db,
  actor: Actor,
  emailInput: string,
  change: string,
  values: Partial<typeof staffAccounts.$inferInsert> | ((id: string) => Partial<typeof staffAccounts.$inferInsert>),
  options: { endSessions?: boolean; detail?: Record<string, unknown>; takesAdminAway?: boolean } = {},
): Promise<void> {
  const email = staffEmailSchema.parse(emailInput);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: staffAccounts.id, role: staffAccounts.role, disabledAt: staffAccounts.disabledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    if (!found) throw new AccountError(`There is no account for ${email}.`);
    if (options.takesAdminAway && found.role === "admin" && !found.disabledAt) {
      // Locked, so two admins taking each other's access at once cannot both see the other one still there.
      const admins = await tx
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.role, "admin"), isNull(staffAccounts.disabledAt)))
        .for("update");
      if (!admins.some((admin) => admin.id !== found.id)) {
        throw new AccountError(
          `${email} is the only active admin. Make another account admin first, so the desk keeps one.`,
        );
      }
    }
    const [row] = await tx
      .update(staffAccounts)
      .set({ ...(typeof values === "function" ? values(found.id) : values), updatedAt: new Date() })
      .where(eq(staffAccounts.id, found.id))
      .returning({ id: staffAccounts.id });
    if (!row) throw new AccountError(`There is no account for ${email}.`);
    if (options.endSessions) {
      await tx.update(staffSessions).set({ endedAt: new Date() }).where(eq(staffSessions.accountId, row.id));
    }
    await recordAudit(tx, actor, { action: "changed-account", subject: email, detail: { change, ...options.detail } });
  });
}

/** A leaver: signed out everywhere now, refused from now on. The row stays, as the audit trail names it. */
export function disableAccount(db: Db, actor: Actor, email: string) {
  return changeAccount(
    db,
    actor,
    email,
    "disabled",
    { disabledAt: new Date() },
    { endSessions: true, takesAdminAway: true },
  );
}

export function enableAccount(db: Db, actor: Actor, email: string) {
  return changeAccount(db, actor, email, "enabled", { disabledAt: null, failedAttempts: 0, lockedUntil: null });
}

export function setRole(db: Db, actor: Actor, email: string, role: StaffRole) {
  const checked = staffRoleSchema.parse(role);
  return changeAccount(
    db,
    actor,
    email,
    "role",
    { role: checked },
    { endSessions: true, detail: { role: checked }, takesAdminAway: checked !== "admin" },
  );
}

/** A lost phone: a new secret (the old app's codes stop working), every session ended. */
export async function resetMfa(db: Db, keyring: Keyring, actor: Actor, email: string): Promise<Enrollment> {
  const secret = newTotpSecret();
  await changeAccount(
    db,
    actor,
    email,
    "reset-mfa",
    (id) => ({ ...sealedSecret(keyring, id, secret), totpLastStep: null }),
    { endSessions: true },
  );
  const normalized = staffEmailSchema.parse(email);
  return { email: normalized, uri: enrollmentUri(normalized, secret) };
}
