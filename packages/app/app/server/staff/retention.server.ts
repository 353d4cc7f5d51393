import { and, count, eq, gte, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import {
  alertSubscriptions,
  auditEvents,
  financeApplicationDrafts,
  financeApplications,
  leads,
  resumes,
  retentionTallies,
  staffSettings,
  visitors,
} from "../db/schema.server";
import { logError, logInfo } from "../log.server";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "./audit.server";

export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;
const DAY_MS = 86_400_000;
/** Runs closer together than this are skipped: with several instances each one's daily timer fires, one run a day. */
const RUN_GAP_MS = 20 * 3_600_000;

/** The period in force: the admin's setting, else RETENTION_DAYS. */
export async function retentionDays(db: Db, fallback: number): Promise<number> {
  const [row] = await db.select().from(staffSettings).where(eq(staffSettings.id, 1));
  return row?.retentionDays ?? fallback;
}

export async function setRetentionDays(db: Db, actor: Actor, days: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(staffSettings)
      .values({ id: 1, retentionDays: days })
      .onConflictDoUpdate({ target: staffSettings.id, set: { retentionDays: days, updatedAt: new Date() } });
    await recordAudit(tx, actor, { action: "changed-retention", subject: "retention", detail: { days } });
  });
}

export interface RetentionCounts {
  /** Credit applications and pre-approvals, deleted whole. */
  applications: number;
  /** Leads whose shopper's details were removed. */
  leads: number;
  /** Visitor profiles emptied. */
  visitors: number;
  /** Résumés sent with career applications, deleted whole. */
  resumes: number;
  /** Application drafts past their 24 hours. */
  drafts: number;
  /** Email alerts turned off and their address removed (ADR 374). */
  alerts: number;
}

export type RetentionOutcome =
  | { ran: true; dryRun: boolean; cutoff: Date; days: number; counts: RetentionCounts }
  | { ran: false; reason: "locked" | "ran-recently" };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const month = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** Adds `rows` (month, what, store, n) to the anonymous tallies reports keep. */
async function tally(tx: Tx, rows: { month: string; what: string; storeId: string; n: number }[]) {
  for (const row of rows) {
    await tx
      .insert(retentionTallies)
      .values({ month: row.month, what: row.what, storeId: row.storeId, count: row.n })
      .onConflictDoUpdate({
        target: [retentionTallies.month, retentionTallies.what, retentionTallies.storeId],
        set: { count: sql`${retentionTallies.count} + ${row.n}` },
      });
  }
}

/**
 * One disposal run at `now` (docs/decisions/224). Personal data last used before now minus the period goes:
 * applications and pre-approvals whole, the shopper's details of leads (kind, store and dates stay), visitor
 * profiles and journeys; drafts go once past their 24 hours. What went is tallied by month, kind and store, and the run
 * is one audit row. Everything happens in one transaction holding an advisory lock, so of several instances one
 * runs and the rest skip; a dry run counts and changes nothing.
 */
