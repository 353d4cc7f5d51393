import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltServer } from "../../../tests/server/support/built-server";
import { seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { insertPendingLeads, seedStore, TEST_MAIL_FROM, testDestinations } from "../../../tests/support/leads";
import { recordingLogger } from "../../../tests/support/wait";
import { lockDataDir } from "../db/lock.server";
import { outbox } from "../db/schema.server";
import { messageFileName } from "../mail/message-id";
import { createTransport } from "../mail/transport.server";
import { formatOutboxStatus, outboxStatus, requeueOutbox } from "./admin.server";
import { createRelay } from "./relay.server";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "showroom-outbox-"));
  dirs.push(dir);
  return dir;
}

// `npm run outbox` runs the command's bundle (ADR 438): made fresh once, under the test run's build lock.
beforeAll(ensureBuiltServer);

/** Runs the documented command, `npm run outbox -w packages/app -- …`, with only the given database settings. */
function outboxCli(args: string[], env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn("npm", ["run", "--silent", "outbox", "-w", "packages/app", "--", ...args], {
      cwd: repoRoot,
      env: { ...rest, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

describe.each(testDatabaseKinds())("outbox administration on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function threeRows() {
    await seedStore(t.db);
    await insertPendingLeads(t.db, 3);
    const [pending, sent, dead] = await t.db.select().from(outbox).orderBy(asc(outbox.id));
    if (!pending || !sent || !dead) throw new Error("three rows expected");
    await t.db.update(outbox).set({ state: "sent", sentAt: new Date(), attempts: 1 }).where(eq(outbox.id, sent.id));
    await t.db
      .update(outbox)
      .set({ state: "dead", attempts: 4, firstAttemptAt: new Date(), lastError: "EMESSAGE: 550 Mailbox unavailable" })
      .where(eq(outbox.id, dead.id));
    return { pending, sent, dead };
  }

  it("status counts rows per state and lists the oldest pending rows and every dead one", async () => {
    const { pending, dead } = await threeRows();
    const status = await outboxStatus(t.db);
    expect(status.counts).toEqual({ pending: 1, sent: 1, dead: 1, dropped: 0 });
    expect(status.oldestPending.map((r) => r.id)).toEqual([pending.id]);
    expect(status.oldestPendingAt).toBeInstanceOf(Date);
    expect(status.dead).toMatchObject([
      { id: dead.id, leadId: dead.leadId, attempts: 4, lastError: "EMESSAGE: 550 Mailbox unavailable" },
    ]);
    const text = formatOutboxStatus(status);
    expect(text).toContain("Outbox: 1 pending, 1 sent, 1 dead");
    expect(text).toContain(`#${dead.id}  lead ${dead.leadId}  attempts 4 — EMESSAGE: 550 Mailbox unavailable`);
  });

  it("an empty outbox reports zero of each state and no lists", async () => {
    const status = await outboxStatus(t.db);
    expect(status).toEqual({
      counts: { pending: 0, sent: 0, dead: 0, dropped: 0 },
      oldestPendingAt: null,
      oldestPending: [],
      dead: [],
    });
    expect(formatOutboxStatus(status)).toBe("Outbox: 0 pending, 0 sent, 0 dead");
  });

  it("retry makes a dead row due now with a fresh window, and the relay then delivers it", async () => {
    const { dead } = await threeRows();
    expect(await requeueOutbox(t.db, dead.id)).toEqual({ outcome: "requeued", previousState: "dead" });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, dead.id));
    expect(row).toMatchObject({ state: "pending", attempts: 0, firstAttemptAt: null, lockedUntil: null });
    expect(row?.lastError).toContain("550");

    const dataDir = tempDir();
    const transport = createTransport({ DATA_DIR: dataDir, MAIL_FROM: TEST_MAIL_FROM, SMTP_URL: undefined });
    const relay = createRelay({
      db: t.db,
      transport,
      destinations: testDestinations,
      intervalMs: 1000,
      logger: recordingLogger(),
    });
    expect(await relay.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    await relay.stop();
    transport.close();
    expect(readdirSync(join(dataDir, "mail"))).toContain(messageFileName(dead.messageId));
  });

  it("retry leaves a sent row alone and says so; an unknown id is not found", async () => {
    const { sent } = await threeRows();
    expect(await requeueOutbox(t.db, sent.id)).toMatchObject({ outcome: "already-sent" });
    expect(await requeueOutbox(t.db, 999_999)).toEqual({ outcome: "not-found" });
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, sent.id));
    expect(row?.state).toBe("sent");
  });
});

// The CLI reaches a database of its own only on PostgreSQL: an in-memory PGlite lives in this process.
describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("the outbox CLI on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("the CLI prints the status and requeues a dead row by id", async () => {
    await seedStore(t.db);
    await insertPendingLeads(t.db, 2);
    const [, dead] = await t.db.select().from(outbox).orderBy(asc(outbox.id));
    if (!dead) throw new Error("two rows expected");
    await t.db.update(outbox).set({ state: "dead", attempts: 3, lastError: "550 No" }).where(eq(outbox.id, dead.id));
    const status = await outboxCli(["status"], { DATABASE_URL: t.database.url });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("Outbox: 1 pending, 0 sent, 1 dead");
    expect(status.stdout).toContain(`#${dead.id}  lead ${dead.leadId}`);

    const retry = await outboxCli(["retry", String(dead.id)], { DATABASE_URL: t.database.url });
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`#${dead.id} (was dead) is due now`);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, dead.id));
    expect(row?.state).toBe("pending");
  });
});

describe.concurrent("the outbox CLI on the embedded database", () => {
  it("refuses to run while another process holds the data directory, and says what to do", async () => {
    const dataDir = tempDir();
    const lock = lockDataDir(dataDir);
    try {
      const result = await outboxCli(["status"], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
      expect(result.stderr).toContain("stop it, then run this again");
      expect(result.stdout).toBe("");
    } finally {
      lock.release();
    }
  });

  it("reports on a data directory and releases its lock when done", async () => {
    const dataDir = tempDir();
    // The CLI would otherwise spend seconds on initdb; what it does with the directory is the same.
    await seedPgliteDataDir(dataDir);
    const result = await outboxCli(["status"], { DATA_DIR: dataDir });
    expect(result.stderr.replace(/npm warn[^\n]*\n/g, "")).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe("Outbox: 0 pending, 0 sent, 0 dead");
    expect(existsSync(join(dataDir, "showroom.lock"))).toBe(false);
  });

  it("a wrong command prints the usage and exits 2", async () => {
    const result = await outboxCli(["retry", "abc"], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("retry takes one outbox row id");
    expect(result.stderr).toContain("npm run outbox -w packages/app -- status");
  });
});
