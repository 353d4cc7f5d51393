// POST /api/track/facebook (spec section 7, ADR 281): consent first, a zod-parsed body, user data hashed after Meta's
// normalisation and never kept raw, the events file without Meta configured, the Conversions API with it (a POST is
// never retried), and a rate limit of its own.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseSetCookie } from "cookie";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Running } from "../../server/app";
import { rowsOf } from "../support/databases";
import { startInProcess } from "./support/built-server";
import { contactFields, postForm, request } from "./support/requests";

/** The lead event ids an answer leaves for the browser's tracker, as the tracker reads them. */
function pendingLeadEvents(answer: { headers: Headers }): string[] | undefined {
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("trackLead="));
  return line === undefined ? undefined : parseSetCookie(line).value?.split(",");
}

const ACCEPT_ALL = "displayCookies=hide; allowCookies=essential%2Cfunctional%2Canalytics%2Ctargeting";
const NO_FUNCTIONAL = "displayCookies=hide; allowCookies=essential%2Canalytics%2Ctargeting";
const DECLINED = "displayCookies=hide; allowCookies=essential%2Cfunctional%2Canalytics";

// SHA-256 of Meta's normalised values, computed apart from the code under test (`printf '%s' … | sha256sum`).
const KNOWN = {
  em: "fa41c818b5c474f7cd54a08168c58b26d7be47b357fad28353c031829dad3c2e", // dana.reyes@example.com
  fn: "2c9e0a2585dc7406589a3724f0027811506e0f133726303a15d6779d532a2573", // dana
  ln: "43762f7506b7249e54aaec56c5429982b7401dc6716ed08898cab1a067d0bcaa", // reyes
  ph: "510071ad879b5e671311a24a660fb011884bdbf794af018834f1b12ff36fdff6", // 13145550142
  zp: "10ed33016e9a4fee1f646109a607668f6e6896c95aa8a1406d1fdfae6cb9f51e", // 63144
  ct: "8ba24bdf99947996f3000259be455de791b06fcc0e802ce05031030df1ee8ea3", // stlouis
  st: "f4a4ce5fa6340a35aa5db0b4b6d31a6fbaa6052356460dbb0537657d803f5be2", // mo
};
const RAW_USER = {
  em: "  Dana.Reyes@Example.COM ",
  fn: " Dana",
  ln: "REYES ",
  ph: "(314) 555-0142",
  zp: "63144-1234",
  ct: "St. Louis",
  st: "Missouri",
};
const RAW_TEXTS = [
  "Dana",
  "Reyes",
  "REYES",
  "Example",
  "example.com",
  "555-0142",
  "5550142",
  "63144-1234",
  "St. Louis",
  "Missouri",
];

let ip = 0;
const freshIp = () => `198.51.100.${++ip}`;

function track(site: Running, body: unknown, cookie: string | null, headers: Record<string, string> = {}) {
  return request(`${site.url}/api/track/facebook`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: {
      Origin: site.url,
      "Content-Type": "application/json",
      "X-Forwarded-For": freshIp(),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });
}

function eventsFile(site: Running): string {
  return join(site.config.DATA_DIR, "tracking", "events.jsonl");
}

