import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsOf, testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { keyring, masterKey, sealJson } from "../crypto/envelope.server";
import { rewrapAll } from "../crypto/rotate.server";
import type { Db } from "../db/client.server";
import {
  auditEvents,
  financeApplicationDrafts,
  financeApplications,
  leads,
  outbox,
  resumes,
  retentionTallies,
  staffAccounts,
  stores,
  visitors,
} from "../db/schema.server";
import { applicationAad } from "../financing/applications.server";
import { AccountError, addAccount, disableAccount, enableAccount, setRole } from "./accounts.server";
import { readApplicationAudited, setApplicationStatus } from "./applications.server";
import { type Actor, SYSTEM_ACTOR } from "./audit.server";
import { exportLeadsCsv, leadDetail, listLeads } from "./leads-inbox.server";
import { retryEmail } from "./outbox-desk.server";
import { passwordProblem } from "./passwords.server";
import { runRetention, startRetentionJob } from "./retention.server";
import {
  ABSOLUTE_MS,
  currentStaff,
  IDLE_MS,
  LOCKOUT_MS,
  roleAllows,
  signInWithPassword,
  signOut,
  verifyCode,
} from "./sessions.server";
import { acceptedStep, codeAt, newTotpSecret, stepAt } from "./totp.server";

const ring = keyring(masterKey(randomBytes(32)));
const PASSWORD = "a long and unusual passphrase";
const IP = "203.0.113.7";
const DAY = 86_400_000;
const T0 = new Date("2026-11-26T12:00:10Z");

const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

async function audit(db: Db) {
  return db.select().from(auditEvents).orderBy(auditEvents.id);
}

async function store(db: Db) {
  await db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} }).onConflictDoNothing();
}

async function lead(db: Db, kind: string, createdAt: Date, user = { firstName: "Dana", lastName: "Reyes" }) {
  const id = randomUUID();
  await db.insert(leads).values({
    id,
    kind,
    status: "new",
    storeId: "brentwood",
    idempotencyKey: randomUUID(),
    payload: { kind, user: { ...user, email: "dana@example.com", phone: "(314) 555-0142" } },
    createdAt,
  });
  return id;
}

async function application(db: Db, lastUsedAt: Date, personal: unknown = { ssn: "123-45-6789", income: 4200 }) {
  const leadId = await lead(db, "FULL_CREDIT_APP", lastUsedAt);
  const id = randomUUID();
  const sealed = sealJson(ring, personal, applicationAad(id));
  await db.insert(financeApplications).values({
    id,
    reference: `FC-${randomBytes(4).toString("hex").toUpperCase()}`,
    kind: "full-credit",
    storeId: "brentwood",
    leadId,
    firstName: "Dana",
    lastName: "Reyes",
    keyId: sealed.keyId,
    wrappedKey: Buffer.from(sealed.wrappedKey),
    sealed: Buffer.from(sealed.sealed),
    createdAt: lastUsedAt,
    lastUsedAt,
  });
  return id;
}

describe("passwords and codes", () => {
  it("refuses passwords under 12 characters and common ones, whatever their case and spacing", () => {
    expect(passwordProblem("short pass1")).toMatch(/at least 12/);
    expect(passwordProblem("Password1234")).toMatch(/common/);
    expect(passwordProblem("password 1234")).toMatch(/common/);
    expect(passwordProblem("aaaaaaaaaaaaaaaa")).toMatch(/common/);
    expect(passwordProblem(PASSWORD)).toBeNull();
  });

  it("property: a code is accepted within one step either way of its time, never further, and never at or before the last step used", () => {
    const secret = newTotpSecret();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -4, max: 4 }),
        fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
        (seconds, offsetSteps, lastOffset) => {
          const issued = new Date(T0.getTime() + seconds * 1000);
          const checked = new Date(issued.getTime() + offsetSteps * 30_000);
          const code = codeAt(secret, issued);
          const issuedStep = stepAt(issued);
          const lastStep = lastOffset === null ? null : issuedStep + lastOffset;
          const accepted = acceptedStep(secret, code, lastStep, checked);
          const fresh = lastStep === null || issuedStep > lastStep;
          if (Math.abs(offsetSteps) <= 1 && fresh) expect(accepted).toBe(issuedStep);
          // Another step's code can coincide with this one's digits (1 in a million): only a refusal is certain.
          if (!fresh) expect(accepted).toBeNull();
          if (Math.abs(offsetSteps) >= 2 && accepted !== null) expect(accepted).not.toBe(issuedStep);
        },
      ),
    );
  });

  it("roles nest: sales < finance < admin", () => {
    expect(roleAllows("sales", "finance")).toBe(false);
    expect(roleAllows("finance", "sales")).toBe(true);
    expect(roleAllows("finance", "admin")).toBe(false);
    expect(roleAllows("admin", "finance")).toBe(true);
  });

  it("analyst stands apart: it includes no other role and none but admin includes it (ADR 342)", () => {
    for (const role of ["sales", "finance", "admin"] as const) expect(roleAllows("analyst", role)).toBe(false);
    expect(roleAllows("sales", "analyst")).toBe(false);
    expect(roleAllows("finance", "analyst")).toBe(false);
    expect(roleAllows("admin", "analyst")).toBe(true);
    expect(roleAllows("analyst", "any-role")).toBe(true);
  });
});