export async function runRetention(
  db: Db,
  options: { now?: Date; days: number; dryRun?: boolean; actor?: Actor; force?: boolean },
): Promise<RetentionOutcome> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.days * DAY_MS);
  const dryRun = options.dryRun === true;
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('showroom:retention')) as got`);
    const got = (Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows)[0] as { got: boolean };
    if (!got?.got) return { ran: false, reason: "locked" } as const;
    if (!dryRun && !options.force) {
      const [recent] = await tx
        .select({ n: count() })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, "retention-run"),
            gte(auditEvents.at, new Date(now.getTime() - RUN_GAP_MS)),
            lte(auditEvents.at, now),
          ),
        );
      if ((recent?.n ?? 0) > 0) return { ran: false, reason: "ran-recently" } as const;
    }

    const staleApplications = lt(financeApplications.lastUsedAt, cutoff);
    const staleLeads = and(lt(leads.createdAt, cutoff), isNull(leads.disposedAt));
    const staleVisitors = and(
      lt(visitors.updatedAt, cutoff),
      or(sql`${visitors.profile} <> '{}'::jsonb`, sql`${visitors.journeys} <> '{}'::jsonb`),
    );
    const staleDrafts = lte(financeApplicationDrafts.expiresAt, now);
    const staleResumes = lt(resumes.lastUsedAt, cutoff);
    // An alert lives while its shopper uses it (subscribes, confirms, opens its page); an unsubscribed one keeps no
    // address already, so only those still holding one are counted.
    const staleAlerts = and(lt(alertSubscriptions.lastUsedAt, cutoff), ne(alertSubscriptions.email, ""));

    const applicationGroups = await tx
      .select({
        month: month(financeApplications.createdAt),
        what: sql<string>`'application:' || ${financeApplications.kind}`,
        storeId: financeApplications.storeId,
        n: count(),
      })
      .from(financeApplications)
      .where(staleApplications)
      .groupBy(sql`1`, sql`2`, financeApplications.storeId);
    const leadGroups = await tx
      .select({
        month: month(leads.createdAt),
        what: sql<string>`'lead:' || ${leads.kind}`,
        storeId: leads.storeId,
        n: count(),
      })
      .from(leads)
      .where(staleLeads)
      .groupBy(sql`1`, sql`2`, leads.storeId);
    const visitorGroups = await tx
      .select({
        month: month(visitors.createdAt),
        what: sql<string>`'visitor'`,
        storeId: sql<string>`coalesce(${visitors.selectedStoreId}, '')`,
        n: count(),
      })
      .from(visitors)
      .where(staleVisitors)
      .groupBy(sql`1`, sql`2`, sql`3`);
    const [drafts] = await tx.select({ n: count() }).from(financeApplicationDrafts).where(staleDrafts);
    const [resumeCount] = await tx.select({ n: count() }).from(resumes).where(staleResumes);
    const [alertCount] = await tx.select({ n: count() }).from(alertSubscriptions).where(staleAlerts);
    const sum = (groups: { n: number }[]) => groups.reduce((total, g) => total + Number(g.n), 0);
    const counts: RetentionCounts = {
      applications: sum(applicationGroups),
      leads: sum(leadGroups),
      visitors: sum(visitorGroups),
      resumes: Number(resumeCount?.n ?? 0),
      drafts: Number(drafts?.n ?? 0),
      alerts: Number(alertCount?.n ?? 0),
    };
    if (dryRun) return { ran: true, dryRun, cutoff, days: options.days, counts };

    const normalized = (groups: { month: string; what: string; storeId: string; n: number }[]) =>
      groups.map((g) => ({ ...g, n: Number(g.n) }));
    await tally(tx, [...normalized(applicationGroups), ...normalized(leadGroups), ...normalized(visitorGroups)]);
    await tx.delete(financeApplications).where(staleApplications);
    await tx
      .update(leads)
      .set({ payload: sql`jsonb_build_object('kind', ${leads.kind})`, disposedAt: now })
      .where(staleLeads);
    await tx.update(visitors).set({ profile: {}, journeys: {}, updatedAt: now }).where(staleVisitors);
    await tx.delete(financeApplicationDrafts).where(staleDrafts);
    await tx.delete(resumes).where(staleResumes);
    await tx
      .update(alertSubscriptions)
      .set({
        email: "",
        status: "unsubscribed",
        unsubscribedAt: sql`coalesce(${alertSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(staleAlerts);
    await recordAudit(tx, options.actor ?? SYSTEM_ACTOR, {
      action: "retention-run",
      subject: "retention",
      detail: { days: options.days, cutoff: cutoff.toISOString(), ...counts },
      // Stamped with the run's clock, so the 20-hour gap holds on a simulated clock too.
      at: now,
    });
    return { ran: true, dryRun, cutoff, days: options.days, counts };
  });
}

/** `Retention: 3 applications, 12 leads, 40 visitor profiles, 1 draft` */
export function describeRetention(outcome: RetentionOutcome): string {
  if (!outcome.ran) {
    return outcome.reason === "locked"
      ? "Retention: another instance is running it now; skipped."
      : "Retention: already ran in the last 20 hours; skipped.";
  }
  const { counts } = outcome;
  const verb = outcome.dryRun ? "would remove" : "removed";
  return [
    `Retention (${outcome.days} days after last use, before ${outcome.cutoff.toISOString()}): ${verb}`,
    `  ${counts.applications} credit application(s) and pre-approval(s)`,
    `  the personal details of ${counts.leads} lead(s)`,
    `  ${counts.visitors} visitor profile(s)`,
    `  ${counts.resumes} résumé(s)`,
    `  ${counts.drafts} expired application draft(s)`,
    `  the address of ${counts.alerts} email alert(s)`,
  ].join("\n");
}

/**
 * The daily job in the server: a first run a minute after start, then every 24 hours; on PostgreSQL the advisory
 * lock and the 20-hour gap make one instance do it. Errors are logged and the next day tries again.
 */
export function startRetentionJob(db: Db, fallbackDays: number, intervalMs = DAY_MS): { stop(): void } {
  const run = async () => {
    try {
      const outcome = await runRetention(db, { days: await retentionDays(db, fallbackDays) });
      // A run that removed nothing says nothing: the audit trail has every run.
      const removed = outcome.ran && Object.values(outcome.counts).some((n) => n > 0);
      if (removed) logInfo(describeRetention(outcome).replaceAll("\n", ";"));
    } catch (error) {
      logError("retention run", error);
    }
  };
  const first = setTimeout(run, Math.min(60_000, intervalMs));
  const daily = setInterval(run, intervalMs);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
