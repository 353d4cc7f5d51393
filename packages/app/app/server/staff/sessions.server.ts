import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { clearCookie, readCookie, type SiteCookieName, setCookie } from "../../cookies";
import type { Keyring } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import { type StaffRole, staffAccounts, staffRoles, staffSessions } from "../db/schema.server";
import { openTotpSecret, staffEmailSchema } from "./accounts.server";
import { type Actor, recordAudit } from "./audit.server";
import { verifyPassword } from "./passwords.server";
import { acceptedStep } from "./totp.server";

/**
 * `__Host-`: the browser takes it only Secure, for the whole host, from no subdomain, so nothing on another
 * subdomain or on plain HTTP can plant or read it (docs/decisions/221).
 */
const SESSION_COOKIE = "__Host-showroom-staff" satisfies SiteCookieName;
const MAX_FAILURES = 5;
export const LOCKOUT_MS = 15 * 60_000;
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 8 * 3_600_000;
/** Between the password and the code. */
const PENDING_MS = 5 * 60_000;
/** A session's last-seen time is written at most this often, so reading pages is not a write per request. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function sessionCookie(token: string): string {
  return setCookie(SESSION_COOKIE, token);
}

export function clearedSessionCookie(): string {
  return clearCookie(SESSION_COOKIE);
}

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: Request | string): string | null {
  const value = readCookie(request, SESSION_COOKIE);
  return value !== null && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

async function newSession(db: Pick<Db, "insert">, accountId: string, now: Date, verified: boolean): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    accountId,
    createdAt: now,
    verifiedAt: verified ? now : null,
    lastSeenAt: now,
  });
  return token;
}

type AccountRow = typeof staffAccounts.$inferSelect;

/** Counts a failure against the account; the fifth locks it for 15 minutes and starts the count again. */
async function countFailure(db: Pick<Db, "update">, account: AccountRow, now: Date): Promise<boolean> {
  const [row] = await db
    .update(staffAccounts)
    .set({ failedAttempts: sql`${staffAccounts.failedAttempts} + 1` })
    .where(eq(staffAccounts.id, account.id))
    .returning({ failed: staffAccounts.failedAttempts });
  if ((row?.failed ?? 0) < MAX_FAILURES) return false;
  await db
    .update(staffAccounts)
    .set({ failedAttempts: 0, lockedUntil: new Date(now.getTime() + LOCKOUT_MS) })
    .where(eq(staffAccounts.id, account.id));
  return true;
}

const refusal = (account: AccountRow | undefined, now: Date): string | null => {
  if (!account) return "unknown-email";
  if (account.disabledAt) return "disabled";
  if (account.lockedUntil && account.lockedUntil > now) return "locked";
  return null;
};

export type PasswordResult = { ok: true; token: string } | { ok: false };

/**
 * The first factor. Right password on an account that may sign in: a pending session (code still to come). Anything
 * else is the same `{ ok: false }`, whatever the reason, and an audit row says which.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
  now = new Date(),
): Promise<PasswordResult> {
  const parsed = staffEmailSchema.safeParse(input.email);
  const email = parsed.success ? parsed.data : input.email.slice(0, 254);
  const [account] = parsed.success ? await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)) : [];
  const matches = await verifyPassword(account?.passwordHash ?? null, input.password);
  const actor: Actor = { accountId: account?.id ?? null, email, ip: input.ip };
  const refused = refusal(account, now);
  if (account && !refused && matches) {
    const token = await newSession(db, account.id, now, false);
    return { ok: true, token };
  }
  await db.transaction(async (tx) => {
    const locked = account && !refused && !matches ? await countFailure(tx, account, now) : false;
    await recordAudit(tx, actor, {
      action: "failed-sign-in",
      subject: email,
      detail: { factor: "password", reason: refused ?? "wrong-password", ...(locked ? { locked: true } : {}) },
    });
  });
  return { ok: false };
}

export type CodeResult = { ok: true; token: string } | { ok: false; restart: boolean };

/**
 * The second factor, on the pending session of the password. A code valid within ±1 step and newer than the last one
 * accepted signs in: the pending session ends and a new one (a new token, so nobody who saw the first can use it)
 * starts. A wrong or replayed code counts as a failure, like a wrong password.
 */