function recorded(site: Running): { origin: string; event: Record<string, unknown> }[] {
  const file = eventsFile(site);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const event = (id: string, extra: Record<string, unknown> = {}) => ({
  eventName: "Contact",
  eventID: `Contact.${id}`,
  eventTime: Math.floor(Date.now() / 1000),
  url: "/contact-us?email=dana.reyes%40example.com",
  user_data: RAW_USER,
  ...extra,
});

describe("POST /api/track/facebook without Meta configured", () => {
  let site: Running;

  beforeAll(async () => {
    site = await startInProcess({ TRUST_PROXY: "1", TRACK_EVENTS_PER_MINUTE: "4" });
  });

  afterAll(async () => {
    await site?.close();
  });

  it("answers 204 and records nothing without targeting consent, or with the pixel's consent revoked", async () => {
    for (const cookie of [null, DECLINED, NO_FUNCTIONAL]) {
      const answer = await track(site, event("00000000-0000-4000-8000-000000000001"), cookie);
      expect(answer.status, String(cookie)).toBe(204);
    }
    // A bad body is refused whatever the consent.
    expect((await track(site, "not json", null)).status).toBe(400);
    expect(existsSync(eventsFile(site))).toBe(false);
  });

  it("hashes each user field after Meta's normalisation (known SHA-256 vectors) and keeps no raw value", async () => {
    const answer = await track(site, event("00000000-0000-4000-8000-000000000002"), ACCEPT_ALL);
    expect(answer.status).toBe(204);
    const [line] = recorded(site);
    expect(line?.origin).toBe("browser");
    const sent = line?.event as { user_data: Record<string, string[]>; custom_data: Record<string, unknown> };
    expect(line?.event).toMatchObject({
      event_name: "Contact",
      event_id: "Contact.00000000-0000-4000-8000-000000000002",
      action_source: "website",
      // The query is dropped: it may carry what a shopper typed.
      event_source_url: `${new URL(site.url).origin}/contact-us`,
    });
    for (const [field, hash] of Object.entries(KNOWN)) expect(sent.user_data[field], field).toEqual([hash]);
    // The value comes from the rules' table (Contact: 2 USD), never from the page.
    expect(sent.custom_data).toEqual({ value: 2, currency: "USD" });
    const file = readFileSync(eventsFile(site), "utf8");
    for (const raw of RAW_TEXTS) expect(file).not.toContain(raw);
  });

  it("refuses a bad body with 400 (or 415 for another content type) and records nothing", async () => {
    const before = recorded(site).length;
    const bad: [unknown, number][] = [
      ["{not json", 400],
      [{ eventID: "PageView.12345678" }, 400],
      [{ eventName: "Purchase!", eventID: "x.12345678" }, 400],
      [{ eventName: "PageView" }, 400],
      [{ eventName: "PageView", eventID: "PageView.12345678", fbp: "<script>" }, 400],
      [{ eventName: "PageView", eventID: "PageView.12345678", user_data: { em: 42 } }, 400],
      [{ eventName: "PageView", eventID: "PageView.12345678", extra: "field" }, 400],
      [[1, 2, 3], 400],
    ];
    for (const [body, status] of bad) {
      const answer = await track(site, body, ACCEPT_ALL);
      expect(answer.status, JSON.stringify(body)).toBe(status);
    }
    const form = await track(site, "eventName=PageView", ACCEPT_ALL, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expect(recorded(site)).toHaveLength(before);
  });

  it("a lead recorded with targeting allowed carries the kept ad values, reports its events from the server and hands their ids to the browser", async () => {
    const before = recorded(site).filter((e) => e.origin === "server").length;
    const fields = contactFields({ lastName: "Ads" });
    const answer = await postForm(site.url, "/contact-us", fields, {
      "X-Forwarded-For": freshIp(),
      Cookie: `${ACCEPT_ALL}; adValues=${encodeURIComponent("utm_source=newsletter&gclid=Cj0-test&bogus=1")}`,
    });
    expect(answer.status).toBe(303);
    const [row] = rowsOf<{ id: string; payload: { adParams?: Record<string, string> } }>(
      await site.database.db.execute(
        sql`select id, payload from leads where idempotency_key = ${fields.idempotencyKey as string}`,
      ),
    );
    expect(row?.payload.adParams).toEqual({ utm_source: "newsletter", gclid: "Cj0-test" });
    expect(pendingLeadEvents(answer)).toEqual([`Contact.${row?.id}`, `Lead.${row?.id}`]);
    await expect.poll(() => recorded(site).filter((e) => e.origin === "server").length).toBe(before + 2);
    const ids = recorded(site)
      .filter((e) => e.origin === "server")
      .map((e) => e.event.event_id);
    expect(ids).toEqual(expect.arrayContaining([`Contact.${row?.id}`, `Lead.${row?.id}`]));
  });

  it("a popup's lead also reports the popup's tracked event (the unlock-price popup's Lead), for a visitor whose profile was already filled", async () => {
    const ip = freshIp();
    // A first lead fills the visitor's profile, so the Lead event below can only come from the popup's `track`.
    const first = await postForm(site.url, "/contact-us", contactFields({ lastName: "Popup" }), {
      "X-Forwarded-For": ip,
      Cookie: ACCEPT_ALL,
    });
    const visitor = /uniqueUserId=[^;]+/.exec(first.headers.get("set-cookie") ?? "")?.[0];
    expect(visitor).toBeDefined();
    const { topic: _topic, message: _message, ...contact } = contactFields({ lastName: "Popup" });
    const idempotencyKey = contact.idempotencyKey as string;
    const answer = await postForm(
      site.url,
      "/api/popups/lead",
      { ...contact, popupId: "unlock-price-capture" },
      { "X-Forwarded-For": ip, Cookie: `${ACCEPT_ALL}; ${visitor}` },
    );
    expect(answer.status).toBe(200);
    const [row] = rowsOf<{ id: string }>(
      await site.database.db.execute(sql`select id from leads where idempotency_key = ${idempotencyKey}`),
    );
    expect(pendingLeadEvents(answer)).toEqual([`Personalize.${row?.id}`, `Lead.${row?.id}`]);
  });

  it("a lead recorded without targeting keeps no ad values and reports nothing to Meta", async () => {
    const before = recorded(site).length;
    const fields = contactFields({ lastName: "NoAds" });
    const answer = await postForm(site.url, "/contact-us", fields, {
      "X-Forwarded-For": freshIp(),
      Cookie: `${DECLINED}; adValues=${encodeURIComponent("utm_source=newsletter")}`,
    });
    expect(answer.status).toBe(303);
    const [row] = rowsOf<{ payload: { adParams?: Record<string, string> } }>(
      await site.database.db.execute(
        sql`select payload from leads where idempotency_key = ${fields.idempotencyKey as string}`,
      ),
    );
    expect(row?.payload.adParams).toBeUndefined();
    // Analytics is allowed (Decline keeps it): the browser's tag may still count the lead, so its ids are handed over.
    expect(answer.headers.get("set-cookie")).toMatch(/trackLead=Contact\./);
    // The ad-values cookie left from an earlier choice is removed.
    expect(answer.headers.getSetCookie().map((line) => parseSetCookie(line))).toContainEqual(
      expect.objectContaining({ name: "adValues", value: "", path: "/", maxAge: 0 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(recorded(site)).toHaveLength(before);
  });

  it("has its own rate limit, which leaves the forms' POST budget alone", async () => {
    const shopper = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await track(site, event(`00000000-0000-4000-8000-00000000010${i}`), ACCEPT_ALL, {
        "X-Forwarded-For": shopper,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 429]);
    const contact = await postForm(site.url, "/contact-us", contactFields(), { "X-Forwarded-For": shopper });
    expect(contact.status).toBe(303);
  });
});

describe("POST /api/track/facebook with the Conversions API configured", () => {
  let site: Running;
  let graph: Server;
  const received: { url: string; body: string }[] = [];
  let answerStatus = 200;

  beforeAll(async () => {
    graph = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ url: req.url ?? "", body });
        res.writeHead(answerStatus, { "Content-Type": "application/json" }).end('{"events_received":1}');
      });
    });
    await new Promise<void>((resolve) => graph.listen(0, "127.0.0.1", resolve));
    site = await startInProcess({
      TRUST_PROXY: "1",
      META_PIXEL_ID: "123456789012345",
      META_CAPI_TOKEN: "EAAB-test-token-of-enough-length",
      META_CAPI_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}`,
    });
  });

  afterAll(async () => {
    await site?.close();
    await new Promise((resolve) => graph?.close(resolve));
  });

  it("sends the hashed event to the pixel's events endpoint with the token, and writes no file", async () => {
    const answer = await track(site, event("00000000-0000-4000-8000-000000000003"), ACCEPT_ALL);
    expect(answer.status).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe("/v21.0/123456789012345/events");
    const body = JSON.parse(received[0]?.body ?? "{}") as {
      access_token: string;
      data: { event_id: string; user_data: Record<string, string[]> }[];
    };
    expect(body.access_token).toBe("EAAB-test-token-of-enough-length");
    expect(body.data[0]?.event_id).toBe("Contact.00000000-0000-4000-8000-000000000003");
    expect(body.data[0]?.user_data.em).toEqual([KNOWN.em]);
    for (const raw of RAW_TEXTS) expect(received[0]?.body).not.toContain(raw);
    expect(existsSync(eventsFile(site))).toBe(false);
  });

  it("never retries the POST: a 503 from Meta is one attempt, answered 502", async () => {
    answerStatus = 503;
    const before = received.length;
    const answer = await track(site, event("00000000-0000-4000-8000-000000000004"), ACCEPT_ALL);
    expect(answer.status).toBe(502);
    expect(received.length - before).toBe(1);
    answerStatus = 200;
  });
});
