import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { outboxStatus, type RequeueResult, requeueOutbox } from "../outbox/admin.server";
import { type Actor, recordAudit } from "./audit.server";

/** The admin's outbox page: the status the CLI prints, plus the latest emails sent. */
export async function deskOutbox(db: Db) {
  const status = await outboxStatus(db, { pendingLimit: 50 });
  const sent = await db
    .select({
      id: outbox.id,
      leadId: sql<string>`coalesce(${outbox.leadId}, ${outbox.alertEmailId})`,
      attempts: outbox.attempts,
      sentAt: outbox.sentAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(eq(outbox.state, "sent"))
    .orderBy(desc(outbox.sentAt), desc(outbox.id))
    .limit(50);
  return { ...status, sent };
}

/** The "Retry" button: the outbox CLI's requeue, recorded in the audit trail when it requeued. */
export async function retryEmail(db: Db, actor: Actor, id: number): Promise<RequeueResult> {
  const result = await requeueOutbox(db, id);
  if (result.outcome === "requeued") {
    await recordAudit(db, actor, {
      action: "retried-email",
      subject: `outbox #${id}`,
      detail: { previousState: result.previousState },
    });
  }
  return result;
}