describe.each(testDatabaseKinds())("the staff desk on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function enrolled(role: "sales" | "finance" | "admin" = "finance", email = `${role}@example.com`) {
    const enrollment = await addAccount(t.db, ring, SYSTEM_ACTOR, { email, role, password: PASSWORD });
    return { email, secret: secretOf(enrollment.uri) };
  }

  async function signedIn(email: string, secret: string, now = T0) {
    const first = await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, now);
    if (!first.ok) throw new Error("password refused");
    const second = await verifyCode(t.db, ring, { token: first.token, code: codeAt(secret, now), ip: IP }, now);
    if (!second.ok) throw new Error("code refused");
    return second.token;
  }

  it("audit_events is append-only: the database refuses UPDATE and DELETE", async () => {
    await t.db.insert(auditEvents).values({ actor: "x", action: "signed-in" });
    await expect(t.db.execute(sql`update audit_events set actor = 'y'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect((await audit(t.db)).map((e) => e.actor)).toEqual(["x"]);
  });

  it("keeps the TOTP secret sealed, and a key rotation re-wraps it so codes still sign in", async () => {
    const { email, secret } = await enrolled();
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(row?.sealed.includes(Buffer.from(secret))).toBe(false);
    const rotated = keyring(masterKey(randomBytes(32)), [ring.current]);
    expect(await rewrapAll(t.db, rotated)).toMatchObject({ staff_accounts: 1 });
    const first = await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, T0);
    if (!first.ok) throw new Error("password refused");
    const onlyNew = keyring(rotated.current);
    expect(await verifyCode(t.db, onlyNew, { token: first.token, code: codeAt(secret, T0), ip: IP }, T0)).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it("signs in with password then code, a replayed code is refused, and sign-out ends the session", async () => {
    const { email, secret } = await enrolled();
    const token = await signedIn(email, secret);
    expect(await currentStaff(t.db, token, T0)).toMatchObject({ email, role: "finance" });

    // The same code again, on a new password step, is refused (replay).
    const again = await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, T0);
    if (!again.ok) throw new Error("password refused");
    expect(await verifyCode(t.db, ring, { token: again.token, code: codeAt(secret, T0), ip: IP }, T0)).toMatchObject({
      ok: false,
    });
    // The pending session is not a session.
    expect(await currentStaff(t.db, again.token, T0)).toBeNull();

    await signOut(t.db, token, { accountId: null, email, ip: IP }, T0);
    expect(await currentStaff(t.db, token, T0)).toBeNull();
    expect((await audit(t.db)).map((e) => e.action)).toEqual([
      "changed-account",
      "signed-in",
      "failed-sign-in",
      "signed-out",
    ]);
  });

  it("five failures lock the account for 15 minutes, even against the right password, then it signs in again", async () => {
    const { email, secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      expect(await signInWithPassword(t.db, { email, password: "wrong password!!", ip: IP }, T0)).toEqual({
        ok: false,
      });
    }
    expect(await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, T0)).toEqual({ ok: false });
    const justBefore = new Date(T0.getTime() + LOCKOUT_MS - 1000);
    expect(await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, justBefore)).toEqual({ ok: false });
    const after = new Date(T0.getTime() + LOCKOUT_MS + 1000);
    const token = await signedIn(email, secret, after);
    expect(await currentStaff(t.db, token, after)).not.toBeNull();
    const events = await audit(t.db);
    expect(
      events.filter((e) => e.action === "failed-sign-in").map((e) => (e.detail as { reason: string }).reason),
    ).toEqual([
      "wrong-password",
      "wrong-password",
      "wrong-password",
      "wrong-password",
      "wrong-password",
      "locked",
      "locked",
    ]);
    expect(events.every((e) => e.ip === null || e.ip === IP)).toBe(true);
  });

  it("wrong codes count toward the lockout too; an unknown email is refused the same way", async () => {
    const { email } = await enrolled();
    for (let i = 0; i < 5; i++) {
      const first = await signInWithPassword(t.db, { email, password: PASSWORD, ip: IP }, T0);
      expect(first.ok).toBe(true);
      if (first.ok) await verifyCode(t.db, ring, { token: first.token, code: "000000", ip: IP }, T0);
    }
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(row?.lockedUntil?.getTime()).toBe(T0.getTime() + LOCKOUT_MS);
    expect(await signInWithPassword(t.db, { email: "nobody@example.com", password: PASSWORD, ip: IP }, T0)).toEqual({
      ok: false,
    });
  });

  it("a session ends after 30 minutes idle or 8 hours in all, and when the account is disabled or its role changes", async () => {
    const { email, secret } = await enrolled();
    const token = await signedIn(email, secret);
    expect(await currentStaff(t.db, token, new Date(T0.getTime() + IDLE_MS + 1000))).toBeNull();

    const busy = await signedIn(email, secret, new Date(T0.getTime() + 60_000));
    let now = T0.getTime() + 60_000;
    while (now + 20 * 60_000 < T0.getTime() + 60_000 + ABSOLUTE_MS) {
      now += 20 * 60_000;
      expect(await currentStaff(t.db, busy, new Date(now))).not.toBeNull();
    }
    expect(await currentStaff(t.db, busy, new Date(T0.getTime() + 60_000 + ABSOLUTE_MS + 1000))).toBeNull();

    const later = new Date(T0.getTime() + DAY);
    const other = await signedIn(email, secret, later);
    await setRole(t.db, SYSTEM_ACTOR, email, "sales");
    expect(await currentStaff(t.db, other, later)).toBeNull();
    const last = await signedIn(email, secret, new Date(later.getTime() + 60_000));
    await disableAccount(t.db, SYSTEM_ACTOR, email);
    expect(await currentStaff(t.db, last, new Date(later.getTime() + 60_000))).toBeNull();
  });

  it("the last active admin can be neither disabled nor demoted; with a second admin both can", async () => {
    await enrolled("admin", "ada@example.com");
    await enrolled("sales", "sal@example.com");
    const refused = /ada@example.com is the only active admin/;
    await expect(disableAccount(t.db, SYSTEM_ACTOR, " ADA@example.com ")).rejects.toThrow(refused);
    await expect(setRole(t.db, SYSTEM_ACTOR, "ada@example.com", "finance")).rejects.toBeInstanceOf(AccountError);
    // Setting the admin's role to admin again takes nothing away; others change freely.
    await setRole(t.db, SYSTEM_ACTOR, "ada@example.com", "admin");
    await disableAccount(t.db, SYSTEM_ACTOR, "sal@example.com");
    // A disabled admin is no second admin.
    await setRole(t.db, SYSTEM_ACTOR, "sal@example.com", "admin");
    await expect(disableAccount(t.db, SYSTEM_ACTOR, "ada@example.com")).rejects.toThrow(refused);
    await enableAccount(t.db, SYSTEM_ACTOR, "sal@example.com");
    await setRole(t.db, SYSTEM_ACTOR, "ada@example.com", "finance");
    await expect(disableAccount(t.db, SYSTEM_ACTOR, "sal@example.com")).rejects.toThrow(/sal@example.com is the only/);
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.email, "sal@example.com"));
    expect([row?.role, row?.disabledAt]).toEqual(["admin", null]);
  });

  it("reading an application writes its audit row in the same transaction; revealing writes its own; SSN masked until then", async () => {
    await store(t.db);
    const id = await application(t.db, T0, { ssn: "123-45-6789", coBorrower: { ssn: "234-56-7890" }, income: 4200 });
    const actor: Actor = { accountId: null, email: "finance@example.com", ip: IP };
    const viewed = await readApplicationAudited(t.db, ring, actor, id);
    expect(viewed?.personal).toEqual({ ssn: "•••-••-6789", coBorrower: { ssn: "•••-••-7890" }, income: 4200 });
    const revealed = await readApplicationAudited(t.db, ring, actor, id, { reveal: true });
    expect(revealed?.personal).toMatchObject({ ssn: "123-45-6789" });
    const events = await audit(t.db);
    expect(events.map((e) => [e.action, e.subject, e.ip])).toEqual([
      ["viewed-application", viewed?.reference, IP],
      ["revealed-ssn", viewed?.reference, IP],
    ]);
    expect(JSON.stringify(events)).not.toContain("6789");

    // When the audit row cannot be written, nothing is read.
    await t.db.execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit down'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_audit before insert on audit_events for each row execute function refuse_audit()`,
    );
    try {
      await expect(readApplicationAudited(t.db, ring, actor, id)).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on audit_events`);
    }
    expect(await readApplicationAudited(t.db, ring, actor, randomUUID())).toBeNull();
    expect(await setApplicationStatus(t.db, actor, id, "sent-to-lender")).toBe(true);
  });

  it("sales sees no finance leads; a lead's page rebuilds the email; the CSV export is audited and defuses formulas", async () => {
    await store(t.db);
    const contact = await lead(t.db, "CONTACT_SALES", T0, { firstName: "=HYPERLINK(1)", lastName: "Reyes" });
    await lead(t.db, "FULL_CREDIT_APP", T0);
    expect((await listLeads(t.db, "sales", {})).map((r) => r.kind)).toEqual(["CONTACT_SALES"]);
    expect((await listLeads(t.db, "finance", {})).length).toBe(2);
    expect((await listLeads(t.db, "sales", { kind: "CONTACT_SALES", from: "2026-11-27" })).length).toBe(0);
    expect((await listLeads(t.db, "sales", { to: "2026-11-26", store: "brentwood" })).length).toBe(1);
    expect((await listLeads(t.db, "sales", { delivery: "dead" })).length).toBe(0);
    expect(await leadDetail(t.db, "sales", contact)).toMatchObject({ row: { kind: "CONTACT_SALES" }, attempts: [] });
    const csv = await exportLeadsCsv(t.db, { accountId: null, email: "s@example.com", ip: IP }, "sales", {});
    expect(csv).toContain(`"'=HYPERLINK(1) Reyes"`);
    expect((await audit(t.db)).map((e) => [e.action, (e.detail as { rows: number }).rows])).toEqual([
      ["exported-csv", 1],
    ]);
  });

  it("property: on a simulated clock, each run removes exactly what was last used before its cutoff (applications, lead details, profiles, résumés), keeps the rest, and counts what went", async () => {
    await store(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 30, max: 800 }),
        async (ages, advances, days) => {
          await t.database.truncate();
          await store(t.db);
          const start = T0.getTime();
          const made = [];
          for (const age of ages) {
            const at = new Date(start - age * DAY);
            made.push({ at, id: await application(t.db, at) });
          }
          // A résumé on each lead, last used when its lead was made.
          for (const lead of await t.db.select({ id: leads.id, at: leads.createdAt }).from(leads)) {
            await t.db.insert(resumes).values({
              id: randomUUID(),
              leadId: lead.id,
              kind: "pdf",
              byteSize: 1,
              keyId: "k",
              wrappedKey: Buffer.from("x"),
              sealed: Buffer.from("y"),
              lastUsedAt: lead.at,
            });
          }
          const resumesMade = await t.db.select({ id: resumes.id, at: resumes.lastUsedAt }).from(resumes);
          const visitor = randomUUID();
          await t.db.insert(visitors).values({
            id: visitor,
            profile: { firstName: "Dana" },
            updatedAt: new Date(start - (ages[0] ?? 0) * DAY),
          });
          await t.db.insert(financeApplicationDrafts).values({
            visitorId: visitor,
            keyId: "k",
            wrappedKey: Buffer.from("x"),
            sealed: Buffer.from("y"),
            expiresAt: new Date(start + DAY),
          });
          let now = start;
          for (const advance of advances) {
            now += advance * DAY;
            const cutoff = now - days * DAY;
            const outcome = await runRetention(t.db, { now: new Date(now), days });
            expect(outcome.ran).toBe(true);
            const left = new Set(
              (await t.db.select({ id: financeApplications.id }).from(financeApplications)).map((r) => r.id),
            );
            for (const record of made) expect(left.has(record.id)).toBe(record.at.getTime() >= cutoff);
            const resumesLeft = new Set((await t.db.select({ id: resumes.id }).from(resumes)).map((r) => r.id));
            for (const resume of resumesMade) expect(resumesLeft.has(resume.id)).toBe(resume.at.getTime() >= cutoff);
            const stale = await t.db.execute(
              sql`select count(*)::int as n from leads where created_at < ${new Date(cutoff).toISOString()}::timestamptz and payload ? 'user'`,
            );
            expect(Number(rowsOf<{ n: number }>(stale)[0]?.n)).toBe(0);
            expect((await t.db.select().from(financeApplicationDrafts)).length).toBe(0);
            // A run the next hour is skipped: one run a day, whichever instance.
            expect(await runRetention(t.db, { now: new Date(now + 3_600_000), days })).toEqual({
              ran: false,
              reason: "ran-recently",
            });
          }
          const tallied = await t.db.select().from(retentionTallies);
          const gone = tallied.filter((r) => r.what === "application:full-credit").reduce((n, r) => n + r.count, 0);
          const left = (await t.db.select().from(financeApplications)).length;
          expect(gone + left).toBe(ages.length);
          const runs = (await audit(t.db)).filter((e) => e.action === "retention-run");
          expect(runs.length).toBe(advances.length);
          const [profile] = await t.db.select().from(visitors).where(eq(visitors.id, visitor));
          const visitorStale = (ages[0] ?? 0) * DAY + (now - start) > days * DAY;
          expect(profile?.profile).toEqual(visitorStale ? {} : { firstName: "Dana" });
        },
      ),
      { numRuns: kind === "pglite" ? 15 : 8 },
    );
  });

  it("the server's job runs on its timer and records the run", async () => {
    const job = startRetentionJob(t.db, 730, 50);
    try {
      for (let i = 0; i < 100 && (await audit(t.db)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      job.stop();
    }
    expect((await audit(t.db)).map((e) => [e.action, e.actor])).toEqual([["retention-run", "system"]]);
  });

  // Only PostgreSQL has other instances: PGlite is one process with one connection (the data directory is locked).
  if (kind === "postgres")
    it("while one instance holds the retention lock, another skips its run", async () => {
      const other = await t.database.connectAgain({ poolSize: 1 });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = other.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('showroom:retention'))`);
        locked();
        await held;
      });
      await isLocked;
      try {
        expect(await runRetention(t.db, { now: T0, days: 730 })).toEqual({ ran: false, reason: "locked" });
      } finally {
        release();
        await holder;
      }
      expect(await runRetention(t.db, { now: T0, days: 730 })).toMatchObject({ ran: true });
    });

  it("Retry requeues a dead email with an audit row; a sent one is left alone and not recorded", async () => {
    await store(t.db);
    const leadId = await lead(t.db, "CONTACT_SALES", T0);
    const [dead] = await t.db
      .insert(outbox)
      .values({ leadId, messageId: `<${leadId}@x>`, state: "dead", attempts: 7 })
      .returning({ id: outbox.id });
    const actor: Actor = { accountId: null, email: "admin@example.com", ip: IP };
    expect(await retryEmail(t.db, actor, dead?.id ?? 0)).toEqual({ outcome: "requeued", previousState: "dead" });
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, dead?.id ?? 0));
    expect(row).toMatchObject({ state: "pending", attempts: 0 });
    await t.db
      .update(outbox)
      .set({ state: "sent" })
      .where(eq(outbox.id, dead?.id ?? 0));
    expect((await retryEmail(t.db, actor, dead?.id ?? 0)).outcome).toBe("already-sent");
    expect((await audit(t.db)).map((e) => [e.action, e.subject])).toEqual([["retried-email", `outbox #${dead?.id}`]]);
  });

  it("a dry run counts and changes nothing, and writes no audit row", async () => {
    await store(t.db);
    await application(t.db, new Date(T0.getTime() - 800 * DAY));
    const outcome = await runRetention(t.db, { now: T0, days: 730, dryRun: true });
    expect(outcome).toMatchObject({ ran: true, dryRun: true, counts: { applications: 1, leads: 1 } });
    expect((await t.db.select().from(financeApplications)).length).toBe(1);
    expect(await audit(t.db)).toEqual([]);
  });
});
