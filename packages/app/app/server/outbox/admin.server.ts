import { and, asc, count, eq, inArray, min, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { type OutboxState, outbox, outboxStates } from "../db/schema.server";

/** A row as the status report lists it. */
export interface OutboxRowSummary {
  id: number;
  leadId: string;
  messageId: string;
  attempts: number;
  nextAttemptAt: Date;
  firstAttemptAt: Date | null;
  lastError: string | null;
}

export interface OutboxStatus {
  counts: Record<OutboxState, number>;
  /** When the oldest pending row was written; null when none waits. */
  oldestPendingAt: Date | null;
  /** The pending rows that have waited longest, oldest first. */
  oldestPending: OutboxRowSummary[];
  /** Every dead row, oldest first: each one is a lead nobody received. */
  dead: OutboxRowSummary[];
}

const summary = {
  id: outbox.id,
  // An alert email's row names its alert email instead (ADR 370).
  leadId: sql<string>`coalesce(${outbox.leadId}, ${outbox.alertEmailId})`,
  messageId: outbox.messageId,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  firstAttemptAt: outbox.firstAttemptAt,
  lastError: outbox.lastError,
};

/** Counts per state, the oldest pending rows and the dead letters. */
export async function outboxStatus(db: Db, { pendingLimit = 10 } = {}): Promise<OutboxStatus> {
  const grouped = await db
    .select({ state: outbox.state, n: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .groupBy(outbox.state);
  const counts = Object.fromEntries(outboxStates.map((s) => [s, 0])) as Record<OutboxState, number>;
  let oldestPendingAt: Date | null = null;
  for (const row of grouped) {
    counts[row.state] = Number(row.n);
    if (row.state === "pending" && row.oldest) oldestPendingAt = new Date(row.oldest);
  }
  const oldestPending = await db
    .select(summary)
    .from(outbox)
    .where(eq(outbox.state, "pending"))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(pendingLimit);
  const dead = await db.select(summary).from(outbox).where(eq(outbox.state, "dead")).orderBy(asc(outbox.id));
  return { counts, oldestPendingAt, oldestPending, dead };
}

export type RequeueResult =
  | { outcome: "requeued"; previousState: "pending" | "dead" }
  | { outcome: "not-found" }
  | { outcome: "already-sent"; sentAt: Date | null };

/**
 * Makes a dead or pending row due now, with a fresh 24-hour window and backoff (attempts back to 0, the lease
 * dropped); its last error stays until the next attempt replaces it. A sent row is left alone: it was delivered.
 */
export async function requeueOutbox(db: Db, id: number, now = new Date()): Promise<RequeueResult> {
  const [row] = await db.select({ state: outbox.state, sentAt: outbox.sentAt }).from(outbox).where(eq(outbox.id, id));
  if (!row) return { outcome: "not-found" };
  // A dropped alert email was for an alert turned off: sending it later would be as wrong as now.
  if (row.state === "sent" || row.state === "dropped") return { outcome: "already-sent", sentAt: row.sentAt };
  const updated = await db
    .update(outbox)
    .set({ state: "pending", attempts: 0, firstAttemptAt: null, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.state, ["pending", "dead"])))
    .returning({ id: outbox.id });
  if (updated.length === 0) return requeueOutbox(db, id, now);
  return { outcome: "requeued", previousState: row.state };
}

function rowLine(row: OutboxRowSummary): string {
  const error = row.lastError ? ` — ${row.lastError}` : "";
  return `  #${row.id}  lead ${row.leadId}  attempts ${row.attempts}${error}`;
}

/** The status report as the CLI prints it. */
export function formatOutboxStatus(status: OutboxStatus, now = new Date()): string {
  const { counts } = status;
  const lines = [`Outbox: ${counts.pending} pending, ${counts.sent} sent, ${counts.dead} dead`];
  if (status.oldestPendingAt) {
    const minutes = Math.max(0, Math.round((now.getTime() - status.oldestPendingAt.getTime()) / 60_000));
    lines.push("", `Oldest pending (waiting since ${status.oldestPendingAt.toISOString()}, ${minutes} min):`);
    for (const row of status.oldestPending) {
      lines.push(`${rowLine(row)}  next attempt ${row.nextAttemptAt.toISOString()}`);
    }
  }
  if (status.dead.length > 0) {
    lines.push("", "Dead (not delivered; requeue with: npm run outbox -w packages/app -- retry <id>):");
    for (const row of status.dead) lines.push(rowLine(row));
  }
  return lines.join("\n");
}
