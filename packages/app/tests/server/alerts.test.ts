// Email alerts (issue 28) as the built server answers them, with lead mail going to a real SMTP peer: the form, the
// confirmation email (double opt-in), the alert's page whose opening changes nothing, an import that matches, and a
// mailbox's one-click unsubscribe (RFC 8058) after which an import sends nothing. Runs the built server in this process.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { alertEmails, alertSubscriptions } from "../../app/server/db/schema.server";
import { parseCsvFeed } from "../../app/server/inventory/feed";
import { importFeed } from "../../app/server/inventory/import.server";
import { mailDomain } from "../../app/server/mail/message-id";
import type { Running } from "../../server/app";
import { rowsOf } from "../support/databases";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { until } from "../support/wait";
import { startInProcess } from "./support/built-server";
import { postForm, request } from "./support/requests";

const MAIL_FROM = "Leads <leads@alerts.showroom.test>";
let site: Running;
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  site = await startInProcess({
    RATE_LIMIT_POSTS_PER_MINUTE: "500",
    SMTP_URL: peer.url,
    MAIL_FROM,
    RELAY_INTERVAL_MS: "50",
  });
}, 120_000);

afterAll(async () => {
  await site?.close();
  await peer?.close();
});

const db = () => site.database.db;
const HEADER = "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price,SalePrice,ExteriorColor,Transmission";
const suv = (vin: string, stock: string) =>
  `${vin},${stock},2022,Kia,Telluride,EX,SUV,Used,"12,000",38995,,Gray,Automatic`;

async function storeId(): Promise<string> {
  const [row] = rowsOf<{ store_id: string }>(
    await db().execute(sql`select store_id from vehicles where status = 'available' limit 1`),
  );
  return row?.store_id as string;
}

async function importSuv(vin: string, stock: string, store?: string) {
  const at = store ?? (await storeId());
  const summary = await importFeed(db(), at, parseCsvFeed([HEADER, suv(vin, stock)].join("\n")), {
    full: false,
    alerts: { messageDomain: mailDomain(MAIL_FROM) },
  });
  expect(summary.applied).toBe(true);
}

