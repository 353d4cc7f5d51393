import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { type AlertEmailRow, composeAlertMail } from "../alerts/compose";
import type { Db } from "../db/client.server";
import { alertEmails, alertSubscriptions, leads, outbox, stores } from "../db/schema.server";
import { logInfo, logWarn } from "../log.server";
import { classifySendError, describeSendError } from "../mail/errors";
import type { MailAttachment, MailTransport } from "../mail/transport.server";
import { afterFailure, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./backoff";
import { composeLeadMail, type DestinationsSource, settleOutcome } from "./compose";

/** A claimed row stays with its relay this long; a relay that dies lets it go when the lease passes. */
const DEFAULT_LEASE_MS = 120_000;
/** Messages one relay sends at once. */
export const DEFAULT_CONCURRENCY = 4;

export interface RelayLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface RelayOptions {
  db: Db;
  /** Only names the relay in logs: both drivers claim with FOR UPDATE SKIP LOCKED. */
  kind?: "pglite" | "postgres";
  transport: MailTransport;
  destinations: DestinationsSource;
  /** How often the relay looks for due rows when nothing nudges it. */
  intervalMs: number;
  /** The clock; tests move it forward instead of waiting. */
  now?: () => Date;
  backoff?: Partial<RetryPolicy>;
  /** Must exceed the transport's longest delivery (60 s for SMTP), or a slow send could be claimed twice. */
  leaseMs?: number;
  concurrency?: number;
  /** The jitter's source of randomness, in [0, 1). */
  random?: () => number;
  logger?: RelayLogger;
  /**
   * The files a stored lead names (`attachments`), opened for its send; none when absent. A file that cannot be
   * opened throws a PermanentMailError: the lead is dead-lettered, never sent without what it announces.
   */
  attachments?: (payload: unknown) => Promise<readonly MailAttachment[]>;
  /** The key alert links are derived under (the site's HMAC key): needed to send alert emails (ADR 371). */
  alertLinkKey?: Buffer;
}

/** What one pass did. */
interface RelayPassResult {
  claimed: number;
  sent: number;
  retried: number;
  dead: number;
  dropped: number;
}

export interface Relay {
  /** Looks for due rows now instead of at the next interval (a lead was just written). */
  nudge(): void;
  /** Sends every row due now, in batches, and says what became of them. */
  runOnce(): Promise<RelayPassResult>;
  /** Stops polling and waits for the sends in flight to be recorded. */
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: number;
  /** For an alert email, the alert email's id (logs name it like a lead). */
  leadId: string;
  /** Set for an alert email: what it is composed from. */
  alert?: AlertEmailRow;
  messageId: string;
  attempts: number;
  firstAttemptAt: Date;
  /** The lease this relay set: marking the row checks it, so a relay whose lease passed cannot overwrite another's. */
  lease: Date;
  payload: unknown;
}

const consoleLogger: RelayLogger = {
  info: (message) => logInfo(`[outbox] ${message}`),
  warn: (message) => logWarn(`[outbox] ${message}`),
  error: (message, error) => console.error(`[outbox] ${message}`, error ?? ""),
};

/**
 * Claims up to `limit` due rows: pending, next attempt reached, no live lease. The short transaction locks them with
 * SKIP LOCKED (relays never wait for each other), sets this relay's lease, counts the attempt and commits, so nothing
 * stays locked while mail goes out.
 */
async function claim(db: Db, limit: number, now: Date, leaseMs: number): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.state, "pending"),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(outbox)
      .set({
        lockedUntil: lease,
        attempts: sql`${outbox.attempts} + 1`,
        firstAttemptAt: sql`coalesce(${outbox.firstAttemptAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: outbox.id,
        leadId: outbox.leadId,
        alertEmailId: outbox.alertEmailId,
        messageId: outbox.messageId,
        attempts: outbox.attempts,
        firstAttemptAt: outbox.firstAttemptAt,
      });
    const leadIds = claimed.flatMap((row) => (row.leadId ? [row.leadId] : []));
    const payloads =
      leadIds.length === 0
        ? []
        : await tx.select({ id: leads.id, payload: leads.payload }).from(leads).where(inArray(leads.id, leadIds));
    const byLead = new Map(payloads.map((row) => [row.id, row.payload]));
    const alerts = await alertRows(
      tx as unknown as Db,
      claimed.flatMap((row) => (row.alertEmailId ? [row.alertEmailId] : [])),
    );
    return claimed
      .sort((a, b) => a.id - b.id)
      .map(({ alertEmailId, leadId, ...row }) => {
        const alert = alertEmailId ? alerts.get(alertEmailId) : undefined;
        return {
          ...row,
          leadId: leadId ?? alertEmailId ?? "",
          ...(alert ? { alert: { ...alert, messageId: row.messageId } } : {}),
          firstAttemptAt: row.firstAttemptAt ?? now,
          lease,
          payload: leadId ? byLead.get(leadId) : undefined,
        };
      });
  });
}

/** The alert emails of claimed rows, with their alert and dealer, as `composeAlertMail` reads them. */
async function alertRows(db: Db, ids: string[]): Promise<Map<string, AlertEmailRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      alertEmailId: alertEmails.id,
      kind: alertEmails.kind,
      matches: alertEmails.matches,
      id: alertSubscriptions.id,
      email: alertSubscriptions.email,
      status: alertSubscriptions.status,
      label: alertSubscriptions.label,
      path: alertSubscriptions.path,
      origin: alertSubscriptions.origin,
      dealerName: stores.name,
    })
    .from(alertEmails)
    .innerJoin(alertSubscriptions, eq(alertSubscriptions.id, alertEmails.subscriptionId))
    .innerJoin(stores, eq(stores.id, alertSubscriptions.storeId))
    .where(inArray(alertEmails.id, ids));
  return new Map(
    rows.map(({ alertEmailId, kind, matches, dealerName, ...subscription }) => [
      alertEmailId,
      { alertEmailId, messageId: "", kind, matches, dealerName, subscription },
    ]),
  );
}

function owned(row: ClaimedRow) {
  return and(eq(outbox.id, row.id), eq(outbox.state, "pending"), eq(outbox.lockedUntil, row.lease));
}

/** Builds a relay that runs only when asked ({@link Relay.runOnce}, or {@link startRelay} to poll). */
export function createRelay(options: RelayOptions): Relay & { start(): void } {
  const { db, transport, destinations } = options;
  const now = options.now ?? (() => new Date());
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.backoff };
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const random = options.random ?? Math.random;
  const logger = options.logger ?? consoleLogger;
  const label = `relay${options.kind ? ` (${options.kind})` : ""} → ${transport.description}`;

  let stopped = false;
  let nudged = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  }

  async function deliver(row: ClaimedRow): Promise<"sent" | "retried" | "dead" | "dropped" | "unrecorded"> {
    let note: string | null;
    try {
      if (row.alert && !options.alertLinkKey) throw new Error("No alert link key: this relay cannot send alert emails");
      const mail = row.alert
        ? composeAlertMail(row.alert, options.alertLinkKey as Buffer)
        : composeLeadMail(row, row.payload, destinations);
      if (mail === null) return await drop(row);
      const files = options.attachments ? await options.attachments(row.payload) : [];
      ({ note } = settleOutcome(await transport.send(files.length > 0 ? { ...mail, attachments: files } : mail)));
    } catch (error) {
      const t = now();
      const decision = afterFailure(
        { kind: classifySendError(error), attempts: row.attempts, firstAttemptAt: row.firstAttemptAt, now: t },
        policy,
        random,
      );
      const lastError = describeSendError(error);
      try {
        await db
          .update(outbox)
          .set(
            decision.state === "dead"
              ? { state: "dead", lockedUntil: null, lastError }
              : { nextAttemptAt: decision.nextAttemptAt, lockedUntil: null, lastError },
          )
          .where(owned(row));
      } catch (recordError) {
        logger.error(`outbox ${row.id}: could not record a failed attempt; the lease will free it`, recordError);
        return "unrecorded";
      }
      if (decision.state === "dead") {
        logger.error(
          `outbox ${row.id} (lead ${row.leadId}) dead-lettered after ${row.attempts} attempt(s), ${decision.reason}: ${lastError}`,
        );
        return "dead";
      }
      logger.warn(
        `outbox ${row.id} (lead ${row.leadId}) attempt ${row.attempts} failed, retry at ${decision.nextAttemptAt.toISOString()}: ${lastError}`,
      );
      return "retried";
    }
    try {
      // A delivered message stays delivered, even if its lease passed meanwhile and another relay holds the row.
      // The last error stays: "sent after a 451" is worth knowing.
      await db
        .update(outbox)
        .set({ state: "sent", sentAt: now(), lockedUntil: null, ...(note === null ? {} : { lastError: note }) })
        .where(and(eq(outbox.id, row.id), ne(outbox.state, "sent")));
    } catch (recordError) {
      logger.error(
        `outbox ${row.id}: delivered ${row.messageId} but could not record it; it will be sent again with the same Message-ID`,
        recordError,
      );
      return "unrecorded";
    }
    logger.info(`outbox ${row.id} (lead ${row.leadId}) sent as ${row.messageId} on attempt ${row.attempts}`);
    return "sent";
  }

  /** An alert email whose alert was turned off (or not yet confirmed) is never sent: recorded as dropped. */
  async function drop(row: ClaimedRow): Promise<"dropped" | "unrecorded"> {
    try {
      await db
        .update(outbox)
        .set({ state: "dropped", lockedUntil: null, lastError: "not sent: the alert is off" })
        .where(owned(row));
    } catch (recordError) {
      logger.error(`outbox ${row.id}: could not record a dropped alert email; the lease will free it`, recordError);
      return "unrecorded";
    }
    logger.info(`outbox ${row.id} (alert email ${row.leadId}) dropped: the alert is off`);
    return "dropped";
  }

  async function pass(): Promise<RelayPassResult> {
    const result: RelayPassResult = { claimed: 0, sent: 0, retried: 0, dead: 0, dropped: 0 };
    while (!stopped) {
      const rows = await claim(db, concurrency, now(), leaseMs);
      result.claimed += rows.length;
      const outcomes = await Promise.all(rows.map(deliver));
      for (const outcome of outcomes) if (outcome !== "unrecorded") result[outcome] += 1;
      if (rows.length < concurrency) break;
    }
    return result;
  }

  function idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  return {
    start() {
      if (loop || stopped) return;
      loop = (async () => {
        while (!stopped) {
          nudged = false;
          try {
            await track(pass());
          } catch (error) {
            logger.error(`${label}: pass failed`, error);
          }
          if (!stopped && !nudged) await idle(options.intervalMs);
        }
      })();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    runOnce() {
      if (stopped) return Promise.resolve({ claimed: 0, sent: 0, retried: 0, dead: 0, dropped: 0 });
      return track(pass());
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Starts a relay that polls every `intervalMs` and whenever nudged; `stop()` before closing the database. */
export function startRelay(options: RelayOptions): Relay {
  const relay = createRelay(options);
  relay.start();
  return relay;
}
