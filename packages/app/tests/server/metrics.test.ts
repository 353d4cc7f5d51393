// Operators' figures (issue 26, ADR 309): /metrics is the site's 404 unless METRICS_TOKEN is set, then 401 to anyone
// without it, and Prometheus text to a bearer of it: request durations by route id, the outbox, the last day's leads
// by kind, event-loop lag and resident memory.
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/server/db/client.server";
import { leads, outbox } from "../../app/server/db/schema.server";
import type { Running } from "../../server/app";
import { insertPendingLeads, seedStore } from "../support/leads";
import { startInProcess } from "./support/built-server";
import { contactFields, postForm, request } from "./support/requests";

const TOKEN = "metrics-test-token-7f3a9c2e1b8d4f60a5e7c3b9d1f2a4e6";

/** The value of the sample `name{labels}` (labels in the order prom-client writes them), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const head = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split("\n").find((l) => l.startsWith(head));
  return line === undefined ? undefined : Number(line.slice(head.length));
}

/** The distinct label sets of the request-duration histogram's `_count` samples. */
function durationSeries(text: string): string[] {
  return text
    .split("\n")
    .filter((l) => l.startsWith("showroom_http_request_duration_seconds_count{"))
    .map((l) => l.slice(l.indexOf("{"), l.indexOf("}") + 1));
}

describe("/metrics with METRICS_TOKEN set", () => {
  let site: Running;
  const scrape = async () => {
    const answer = await request(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    site = await startInProcess({ METRICS_TOKEN: TOKEN, RATE_LIMIT_POSTS_PER_MINUTE: "1000" });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it("answers 401 without the token, with another token or another scheme, and says nothing of the figures", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, `Bearer ${TOKEN} x`]) {
      const answer = await request(`${site.url}/metrics`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
      });
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.body).not.toContain("showroom_");
    }
  });

  it("answers a bearer of the token with Prometheus text format 0.0.4 holding each figure the issue names", async () => {
    const answer = await request(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    for (const [name, type] of [
      ["showroom_outbox_pending", "gauge"],
      ["showroom_outbox_dead", "gauge"],
      ["showroom_outbox_oldest_pending_age_seconds", "gauge"],
      ["showroom_leads_last_24h", "gauge"],
      ["showroom_metrics_database_up", "gauge"],
      ["showroom_http_request_duration_seconds", "histogram"],
      ["nodejs_eventloop_lag_seconds", "gauge"],
      ["process_resident_memory_bytes", "gauge"],
    ]) {
      expect(answer.body, name).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(sample(answer.body, "showroom_metrics_database_up")).toBe(1);
    expect(sample(answer.body, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(sample(answer.body, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(answer.body, "showroom_leads_last_24h", 'kind="CONTACT_SALES"')).toBeTypeOf("number");
  });

  it("a posted lead adds one to the last day's leads of its kind", async () => {
    const before = await scrape();
    const posted = await postForm(site.url, "/contact-us", contactFields({ lastName: "Metrics" }));
    expect(posted.status).toBe(303);
    const [lead] = await site.database.db
      .select({ kind: leads.kind })
      .from(leads)
      .orderBy(desc(leads.createdAt))
      .limit(1);
    if (!lead) throw new Error("the contact form wrote no lead");
    const labels = `kind="${lead.kind}"`;
    const after = await scrape();
    expect(sample(after, "showroom_leads_last_24h", labels)).toBe(
      (sample(before, "showroom_leads_last_24h", labels) ?? Number.NaN) + 1,
    );
  });

  it("the outbox gauges show a pending row, how long it has waited, and a dead row", async () => {
    const db = site.database.db;
    const before = await scrape();
    // Written in one transaction, already two minutes old and not due for an hour, so the relay leaves it pending.
    await db.transaction(async (tx) => {
      await seedStore(tx as unknown as Db);
      const [waiting, dead] = await insertPendingLeads(tx as unknown as Db, 2);
      await tx
        .update(outbox)
        .set({ createdAt: new Date(Date.now() - 120_000), nextAttemptAt: new Date(Date.now() + 3_600_000) })
        .where(eq(outbox.messageId, waiting as string));
      await tx
        .update(outbox)
        .set({ state: "dead", attempts: 9 })
        .where(eq(outbox.messageId, dead as string));
    });
    const after = await scrape();
    expect(sample(after, "showroom_outbox_pending")).toBeGreaterThanOrEqual(1);
    expect(sample(after, "showroom_outbox_dead")).toBe((sample(before, "showroom_outbox_dead") ?? Number.NaN) + 1);
    const age = sample(after, "showroom_outbox_oldest_pending_age_seconds") ?? 0;
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(600);
  });

  it("records request durations by route id: addresses under /cars-for-sale/ add to one series, none named by its path", async () => {
    const random = () => randomBytes(6).toString("hex");
    await request(`${site.url}/cars-for-sale/${random()}`);
    const before = await scrape();
    const paths = [random(), random(), random()];
    for (const path of paths) expect((await request(`${site.url}/cars-for-sale/${path}`)).status).toBeLessThan(500);
    await request(`${site.url}/contact-us`);
    // A path that is not valid percent-encoding is counted too, under a label of its own.
    expect((await request(`${site.url}/%E0%A4%A`)).status).toBe(400);
    const after = await scrape();

    // However each address answers (a search page, or 404 for a segment no filter knows), it counts under the route.
    const count = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.startsWith('showroom_http_request_duration_seconds_count{route="cars-for-sale",method="GET"'))
        .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
    expect(count(after) - count(before)).toBe(paths.length);
    expect(after).toMatch(
      /^showroom_http_request_duration_seconds_count\{route="routes\/contact-us",method="GET",status="2xx"\} [1-9]/m,
    );
    // The three new addresses added no series: only the contact page's (and the scrape's own) can be new.
    const added = durationSeries(after).filter((series) => !durationSeries(before).includes(series));
    for (const series of added) expect(series).toMatch(/route="(routes\/contact-us|metrics|unmatched)"/);
    expect(after).toMatch(
      /^showroom_http_request_duration_seconds_count\{route="unmatched",method="GET",status="4xx"\} [1-9]/m,
    );
    for (const path of paths) expect(after).not.toContain(path);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  let site: Running;

  beforeAll(async () => {
    site = await startInProcess({});
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  it("is the site's 404, whatever the request carries: nothing advertises it", async () => {
    const requests: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}` }];
    for (const headers of requests) {
      const answer = await request(`${site.url}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain("showroom_");
      expect(answer.headers.get("www-authenticate")).toBeNull();
    }
  });
});
