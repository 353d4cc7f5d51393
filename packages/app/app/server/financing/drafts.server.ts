import { eq, lte, sql } from "drizzle-orm";
import { type Keyring, openJson, sealJson, TamperedRecordError, UnknownKeyError } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import { financeApplicationDrafts, visitors } from "../db/schema.server";
import type { LeadTransaction } from "../leads/record-lead.server";
import { logError } from "../log.server";

/** A draft lives at most this long from its first step, whatever happens after (issue 12). */
export const DRAFT_LIFETIME_MS = 24 * 3_600_000;

export const draftAad = (visitorId: string) => `finance_application_drafts:${visitorId}`;

/**
 * Keeps a visitor's full credit application between form posts, sealed like a submission. The expiry is set when the
 * draft is first written and never pushed back.
 */
export async function saveDraft(
  db: Db,
  keyring: Keyring,
  visitorId: string,
  snapshot: unknown,
  now: Date = new Date(),
): Promise<void> {
  const sealed = sealJson(keyring, snapshot, draftAad(visitorId));
  const values = {
    keyId: sealed.keyId,
    wrappedKey: Buffer.from(sealed.wrappedKey),
    sealed: Buffer.from(sealed.sealed),
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    // A draft belongs to a visitor row; a visitor whose first post this is has none yet.
    await tx.insert(visitors).values({ id: visitorId }).onConflictDoNothing({ target: visitors.id });
    await tx
      .insert(financeApplicationDrafts)
      .values({ visitorId, ...values, expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_MS) })
      .onConflictDoUpdate({
        target: financeApplicationDrafts.visitorId,
        set: {
          ...values,
          // An expired draft being replaced starts a new 24 hours; a live one keeps its first expiry.
          expiresAt: sql`case when ${financeApplicationDrafts.expiresAt} <= ${now.toISOString()}::timestamptz
          then ${new Date(now.getTime() + DRAFT_LIFETIME_MS).toISOString()}::timestamptz
          else ${financeApplicationDrafts.expiresAt} end`,
        },
      });
  });
}

/** A visitor's draft: its snapshot, or none; `expired` when one was there and has just been deleted for its age. */
export interface DraftRead {
  snapshot: unknown | null;
  expired: boolean;
}

/** The visitor's draft: none, expired (then deleted), or unreadable (then deleted and logged, as none). */
export async function readDraft(
  db: Db,
  keyring: Keyring,
  visitorId: string | null,
  now: Date = new Date(),
): Promise<DraftRead> {
  const none = { snapshot: null, expired: false };
  if (!visitorId) return none;
  const [row] = await db
    .select()
    .from(financeApplicationDrafts)
    .where(eq(financeApplicationDrafts.visitorId, visitorId))
    .limit(1);
  if (!row) return none;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await deleteDraft(db, visitorId);
    return { snapshot: null, expired: true };
  }
  try {
    return { snapshot: openJson(keyring, row, draftAad(visitorId)), expired: false };
  } catch (error) {
    if (!(error instanceof TamperedRecordError || error instanceof UnknownKeyError)) throw error;
    logError("credit application draft unreadable, discarded", error);
    await deleteDraft(db, visitorId);
    return none;
  }
}

export async function deleteDraft(db: Pick<LeadTransaction, "delete">, visitorId: string): Promise<void> {
  await db.delete(financeApplicationDrafts).where(eq(financeApplicationDrafts.visitorId, visitorId));
}

/** Deletes every expired draft; returns how many went. */
export async function sweepDrafts(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(financeApplicationDrafts)
    .where(lte(financeApplicationDrafts.expiresAt, now))
    .returning({ visitorId: financeApplicationDrafts.visitorId });
  return gone.length;
}
