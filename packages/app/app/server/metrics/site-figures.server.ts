import { LEAD_KINDS } from "@showroom/rules/leads";
import { count, eq, gt, min } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { leads, outbox } from "../db/schema.server";

/** The window "leads by kind" counts over: a day is what the leads_created_idx range scan reads, however old the site. */
export const LEADS_WINDOW_HOURS = 24;

/** The label of a lead kind the rules do not know (an old row): the label set stays the thirteen kinds and this one. */
export const OTHER_KIND = "other";
const KNOWN_KINDS: ReadonlySet<string> = new Set(LEAD_KINDS);

/** What the site's database says about leads and their emails, as one scrape reads it. */
export interface SiteFigures {
  outboxPending: number;
  outboxDead: number;
  /** Seconds since the oldest pending row was written; 0 when none waits. */
  oldestPendingAgeSeconds: number;
  /** Leads written in the last {@link LEADS_WINDOW_HOURS} hours, by kind: every known kind, 0 when it had none. */
  recentLeadsByKind: Map<string, number>;
}

/**
 * Three small queries, each reading only what its index bounds: the pending rows through the partial index
 * outbox_due_idx, the dead rows (rows are never deleted, but nothing but a dead letter has state 'dead'), and a day of
 * leads through leads_created_idx. ADR 309 has the measured cost.
 */
export async function readSiteFigures(db: Db, now: Date = new Date()): Promise<SiteFigures> {
  const since = new Date(now.getTime() - LEADS_WINDOW_HOURS * 3_600_000);
  // One after another: a scrape holds one pooled connection at a time, never three.
  const pending = await db
    .select({ n: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(eq(outbox.state, "pending"));
  const dead = await db.select({ n: count() }).from(outbox).where(eq(outbox.state, "dead"));
  const recent = await db
    .select({ kind: leads.kind, n: count() })
    .from(leads)
    .where(gt(leads.createdAt, since))
    .groupBy(leads.kind);
  const oldest = pending[0]?.oldest ? new Date(pending[0].oldest) : null;
  const recentLeadsByKind = new Map<string, number>(LEAD_KINDS.map((kind) => [kind, 0]));
  for (const row of recent) {
    const kind = KNOWN_KINDS.has(row.kind) ? row.kind : OTHER_KIND;
    recentLeadsByKind.set(kind, (recentLeadsByKind.get(kind) ?? 0) + Number(row.n));
  }
  return {
    outboxPending: Number(pending[0]?.n ?? 0),
    outboxDead: Number(dead[0]?.n ?? 0),
    oldestPendingAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
    recentLeadsByKind,
  };
}
