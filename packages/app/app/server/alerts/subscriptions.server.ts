// Alert subscriptions (issue 28, ADRs 370-374): double opt-in, one-click unsubscribe, a page per alert to manage them
// without an account. Every write that must produce an email writes its outbox row in the same transaction.
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { type AlertKind, type AlertStatus, alertEmails, alertSubscriptions, outbox } from "../db/schema.server";
import { ALERT_TOKEN_PATTERN, alertToken, alertTokenHash } from "./links";

/** Alerts one address may have on at once: a bound on what one form (or one prankster) can make us send. */
const ALERTS_PER_ADDRESS = 20;
/** A second confirmation for the same alert is sent at most this often. */
const CONFIRM_RESEND_MS = 15 * 60_000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The Message-ID of an alert email: the same for every attempt, under the sender's domain (like a lead's). */
function alertMessageId(alertEmailId: string, domain: string): string {
  return `<alert-${alertEmailId}@${domain}>`;
}

/** Writes an alert's confirmation email and the outbox row that sends it; the caller's transaction holds both. */
async function queueConfirmation(tx: Tx, subscriptionId: string, messageDomain: string): Promise<void> {
  const id = randomUUID();
  await tx.insert(alertEmails).values({ id, subscriptionId, kind: "confirm" });
  await tx.insert(outbox).values({ alertEmailId: id, messageId: alertMessageId(id, messageDomain) });
}

/**
 * Writes the match emails of one import, a few hundred rows per statement (an import may match thousands of alerts),
 * each with its outbox row; an alert that already has this import's email gets no second one.
 */
export async function queueMatchEmails(
  tx: Tx | Db,
  importId: string,
  matched: ReadonlyMap<string, unknown[]>,
  messageDomain: string,
): Promise<number> {
  const entries = [...matched];
  let queued = 0;
  for (let i = 0; i < entries.length; i += 500) {
    const values = entries.slice(i, i + 500).map(([subscriptionId, matches]) => ({
      id: randomUUID(),
      subscriptionId,
      kind: "matches" as const,
      importId,
      matches,
    }));
    const written = await tx.insert(alertEmails).values(values).onConflictDoNothing().returning({ id: alertEmails.id });
    if (written.length === 0) continue;
    await tx
      .insert(outbox)
      .values(written.map(({ id }) => ({ alertEmailId: id, messageId: alertMessageId(id, messageDomain) })));
    queued += written.length;
  }
  return queued;
}

export interface AlertRequest {
  storeId: string;
  /** Checked by the form's schema; stored lower case so one address is one shopper. */
  email: string;
  kind: AlertKind;
  /** A search alert matched at every store's imports, not only `storeId`'s. */
  everyStore?: boolean;
  vin?: string;
  criteria?: unknown;
  path: string;
  label: string;
  origin: string;
}

/**
 * What a subscribe did. The shopper is told the same in every case ("check your inbox"), so the form never says
 * whether an address already has alerts.
 */
export type SubscribeOutcome = "queued" | "already-active" | "recently-sent" | "too-many";

/**
 * Records an alert waiting for its confirmation and queues the confirmation email, in one transaction. The same
 * alert asked again (same address, store and path) reuses its row: a pending one gets a new confirmation at most every
 * 15 minutes, an active one nothing; an unsubscribed one starts again as pending.
 */
