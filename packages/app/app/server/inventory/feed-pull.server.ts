import { and, desc, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { type FeedPullStatus, inventoryFeedPulls, stores } from "../db/schema.server";
import { logError, logInfo, logWarn } from "../log.server";
import { mailDomain } from "../mail/message-id";
import { type Actor, recordAudit } from "../staff/audit.server";
import { type ParsedFeed, parseCsvFeed, parseJsonFeed } from "./feed";
import { type FeedValidators, feedUrlForRecord, fetchFeed } from "./feed-fetch.server";
import { importFeed } from "./import.server";

/** A store's feed, from `FEED_URL_<STORE ID>`. */
export interface FeedSource {
  storeId: string;
  url: string;
}

export interface PullSettings {
  timeoutMs: number;
  maxBytes: number;
  holdAbovePercent: number;
  /** The schedule's period: a pull of the same store started less than 80 % of it ago makes this one skip. */
  intervalMs: number;
  /** The domain of alert emails' Message-IDs (`mailDomain(MAIL_FROM)`): an applied feed queues its alerts. */
  messageDomain?: string;
}

export function pullSettingsOf(config: Config): PullSettings {
  return {
    timeoutMs: config.FEED_TIMEOUT_MS,
    maxBytes: config.FEED_MAX_BYTES,
    holdAbovePercent: config.FEED_HOLD_PERCENT,
    intervalMs: config.FEED_PULL_MINUTES * 60_000,
    messageDomain: mailDomain(config.MAIL_FROM),
  };
}

/** How many rejected rows a pull keeps (it counts them all), and how long each reason may be. */
const KEPT_REJECTIONS = 100;
const REASON_CHARS = 300;

export type PullOutcome =
  | { pulled: false; why: "locked" | "pulled-recently" | "no-such-store" }
  | {
      pulled: true;
      id: number;
      status: Exclude<FeedPullStatus, "running">;
      reason: string | null;
      added: number;
      updated: number;
      sold: number;
      rejected: number;
    };

type Claim =
  | { claimed: false; why: "locked" | "pulled-recently" | "no-such-store" }
  | { claimed: true; id: number; validators: FeedValidators | null };

/**
 * Claims this cycle's pull of one store (ADR 352): under a transaction-scoped advisory lock (the retention job's
 * pattern), a store pulled less than 80 % of a period ago is skipped, else a `running` row is written. The lock is held
 * only for this, never across the download: on PGlite a transaction holds the one connection every request needs.
 */
async function claim(db: Db, source: FeedSource, url: string, now: Date, gapMs: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    const lock = rowsOf<{ got: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${`showroom:feed-pull:${source.storeId}`})) as got`,
      ),
    );
    if (!lock[0]?.got) return { claimed: false, why: "locked" } as const;
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, source.storeId));
    if (!store) return { claimed: false, why: "no-such-store" } as const;
    const [recent] = await tx
      .select({ id: inventoryFeedPulls.id })
      .from(inventoryFeedPulls)
      .where(
        and(
          eq(inventoryFeedPulls.storeId, source.storeId),
          gt(inventoryFeedPulls.startedAt, new Date(now.getTime() - gapMs)),
          // Another process's pull counts even when its clock read a few ms after this one's (two processes
          // starting together): only a row far in this process's future is not this cycle's.
          lte(inventoryFeedPulls.startedAt, new Date(now.getTime() + gapMs)),
        ),
      )
      .limit(1);
    if (recent) return { claimed: false, why: "pulled-recently" } as const;
    // The validators of the newest pull of this address whose content decided it (applied, held or refused).
    const [last] = await tx
      .select({ etag: inventoryFeedPulls.etag, lastModified: inventoryFeedPulls.lastModified })
      .from(inventoryFeedPulls)
      .where(
        and(
          eq(inventoryFeedPulls.storeId, source.storeId),
          eq(inventoryFeedPulls.url, url),
          or(isNotNull(inventoryFeedPulls.etag), isNotNull(inventoryFeedPulls.lastModified)),
        ),
      )
      .orderBy(desc(inventoryFeedPulls.startedAt), desc(inventoryFeedPulls.id))
      .limit(1);
    const [row] = await tx
      .insert(inventoryFeedPulls)
      .values({ storeId: source.storeId, startedAt: now, url, status: "running" })
      .returning({ id: inventoryFeedPulls.id });
    if (!row) throw new Error("the pull's row was not written");
    return { claimed: true, id: row.id, validators: last ?? null } as const;
  });
}

export function parseBody(text: string, json: boolean): ParsedFeed | string {
  try {
    return json ? parseJsonFeed(JSON.parse(text)) : parseCsvFeed(text);
  } catch (error) {
    return json ? "the feed is not valid JSON" : `the CSV cannot be read: ${(error as Error).message}`;
  }
}

export const keptRejections = (feed: ParsedFeed) =>
  feed.rejected.slice(0, KEPT_REJECTIONS).map(({ line, reason }) => ({ line, reason: reason.slice(0, REASON_CHARS) }));

/**
 * One scheduled pull of one store's feed at `now`: claimed (or skipped, see {@link claim}), fetched with the last
 * validators, parsed, and applied as a full feed unless the mass-sold hold keeps it (ADR 354). Whatever happens is
 * the pull's row; a bad row is rejected by line and never stops the good ones (importFeed refuses a feed only when
 * it is empty or more than half its rows are bad).
 */
export async function pullStoreFeed(
  db: Db,
  source: FeedSource,
  settings: PullSettings,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<PullOutcome> {
  const now = options.now ?? new Date();
  const url = feedUrlForRecord(source.url);
  const claimed = await claim(db, source, url, now, Math.floor(settings.intervalMs * 0.8));
  if (!claimed.claimed) return { pulled: false, why: claimed.why };

  type Finish = Partial<typeof inventoryFeedPulls.$inferInsert> & { status: Exclude<FeedPullStatus, "running"> };
  const finish = async (result: Finish): Promise<PullOutcome> => {
    await db
      .update(inventoryFeedPulls)
      .set({ ...result, finishedAt: new Date() })
      .where(eq(inventoryFeedPulls.id, claimed.id));
    return {
      pulled: true,
      id: claimed.id,
      status: result.status,
      reason: result.reason ?? null,
      added: result.added ?? 0,
      updated: result.updated ?? 0,
      sold: result.sold ?? 0,
      rejected: result.rejected ?? 0,
    };
  };

  try {
    const response = await fetchFeed(source.url, {
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.maxBytes,
      validators: claimed.validators,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (response.kind === "not-modified") return await finish({ status: "not-modified", httpStatus: 304 });
    if (response.kind === "failed") {
      return await finish({ status: "failed", reason: response.reason, httpStatus: response.httpStatus });
    }
    // From here the content decides the outcome: its validators are kept, so the same content answers 304 next time.
    const seen = { httpStatus: response.httpStatus, bytes: response.bytes, etag: response.etag };
    const content = { ...seen, lastModified: response.lastModified };
    const { feed } = response;
    if (typeof feed === "string") return await finish({ status: "failed", reason: feed, ...content });
    const counts = { rejected: feed.rejected.length, rejectedLines: keptRejections(feed) };
    const summary = await importFeed(db, source.storeId, feed, {
      full: true,
      now,
      holdAbovePercent: settings.holdAbovePercent,
      ...(settings.messageDomain ? { alerts: { messageDomain: settings.messageDomain } } : {}),
    });
    if (summary.held) {
      // Only the newest held feed of a store may be applied: an older one would bring back an older inventory.
      await db
        .update(inventoryFeedPulls)
        .set({ heldFeed: null })
        .where(and(eq(inventoryFeedPulls.storeId, source.storeId), isNotNull(inventoryFeedPulls.heldFeed)));
      return await finish({
        status: "held",
        reason: summary.reason ?? null,
        ...content,
        ...counts,
        heldFeed: { vehicles: feed.vehicles, rejected: counts.rejectedLines },
        available: summary.held.available,
        wouldSell: summary.held.wouldSell,
      });
    }
    if (!summary.applied)
      return await finish({ status: "failed", reason: summary.reason ?? null, ...content, ...counts });
    await db
      .update(inventoryFeedPulls)
      .set({ heldFeed: null })
      .where(and(eq(inventoryFeedPulls.storeId, source.storeId), isNotNull(inventoryFeedPulls.heldFeed)));
    return await finish({
      status: "applied",
      ...content,
      ...counts,
      added: summary.added,
      updated: summary.updated,
      sold: summary.sold,
    });
  } catch (error) {
    // Our side failed (the database, most likely): no validators, so the next pull downloads the feed again.
    logError(`pulling the feed of ${source.storeId}`, error);
    return finish({ status: "failed", reason: "the site could not apply the feed (see the server log)" });
  }
}

export type ApplyHeldResult =
  | { outcome: "applied"; added: number; updated: number; sold: number }
  | { outcome: "already-applied" | "not-held" | "not-found" };

/**
 * An admin's "Apply anyway" of a held feed: applied as the full feed it was, without the hold, and recorded on the
 * pull's row and in the audit trail in the same transaction. Only the store's newest held feed can be applied, and
 * only until a later pull applies.
 */
export async function applyHeldFeed(
  db: Db,
  actor: Actor,
  id: number,
  now = new Date(),
  alerts?: { messageDomain: string },
): Promise<ApplyHeldResult> {
  return db.transaction(async (tx) => {
    const [pull] = await tx.select().from(inventoryFeedPulls).where(eq(inventoryFeedPulls.id, id)).for("update");
    if (!pull) return { outcome: "not-found" } as const;
    // A second press of the button (or a resubmitted form) finds the admin's wish done.
    if (pull.releasedAt !== null) return { outcome: "already-applied" } as const;
    if (pull.status !== "held" || pull.heldFeed === null) return { outcome: "not-held" } as const;
    const held = pull.heldFeed as ParsedFeed;
    // A savepoint inside this transaction: the feed, the row and the audit stand or fall together.
    const summary = await importFeed(tx as unknown as Db, pull.storeId, held, {
      full: true,
      now,
      ...(alerts ? { alerts } : {}),
    });
    if (!summary.applied) throw new Error(`the held feed #${id} could not be applied: ${summary.reason}`);
    await tx
      .update(inventoryFeedPulls)
      .set({
        status: "applied",
        heldFeed: null,
        added: summary.added,
        updated: summary.updated,
        sold: summary.sold,
        releasedAt: now,
        releasedBy: actor.email,
      })
      .where(eq(inventoryFeedPulls.id, id));
    await recordAudit(tx, actor, {
      action: "applied-held-feed",
      subject: `feed pull #${id}`,
      detail: { storeId: pull.storeId, added: summary.added, updated: summary.updated, sold: summary.sold },
    });
    return { outcome: "applied", added: summary.added, updated: summary.updated, sold: summary.sold } as const;
  });
}

