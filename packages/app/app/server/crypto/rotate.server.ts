import { count, eq, ne } from "drizzle-orm";
import { resumeAad } from "../careers/resumes.server";
import type { Db } from "../db/client.server";
import { financeApplicationDrafts, financeApplications, resumes, staffAccounts } from "../db/schema.server";
import { applicationAad } from "../financing/applications.server";
import { draftAad } from "../financing/drafts.server";
import { totpAad } from "../staff/accounts.server";
import { type Keyring, rewrap } from "./envelope.server";

/**
 * Every table holding sealed records, with how a row names itself in its seal. A new table of personal data adds
 * itself here, and rotation and the key report cover it.
 */
const SEALED_TABLES = [
  {
    name: "finance_applications",
    table: financeApplications,
    id: financeApplications.id,
    aad: (id: string) => applicationAad(id),
  },
  {
    name: "finance_application_drafts",
    table: financeApplicationDrafts,
    id: financeApplicationDrafts.visitorId,
    aad: (id: string) => draftAad(id),
  },
  {
    name: "staff_accounts",
    table: staffAccounts,
    id: staffAccounts.id,
    aad: (id: string) => totpAad(id),
  },
  { name: "resumes", table: resumes, id: resumes.id, aad: (id: string) => resumeAad(id) },
] as const;

/** How many records each master key wraps, per table. */
export async function keyUsage(db: Db): Promise<{ table: string; keyId: string; records: number }[]> {
  const usage: { table: string; keyId: string; records: number }[] = [];
  for (const sealed of SEALED_TABLES) {
    const rows = await db
      .select({ keyId: sealed.table.keyId, records: count() })
      .from(sealed.table)
      .groupBy(sealed.table.keyId);
    usage.push(...rows.map((row) => ({ table: sealed.name, keyId: row.keyId, records: Number(row.records) })));
  }
  return usage;
}

/**
 * Re-wraps every record not under the current master key, in batches, each record's data key unwrapped with its old
 * master key and wrapped with the current one; the sealed data itself is not touched. A record whose key is missing
 * stops the rotation with UnknownKeyError before anything of it changes. Returns the count per table.
 */
export async function rewrapAll(db: Db, keyring: Keyring, batchSize = 200): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const sealed of SEALED_TABLES) {
    let rewrapped = 0;
    for (;;) {
      const batch = await db
        .select({
          id: sealed.id,
          keyId: sealed.table.keyId,
          wrappedKey: sealed.table.wrappedKey,
          sealed: sealed.table.sealed,
        })
        .from(sealed.table)
        .where(ne(sealed.table.keyId, keyring.current.id))
        .limit(batchSize);
      if (batch.length === 0) break;
      await db.transaction(async (tx) => {
        for (const row of batch) {
          const next = rewrap(keyring, row, sealed.aad(row.id));
          await tx
            .update(sealed.table)
            .set({ keyId: next.keyId, wrappedKey: Buffer.from(next.wrappedKey) })
            .where(eq(sealed.id, row.id));
        }
      });
      rewrapped += batch.length;
    }
    done[sealed.name] = rewrapped;
  }
  return done;
}