export async function verifyCode(
  db: Db,
  keyring: Keyring,
  input: { token: string | null; code: string; ip: string },
  now = new Date(),
): Promise<CodeResult> {
  if (!input.token) return { ok: false, restart: true };
  const tokenHash = hashToken(input.token);
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(staffSessions)
      .where(
        and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt), isNull(staffSessions.verifiedAt)),
      )
      .for("update");
    if (!pending || now.getTime() - pending.createdAt.getTime() > PENDING_MS) return { ok: false, restart: true };
    const [account] = await tx
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, pending.accountId))
      .for("update");
    if (!account) return { ok: false, restart: true };
    const actor: Actor = { accountId: account.id, email: account.email, ip: input.ip };
    const refused = refusal(account, now);
    const step = refused
      ? null
      : acceptedStep(openTotpSecret(keyring, account), input.code.trim(), account.totpLastStep, now);
    if (step === null) {
      const locked = refused ? false : await countFailure(tx, account, now);
      if (refused || locked)
        await tx.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
      await recordAudit(tx, actor, {
        action: "failed-sign-in",
        subject: account.email,
        detail: { factor: "code", reason: refused ?? "wrong-code", ...(locked ? { locked: true } : {}) },
      });
      return { ok: false, restart: Boolean(refused || locked) };
    }
    // The row lock above orders two posts of one code: the second finds the step already used.
    await tx
      .update(staffAccounts)
      .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null })
      .where(eq(staffAccounts.id, account.id));
    await tx.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
    const token = await newSession(tx, account.id, now, true);
    await recordAudit(tx, actor, { action: "signed-in", subject: account.email });
    return { ok: true, token };
  });
}

export interface StaffMember {
  accountId: string;
  email: string;
  role: StaffRole;
}

/**
 * The signed-in account of a token: a verified session, not ended, seen within 30 minutes, begun within 8 hours, of
 * an account still enabled. Null otherwise.
 */
export async function currentStaff(db: Db, token: string | null, now = new Date()): Promise<StaffMember | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      verifiedAt: staffSessions.verifiedAt,
      lastSeenAt: staffSessions.lastSeenAt,
      endedAt: staffSessions.endedAt,
      accountId: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.accountId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  if (!row || row.endedAt || !row.verifiedAt || row.disabledAt) return null;
  const t = now.getTime();
  if (t - row.lastSeenAt.getTime() > IDLE_MS || t - row.verifiedAt.getTime() > ABSOLUTE_MS) return null;
  if (t - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { accountId: row.accountId, email: row.email, role: row.role };
}

/** Ends the session of `token` (sign-out): the row stays, refused from now on. */
export async function signOut(db: Db, token: string | null, actor: Actor, now = new Date()): Promise<void> {
  if (!token) return;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.endedAt)))
      .returning({ accountId: staffSessions.accountId });
    if (ended.length > 0) await recordAudit(tx, actor, { action: "signed-out", subject: actor.email });
  });
}

/** Drops sessions that can no longer be used (ended, idle or past 8 hours) a day after; the housekeeping calls it. */
export async function sweepSessions(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - ABSOLUTE_MS - 24 * 3_600_000);
  await db.delete(staffSessions).where(or(lt(staffSessions.lastSeenAt, cutoff), lt(staffSessions.createdAt, cutoff)));
}

/** What a desk route may ask for: a role, or any signed-in account whatever its role. */
export type DeskLevel = StaffRole | "any-role";

/**
 * The roles each role includes (ADR 342). Sales, finance and admin nest; analyst publishes offer rules and includes
 * no other role, so it never reaches a lead or a credit application; admin includes every role.
 */
const INCLUDES: Record<StaffRole, readonly StaffRole[]> = {
  sales: ["sales"],
  finance: ["finance", "sales"],
  analyst: ["analyst"],
  admin: staffRoles,
};

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: StaffRole, needed: DeskLevel): boolean {
  return needed === "any-role" || INCLUDES[role].includes(needed);
}
