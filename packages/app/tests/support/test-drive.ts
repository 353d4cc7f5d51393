// Calling the test-drive and unlock-inventory loaders and actions as a browser would, on a test database, with a
// cookie jar per "browser" and a pinned clock.

import type { Dealer } from "@showroom/fixtures";
import { sql } from "drizzle-orm";
import { siteContent } from "../../app/content/fixtures.server";
import type { Site } from "../../app/content/site.server";
import { testSecrets, testSellServices } from "../../app/content/test-site";
import type { AppServices } from "../../app/context";
import type { Config } from "../../app/server/config.server";
import type { Db } from "../../app/server/db/client.server";
import { defaultPopups } from "../../app/server/experiments/experiments.server";
import { memoryRateLimiter } from "../../app/server/rate-limit.server";
import { visitorCookies } from "../../app/server/visitor.server";
import { rowsOf } from "./databases";
import { TEST_MAIL_FROM } from "./leads";

export const ORIGIN = "https://www.confluencemotors.example";

/** A site on `db` with the fixture stores, optionally with changed dealer profiles (hours, time zone). */
export function siteOn(db: Db, change: (dealer: Dealer) => Dealer = (d) => d): Site & { nudges: number } {
  const content = siteContent();
  const stores = content.dealers.map((dealer) => ({ id: dealer.id, dealer: change(dealer) }));
  const store = stores.find((s) => s.id === "brentwood") ?? stores[0];
  if (!store) throw new Error("no store in the fixtures");
  const cookies = visitorCookies("a-unit-test-secret-that-is-long-enough-0000");
  const site = {
    nudges: 0,
    services: {
      config: { NODE_ENV: "production", MAIL_FROM: TEST_MAIL_FROM } as Config,
      db,
      nudgeRelay: () => {
        site.nudges += 1;
      },
      sell: testSellServices(),
      rateLimiter: memoryRateLimiter(),
      ...testSecrets(),
    } satisfies AppServices,
    content,
    settings: content.settings.production,
    stores,
    store,
    origin: ORIGIN,
    cookies,
    visitor: cookies.newVisitorIdentity(),
    experiments: { names: [], settings: content.settings.production, popups: defaultPopups(), langs: {} },
  };
  return site;
}

/** What a loader or action gave: a status, headers, and the data or the redirect target. */
export interface Outcome {
  status: number;
  headers: Headers;
  location: string | null;
  data: unknown;
}

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function outcomeOf(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, headers: value.headers, location: value.headers.get("Location"), data: text };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      headers: new Headers(value.init?.headers),
      location: null,
      data: value.data,
    };
  }
  return { status: 200, headers: new Headers(), location: null, data: value };
}

/** Runs a loader or action; what it throws (a 404, a 415) becomes its outcome, as React Router would answer. */
export async function settle(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return await outcomeOf(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return outcomeOf(thrown);
    throw thrown;
  }
}

/** A browser: keeps the cookies answers set (the visitor id, adfLead, flash) and sends them back. */
export class Shopper {
  readonly cookies = new Map<string, string>();

  request(path: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    return new Request(`${ORIGIN}${path}`, { ...init, headers });
  }

  post(path: string, fields: Record<string, string> | [string, string][]): Request {
    return this.request(path, { method: "POST", body: new URLSearchParams(fields) });
  }

  keep(outcome: Outcome): Outcome {
    for (const cookie of outcome.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return outcome;
  }
}

/** Rows of the tables a lead form may write. */
export async function tally(db: Db): Promise<{ leads: number; outbox: number; visitors: number }> {
  const [row] = rowsOf<{ leads: string | number; outbox: string | number; visitors: string | number }>(
    await db.execute(sql`select (select count(*) from leads) as leads, (select count(*) from outbox) as outbox,
      (select count(*) from visitors) as visitors`),
  );
  return { leads: Number(row?.leads), outbox: Number(row?.outbox), visitors: Number(row?.visitors) };
}

/** Empties what the forms write, keeping the stores and the imported inventory. */
export async function clearVisitorsAndLeads(db: Db): Promise<void> {
  await db.execute(sql`truncate outbox, leads, visitors restart identity cascade`);
}
