// Posting to the server the way browsers and bots do, and counting what a post left in the database.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../../app/server/db/client.server";
import { rowsOf } from "../../support/databases";

/** A complete, valid contact form as a browser posts it (the honeypot `website` present and empty). */
export function contactFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    website: "",
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana.reyes@example.com",
    phone: "(314) 555-0142",
    topic: "1",
    message: "Is the 2021 Camry still available?",
    ...overrides,
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** One request, redirects not followed; the body is read whole so the connection is free again. */
export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: "manual", ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A same-origin form POST (urlencoded) of `fields` to `path`, with the Origin a browser sends. */
export function postForm(
  origin: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return request(`${origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: origin, ...headers },
  });
}

/** The store cookie the store switcher sets for `storeId` (its post with no JavaScript), as a Cookie header. */
export async function storeCookie(origin: string, storeId: string): Promise<string> {
  const answer = await postForm(origin, "/api/store", { storeId, redirectTo: "/" });
  if (answer.status !== 303) throw new Error(`the store switch answered ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .join("; ");
}

/** Rows of the tables a form post may write. `rate_limits` is left out: every POST counts there by design. */
export interface RowCounts {
  leads: number;
  outbox: number;
  visitors: number;
  /** Sell/trade offers: each is written with its lead. */
  offers: number;
  /** Alert emails queued in the outbox (a confirmation); `outbox` counts only the leads' rows. */
  alertEmails: number;
}

export async function countRows(db: Db): Promise<RowCounts> {
  const [row] = rowsOf<{
    leads: number | string;
    outbox: number | string;
    visitors: number | string;
    offers: number | string;
    alertEmails: number | string;
  }>(
    await db.execute(sql`select
      (select count(*) from leads) as leads,
      (select count(*) from outbox where lead_id is not null) as outbox,
      (select count(*) from visitors) as visitors,
      (select count(*) from offers) as offers,
      (select count(*) from outbox where alert_email_id is not null) as "alertEmails"`),
  );
  if (!row) throw new Error("The row count query returned nothing");
  return {
    leads: Number(row.leads),
    outbox: Number(row.outbox),
    visitors: Number(row.visitors),
    offers: Number(row.offers),
    alertEmails: Number(row.alertEmails),
  };
}

/** The field errors a rendered form shows, by field name: what a shopper with JavaScript off reads. */
export function renderedFieldErrors(html: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const match of html.matchAll(/<p id="field-([A-Za-z0-9]+)-error"[^>]*>([^<]*)<\/p>/g)) {
    errors[match[1] as string] = decodeEntities(match[2] as string);
  }
  return errors;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
