import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { type AuditAction, auditEvents } from "../db/schema.server";
import type { LeadTransaction } from "../leads/record-lead.server";

/** Whoever acts: a signed-in account, or the system (the retention job, the command line). */
export interface Actor {
  accountId: string | null;
  email: string;
  ip: string | null;
}

export const SYSTEM_ACTOR: Actor = { accountId: null, email: "system", ip: null };

export interface AuditEntry {
  action: AuditAction;
  subject?: string | null;
  detail?: Record<string, unknown>;
  /** The database's clock unless given (the retention job's simulated clock in tests). */
  at?: Date;
}

/** Appends one event. Inside the transaction of what it records, so the two stand or fall together. */
export async function recordAudit(db: Pick<LeadTransaction, "insert">, actor: Actor, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    accountId: actor.accountId,
    actor: actor.email,
    action: entry.action,
    subject: entry.subject ?? null,
    ip: actor.ip,
    detail: entry.detail ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  });
}

export interface AuditFilter {
  action?: AuditAction | undefined;
  subject?: string | undefined;
  limit?: number;
}

/** The newest events first (the admin's /staff/audit). */
export async function listAudit(db: Db, filter: AuditFilter = {}) {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.subject) where.push(eq(auditEvents.subject, filter.subject));
  return db
    .select()
    .from(auditEvents)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit ?? 200);
}
