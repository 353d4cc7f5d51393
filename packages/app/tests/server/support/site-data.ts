// The data a child server runs on (a PGlite data directory, or a PostgreSQL database of its own), and what the crash
// tests read from it between runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type Db, openDatabase } from "../../../app/server/db/client.server";
import {
  createTestDatabase,
  rowsOf,
  seedPgliteDataDir,
  type TestDatabase,
  type TestDatabaseKind,
} from "../../support/databases";

export interface SiteData {
  readonly kind: TestDatabaseKind;
  readonly dataDir: string;
  /** The environment that points `node start.mjs` at this data and at `smtpUrl`. */
  env(smtpUrl: string): Record<string, string>;
  /** Runs `work` on the data. On PGlite no server may be running: the embedded database allows one process. */
  withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty database of `kind` with a data directory for the server (lock, mail spool). */
export async function createSiteData(kind: TestDatabaseKind): Promise<SiteData> {
  const dataDir = mkdtempSync(join(tmpdir(), "showroom-site-"));
  let postgres: TestDatabase | undefined;
  if (kind === "pglite") await seedPgliteDataDir(dataDir);
  else postgres = await createTestDatabase("postgres");
  return {
    kind,
    dataDir,
    env: (smtpUrl) => ({
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      RELAY_INTERVAL_MS: "100",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    }),
    async withDatabase(work) {
      if (postgres) return work(postgres.db);
      const database: Database = await openDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      await postgres?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface StoredLead {
  idempotency_key: string;
  last_name: string;
  message_id: string | null;
  state: string | null;
  attempts: number | null;
  /** The outbox row is claimed by a relay whose lease has not passed. */
  leased: boolean | null;
}

/** Every lead with its outbox row (a left join: a lead without one shows a null message id). */
export async function storedLeads(db: Db): Promise<StoredLead[]> {
  return rowsOf<StoredLead>(
    await db.execute(sql`select l.idempotency_key, l.payload->'user'->>'lastName' as last_name,
        o.message_id, o.state, o.attempts, (o.locked_until is not null and o.locked_until > now()) as leased
      from leads l left join outbox o on o.lead_id = l.id`),
  );
}

/**
 * Lets the leases of rows a dead relay had claimed run out now instead of in two minutes (ADR 101), as if the
 * restart came that much later. Returns how many rows were leased.
 */
export async function expireLeases(db: Db): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`update outbox set locked_until = now() - interval '1 second' where state = 'pending' and locked_until > now() returning id`,
    ),
  );
  return rows.length;
}