/** Resolves once the relay has sent every email it was given (nothing pending in the outbox). */
async function relayIdle(): Promise<void> {
  await until(
    "the relay to have nothing pending",
    async () => {
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from outbox where state = 'pending'`),
      );
      return Number(row?.n) === 0;
    },
    { timeoutMs: 20_000 },
  );
}

it("the alert form refuses what it cannot watch, and answers a watchable search with its form", async () => {
  expect((await request(`${site.url}/alerts`)).status).toBe(404);
  expect((await request(`${site.url}/alerts?search=${encodeURIComponent("//evil.example/cars")}`)).status).toBe(404);
  expect((await request(`${site.url}/alerts?vin=NOTAVIN`)).status).toBe(404);
  const page = await request(`${site.url}/alerts?search=${encodeURIComponent("/cars-for-sale/suvs")}`);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toContain("no-store");
  expect(page.body).toContain('name="email"');
  expect(page.body).toMatch(/noindex/);
  const bad = await postForm(site.url, "/alerts", {
    idempotencyKey: crypto.randomUUID(),
    website: "",
    email: "not-an-address",
    search: "/cars-for-sale/suvs",
  });
  expect(bad.status).toBe(400);
  expect(await db().select().from(alertSubscriptions)).toHaveLength(0);
});

it("subscribe, confirm from the email, one email for a matching import, one-click unsubscribe, then nothing", async () => {
  const posted = await postForm(site.url, "/alerts", {
    idempotencyKey: crypto.randomUUID(),
    website: "",
    email: "Shopper@Example.com",
    search: "/cars-for-sale/suvs",
  });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe("/cars-for-sale/suvs");
  expect(posted.headers.get("set-cookie")).toContain("flash=");
  await peer.waitForReceived(1, 20_000);
  const confirmation = peer.received[0]?.message;
  expect(confirmation?.header("to")).toBe("shopper@example.com");
  const confirmUrl = /https?:\/\/\S+\/alerts\/confirm\/[\w-]{43}/.exec(confirmation?.text ?? "")?.[0] ?? "";
  const token = confirmUrl.split("/").at(-1) as string;
  expect(confirmUrl.startsWith(site.url)).toBe(true);

  // Opening the link (as a mail scanner does) changes nothing; the button does.
  const page = await request(confirmUrl);
  expect(page.status).toBe(200);
  expect(page.body).toContain('value="confirm"');
  expect(page.body).not.toContain("shopper@example.com");
  const [pending] = await db().select().from(alertSubscriptions);
  expect(pending?.status).toBe("pending");
  const confirmed = await postForm(site.url, `/alerts/confirm/${token}`, { intent: "confirm" });
  expect(confirmed.status).toBe(303);
  expect(confirmed.headers.get("location")).toBe(`/alerts/manage/${token}`);

  await importSuv("5YJSA1E18HF000337", "ALERT1");
  await peer.waitForReceived(2, 20_000);
  const alert = peer.received[1]?.message;
  expect(alert?.header("subject")).toMatch(/1 new match at /);
  expect(alert?.text).toContain("2022 Kia Telluride EX");
  const unsubscribe = /^<(.+)>$/.exec(alert?.header("list-unsubscribe") ?? "")?.[1] ?? "";
  expect(unsubscribe).toBe(`${site.url}/alerts/unsubscribe/${token}`);
  expect(alert?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

  // The mailbox's one-click POST: no Origin, no cookie, the RFC 8058 body.
  const oneClick = await request(unsubscribe, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(oneClick.status).toBe(200);
  const [off] = await db().select().from(alertSubscriptions);
  expect(off).toMatchObject({ status: "unsubscribed", email: "" });

  const before = (await db().select().from(alertEmails)).length;
  await importSuv("1FTFW1ET9DFC10312", "ALERT2");
  expect((await db().select().from(alertEmails)).length).toBe(before);
  await relayIdle();
  expect(peer.received).toHaveLength(2);
  const manage = await request(`${site.url}/alerts/manage/${token}`);
  expect(manage.status).toBe(200);
  expect(manage.body).not.toContain('value="unsubscribe"');
  expect(
    (await db().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "shopper@example.com"))).length,
  ).toBe(0);
});

/** Subscribes `email` to the alert of `search` (the visitor at the default store) and confirms it from its email. */
async function confirmedAlert(email: string, search: string): Promise<void> {
  const received = peer.received.length;
  const posted = await postForm(site.url, "/alerts", {
    idempotencyKey: crypto.randomUUID(),
    website: "",
    email,
    search,
  });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe(search);
  await peer.waitForReceived(received + 1, 20_000);
  const text = peer.received.at(-1)?.message.text ?? "";
  const token = /\/alerts\/confirm\/([\w-]{43})/.exec(text)?.[1] as string;
  const confirmed = await postForm(site.url, `/alerts/confirm/${token}`, { intent: "confirm" });
  expect(confirmed.status).toBe(303);
}

it("an alert made from an all-stores search hears of a match at the other store, naming that store; the same search at one store does not (ADR 423)", async () => {
  await confirmedAlert("everywhere@example.com", "/cars-for-sale/suvs?store=all");
  await confirmedAlert("brentwood-only@example.com", "/cars-for-sale/suvs");
  const alerts = await db()
    .select({
      email: alertSubscriptions.email,
      everyStore: alertSubscriptions.everyStore,
      label: alertSubscriptions.label,
    })
    .from(alertSubscriptions)
    .where(sql`${alertSubscriptions.email} in ('everywhere@example.com', 'brentwood-only@example.com')`)
    .orderBy(alertSubscriptions.email);
  expect(alerts).toEqual([
    { email: "brentwood-only@example.com", everyStore: false, label: "SUVs" },
    { email: "everywhere@example.com", everyStore: true, label: "SUVs at both stores" },
  ]);
  const [home] = rowsOf<{ id: string }>(await db().execute(sql`select id from stores where id = ${await storeId()}`));
  const [other] = rowsOf<{ id: string; name: string }>(
    await db().execute(sql`select id, name from stores where id <> ${home?.id} and id in
      (select store_id from vehicles where status = 'available') limit 1`),
  );
  expect(other).toBeDefined();

  const received = peer.received.length;
  await importSuv("5XYP5DHC4NG000123", "ALERT3", other?.id);
  await peer.waitForReceived(received + 1, 20_000);
  await relayIdle();
  const sent = peer.received.slice(received);
  expect(sent.map((m) => m.message.header("to"))).toEqual(["everywhere@example.com"]);
  expect(sent[0]?.message.header("subject")).toMatch(/^SUVs at both stores: 1 new match at /);
  expect(sent[0]?.message.text).toContain(`2022 Kia Telluride EX: $38,995, 12,000 miles, at ${other?.name}`);
  expect(sent[0]?.message.text).toContain("/cars-for-sale/suvs?store=all");
});