function describePull(source: FeedSource, outcome: PullOutcome): string | null {
  if (!outcome.pulled) return null;
  const where = `Feed of ${source.storeId} (${feedUrlForRecord(source.url)})`;
  if (outcome.status === "applied") {
    return `${where}: added ${outcome.added} / updated ${outcome.updated} / sold ${outcome.sold} / rejected ${outcome.rejected}`;
  }
  if (outcome.status === "not-modified") return null;
  return `${where}: ${outcome.status}, ${outcome.reason}`;
}

/**
 * The server's feed pulls: every store's feed at start, then every period. Several processes or hosts run this each,
 * and the claim makes one of them pull each store per cycle. A cycle still running when the next is due lets it pass.
 */
export function startFeedPulls(
  db: Db,
  sources: readonly FeedSource[],
  settings: PullSettings,
): { stop(): Promise<void>; idle(): Promise<void> } {
  const stopping = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const cycle = () => {
    if (busy || stopping.signal.aborted) return;
    busy = true;
    running = (async () => {
      for (const source of sources) {
        if (stopping.signal.aborted) break;
        try {
          const outcome = await pullStoreFeed(db, source, settings, { signal: stopping.signal });
          const line = describePull(source, outcome);
          if (line && outcome.pulled && outcome.status === "applied") logInfo(line);
          else if (line) logWarn(line);
          if (!outcome.pulled && outcome.why === "no-such-store") {
            logWarn(`FEED_URL for store ${source.storeId}: there is no such store; its feed is not pulled`);
          }
        } catch (error) {
          logError(`pulling the feed of ${source.storeId}`, error);
        }
      }
    })().finally(() => {
      busy = false;
    });
  };
  if (sources.length === 0) return { stop: async () => {}, idle: async () => {} };
  cycle();
  const timer = setInterval(cycle, settings.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
    idle: () => running,
  };
}