export async function subscribeToAlert(
  db: Db,
  request: AlertRequest,
  options: { hmacKey: Buffer; messageDomain: string; now?: Date },
): Promise<SubscribeOutcome> {
  const now = options.now ?? new Date();
  const email = request.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Serialises subscribes of one address, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`showroom:alerts:${email}`}))`);
    const [same] = await tx
      .select({ id: alertSubscriptions.id, status: alertSubscriptions.status })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.email, email),
          eq(alertSubscriptions.storeId, request.storeId),
          eq(alertSubscriptions.path, request.path),
        ),
      )
      .limit(1);
    if (same?.status === "active") {
      await tx.update(alertSubscriptions).set({ lastUsedAt: now }).where(eq(alertSubscriptions.id, same.id));
      return "already-active";
    }
    if (!same) {
      const [live] = await tx
        .select({ n: count() })
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.email, email), ne(alertSubscriptions.status, "unsubscribed")));
      if (Number(live?.n ?? 0) >= ALERTS_PER_ADDRESS) return "too-many";
    }
    let id = same?.id;
    if (id) {
      const [recent] = await tx
        .select({ n: count() })
        .from(alertEmails)
        .where(
          and(
            eq(alertEmails.subscriptionId, id),
            eq(alertEmails.kind, "confirm"),
            gte(alertEmails.createdAt, new Date(now.getTime() - CONFIRM_RESEND_MS)),
          ),
        );
      if (same?.status === "pending" && Number(recent?.n ?? 0) > 0) return "recently-sent";
      await tx
        .update(alertSubscriptions)
        .set({ status: "pending", unsubscribedAt: null, lastUsedAt: now })
        .where(eq(alertSubscriptions.id, id));
    } else {
      id = randomUUID();
      await tx.insert(alertSubscriptions).values({
        id,
        storeId: request.storeId,
        email,
        kind: request.kind,
        everyStore: request.everyStore ?? false,
        vin: request.vin ?? null,
        criteria: request.criteria ?? null,
        path: request.path,
        label: request.label,
        origin: request.origin,
        tokenHash: alertTokenHash(alertToken(options.hmacKey, id)),
        createdAt: now,
        lastUsedAt: now,
      });
    }
    await queueConfirmation(tx, id, options.messageDomain);
    return "queued";
  });
}

export interface AlertView {
  id: string;
  kind: AlertKind;
  label: string;
  path: string;
  status: AlertStatus;
  /** The alert whose link was opened. */
  current: boolean;
}

async function byToken(db: Db | Tx, token: string) {
  if (!ALERT_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ id: alertSubscriptions.id, email: alertSubscriptions.email, status: alertSubscriptions.status })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.tokenHash, alertTokenHash(token)));
  return row;
}

/** Turns a pending alert on; true when the token names an alert that is now active (already, or just now). */
export async function confirmAlert(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await byToken(db, token);
  if (!row || row.status === "unsubscribed") return false;
  await db
    .update(alertSubscriptions)
    .set({
      status: "active",
      confirmedAt: sql`coalesce(${alertSubscriptions.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      lastUsedAt: now,
    })
    .where(eq(alertSubscriptions.id, row.id));
  return true;
}

const off = (now: Date) => ({ status: "unsubscribed" as const, unsubscribedAt: now, email: "" });

/**
 * Turns the token's alert off for good and forgets its address (one click, RFC 8058); true when the token names an
 * alert (an alert already off stays off). Emails already queued for it are dropped by the relay.
 */
export async function unsubscribeAlert(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await byToken(db, token);
  if (!row) return false;
  if (row.status !== "unsubscribed")
    await db.update(alertSubscriptions).set(off(now)).where(eq(alertSubscriptions.id, row.id));
  return true;
}

/**
 * The alerts of the address the token's alert was sent to, the token's first: only its own shopper holds the link,
 * so nobody sees another address's alerts. Null for a token that names nothing. Opening the page counts as use.
 */
export async function alertsOfToken(db: Db, token: string, now = new Date()): Promise<AlertView[] | null> {
  const row = await byToken(db, token);
  if (!row) return null;
  const columns = {
    id: alertSubscriptions.id,
    kind: alertSubscriptions.kind,
    label: alertSubscriptions.label,
    path: alertSubscriptions.path,
    status: alertSubscriptions.status,
  };
  if (row.status === "unsubscribed") {
    const [only] = await db.select(columns).from(alertSubscriptions).where(eq(alertSubscriptions.id, row.id));
    return only ? [{ ...only, current: true }] : [];
  }
  const rows = await db
    .select(columns)
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.email, row.email), ne(alertSubscriptions.status, "unsubscribed")))
    .orderBy(asc(alertSubscriptions.createdAt), asc(alertSubscriptions.id));
  await db
    .update(alertSubscriptions)
    .set({ lastUsedAt: now })
    .where(
      inArray(
        alertSubscriptions.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({ ...r, current: r.id === row.id })).sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Turns off one alert listed on the token's page: only an alert of the token's own address; false for any other
 * (or an unknown token), which changes nothing.
 */
export async function unsubscribeListedAlert(
  db: Db,
  token: string,
  alertId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await byToken(db, token);
  if (!row || row.status === "unsubscribed") return false;
  const done = await db
    .update(alertSubscriptions)
    .set(off(now))
    .where(
      and(
        eq(alertSubscriptions.id, alertId),
        eq(alertSubscriptions.email, row.email),
        ne(alertSubscriptions.status, "unsubscribed"),
      ),
    )
    .returning({ id: alertSubscriptions.id });
  return done.length > 0;
}
