import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import {
  seedStore,
  TEST_MAIL_FROM,
  TEST_MESSAGE_DOMAIN,
  TEST_STORE_ID,
  testDestinations,
} from "../../../tests/support/leads";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";
import { recordingLogger } from "../../../tests/support/wait";
import { alertEmails, alertSubscriptions, outbox } from "../db/schema.server";
import { parseCsvFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";
import { createTransport, type MailTransport } from "../mail/transport.server";
import { createRelay } from "../outbox/relay.server";
import { checkCriteria } from "../search/criteria";
import { changeCar } from "../staff/inventory-desk.server";
import { runRetention } from "../staff/retention.server";
import { ALERT_TOKEN_PATTERN, alertToken, alertTokenHash } from "./links";
import {
  alertsOfToken,
  confirmAlert,
  subscribeToAlert,
  unsubscribeAlert,
  unsubscribeListedAlert,
} from "./subscriptions.server";

// VINs with valid North-American check digits.
const [V0, V1, V2] = ["1HGCM82633A004352", "1M8GDM9AXKP042788", "5YJSA1E18HF000337"] as const;
const HEADER = "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price,SalePrice,ExteriorColor,Transmission";
const honda = (vin: string, stock: string, price = "18995") =>
  `${vin},${stock},2019,Honda,Accord,EX-L,Sedan,Used,"41,200",${price},,Blue,Automatic`;
const tesla = (vin: string, stock: string) =>
  `${vin},${stock},2017,Tesla,Model S,75D,Sedan,Used,"30,100",31995,,Red,Automatic`;
const feed = (...rows: string[]) => parseCsvFeed([HEADER, ...rows].join("\n"));
const ALERTS = { alerts: { messageDomain: TEST_MESSAGE_DOMAIN } };
const ORIGIN = "https://cars.example";
const hondaSearch = checkCriteria({
  make: "honda",
  fuel: [],
  transmission: [],
  exteriorColor: [],
  sort: "newest",
  page: 1,
});

describe.each(testDatabaseKinds())("email alerts through the outbox and a real SMTP peer, on %s", (kind) => {
  const t = useTestDatabase(kind);
  const hmacKey = randomBytes(32);
  const peers: SmtpPeer[] = [];
  const transports: MailTransport[] = [];
  afterEach(async () => {
    for (const transport of transports.splice(0)) transport.close();
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  async function mailer() {
    const peer = await startSmtpPeer();
    peers.push(peer);
    const transport = createTransport({ SMTP_URL: peer.url, MAIL_FROM: TEST_MAIL_FROM, DATA_DIR: "unused" });
    transports.push(transport);
    const relay = createRelay({
      db: t.db,
      kind,
      transport,
      destinations: testDestinations,
      intervalMs: 60_000,
      logger: recordingLogger(),
      alertLinkKey: hmacKey,
    });
    return { peer, relay };
  }

  const subscribe = (email: string, over: Partial<Parameters<typeof subscribeToAlert>[1]> = {}) =>
    subscribeToAlert(
      t.db,
      {
        storeId: TEST_STORE_ID,
        email,
        kind: "search",
        criteria: hondaSearch,
        path: "/cars-for-sale/honda",
        label: "Used Honda",
        origin: ORIGIN,
        ...over,
      },
      { hmacKey, messageDomain: TEST_MESSAGE_DOMAIN },
    );

  async function tokenOf(email: string, path = "/cars-for-sale/honda") {
    const [row] = await t.db
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.path, path));
    const token = alertToken(hmacKey, row?.id as string);
    expect(email).not.toBe("");
    return token;
  }

  it("a confirmed alert gets exactly one email for an import with a matching car; an unsubscribed one gets none", async () => {
    await seedStore(t.db);
    await importFeed(t.db, TEST_STORE_ID, feed(tesla(V0, "T1")), ALERTS);
    const { peer, relay } = await mailer();

    expect(await subscribe("Shopper@Example.com")).toBe("queued");
    expect(await subscribe("gone@example.com", { path: "/cars-for-sale/honda?sort=price", label: "Honda" })).toBe(
      "queued",
    );
    expect(await relay.runOnce()).toMatchObject({ sent: 2 });
    const confirmations = peer.received.map((m) => m.message);
    expect(confirmations.map((m) => m.header("to")).sort()).toEqual(["gone@example.com", "shopper@example.com"]);
    for (const message of confirmations) {
      // The dealer's name, not the platform's, and RFC 8058 one-click unsubscribe in every email.
      expect(message.header("from")).toMatch(/^"?Confluence Motors Brentwood"? <leads@leads\.showroom\.test>$/);
      expect(message.header("subject")).toBe("Confirm your alert from Confluence Motors Brentwood");
      expect(message.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(message.header("list-unsubscribe")).toMatch(/^<https:\/\/cars\.example\/alerts\/unsubscribe\/[\w-]{43}>$/);
      expect(message.text).not.toMatch(/showroom/i);
    }
    // The token is in the links, never in the database; the address is never in a link.
    const shopperMail = confirmations.find((m) => m.header("to") === "shopper@example.com");
    const token = /\/alerts\/confirm\/([\w-]{43})/.exec(shopperMail?.text ?? "")?.[1] ?? "";
    expect(token).toMatch(ALERT_TOKEN_PATTERN);
    expect(shopperMail?.text).not.toMatch(/alerts\/[^\s]*shopper/);
    const [stored] = await t.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.tokenHash, alertTokenHash(token)));
    expect(stored?.status).toBe("pending");
    expect(JSON.stringify(stored)).not.toContain(token);

    // Nothing but the confirmation goes out before the confirmation: an import now mails nobody.
    await importFeed(t.db, TEST_STORE_ID, feed(tesla(V0, "T1"), honda(V1, "H1")), ALERTS);
    expect(await relay.runOnce()).toMatchObject({ sent: 0 });

    expect(await confirmAlert(t.db, token)).toBe(true);
    const goneToken = await tokenOf("gone@example.com", "/cars-for-sale/honda?sort=price");
    expect(await confirmAlert(t.db, goneToken)).toBe(true);
    expect(await unsubscribeAlert(t.db, goneToken)).toBe(true);

    peer.received.length = 0;
    await importFeed(t.db, TEST_STORE_ID, feed(tesla(V0, "T1"), honda(V1, "H1"), honda(V2, "H2")), ALERTS);
    await relay.runOnce();
    expect(peer.received).toHaveLength(1);
    const alert = peer.received[0]?.message;
    expect(alert?.header("to")).toBe("shopper@example.com");
    expect(alert?.header("subject")).toBe("Used Honda: 1 new match at Confluence Motors Brentwood");
    expect(alert?.text).toContain(`${ORIGIN}/used-cars-for-sale/2019-honda-accord-ex-l-${V2}`);
    expect(alert?.text).not.toContain(V0);
    expect(alert?.header("list-unsubscribe")).toBe(`<${ORIGIN}/alerts/unsubscribe/${token}>`);

    // The same feed again changes nothing an alert watches: no second email.
    await importFeed(t.db, TEST_STORE_ID, feed(tesla(V0, "T1"), honda(V1, "H1"), honda(V2, "H2")), ALERTS);
    expect(await relay.runOnce()).toMatchObject({ claimed: 0 });
    expect(peer.received).toHaveLength(1);
  });

  it("a watched vehicle's price drop is one email; an email queued before the unsubscribe is dropped, not sent", async () => {
    await seedStore(t.db);
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "20995")), ALERTS);
    const { peer, relay } = await mailer();
    const path = `/used-cars-for-sale/2019-honda-accord-ex-l-${V1}`;
    await subscribe("watcher@example.com", { kind: "vehicle", vin: V1, path, label: "2019 Honda Accord EX-L" });
    await relay.runOnce();
    const token = await tokenOf("watcher@example.com", path);
    expect(await confirmAlert(t.db, token)).toBe(true);

    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "19495")), ALERTS);
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "19995")), ALERTS); // up: nothing
    await relay.runOnce();
    expect(peer.received).toHaveLength(2);
    const drop = peer.received[1]?.message;
    expect(drop?.header("subject")).toBe("2019 Honda Accord EX-L: a price drop at Confluence Motors Brentwood");
    expect(drop?.text).toContain("$19,495 (was $20,995)");

    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "18995")), ALERTS);
    expect(await unsubscribeAlert(t.db, token)).toBe(true);
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, sent: 0, dropped: 1 });
    expect(peer.received).toHaveLength(2);
    // Unsubscribing forgets the address.
    const [row] = await t.db.select().from(alertSubscriptions);
    expect(row).toMatchObject({ status: "unsubscribed", email: "" });
    expect(await t.db.select({ state: outbox.state }).from(outbox)).toEqual(
      expect.arrayContaining([{ state: "dropped" }]),
    );
  });

  it("a price drop is judged on the price shoppers see: a corrected price the feed keeps undercutting is no drop (ADR 416)", async () => {
    await seedStore(t.db);
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "20995")), ALERTS);
    const path = `/used-cars-for-sale/2019-honda-accord-ex-l-${V1}`;
    await subscribe("watcher@example.com", { kind: "vehicle", vin: V1, path, label: "2019 Honda Accord EX-L" });
    expect(await confirmAlert(t.db, await tokenOf("watcher@example.com", path))).toBe(true);
    const admin = { accountId: null, email: "admin@example.com", ip: "203.0.113.9" };
    const raise = { intent: "price", vin: V1, price: 22_995, reason: "The DMS has the wrong trim" } as const;
    expect(await changeCar(t.db, admin, raise)).toBe("changed");
    const matches = async () =>
      (
        await t.db.select({ matches: alertEmails.matches }).from(alertEmails).where(eq(alertEmails.kind, "matches"))
      ).flatMap((row) => row.matches as unknown[]);

    // The feed sends the price the admin corrected: the page still shows $22,995, so nothing dropped.
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "20995")), ALERTS);
    expect(await matches()).toEqual([]);
    // The dealer lowers it: the correction ends and the shown price falls from the corrected one.
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1", "19995")), ALERTS);
    expect(await matches()).toEqual([
      expect.objectContaining({ vin: V1, event: "price-drop", price: 19_995, oldPrice: 22_995 }),
    ]);
  });

  it("the manage page lists only the token's own address's alerts and turns off only those", async () => {
    await seedStore(t.db);
    await importFeed(t.db, TEST_STORE_ID, feed(honda(V1, "H1")), ALERTS);
    await subscribe("a@example.com", { path: "/cars-for-sale/honda", label: "A's Honda" });
    await subscribe("a@example.com", { path: "/cars-for-sale/sedans", label: "A's sedans" });
    await subscribe("b@example.com", { path: "/cars-for-sale/honda?b", label: "B's Honda" });
    const rows = await t.db.select().from(alertSubscriptions);
    const tokenFor = (label: string) => alertToken(hmacKey, rows.find((r) => r.label === label)?.id as string);
    const aList = await alertsOfToken(t.db, tokenFor("A's sedans"));
    expect(aList?.map((a) => a.label)).toEqual(["A's sedans", "A's Honda"]);
    expect(JSON.stringify(aList)).not.toContain("@");
    const bId = rows.find((r) => r.label === "B's Honda")?.id as string;
    expect(await unsubscribeListedAlert(t.db, tokenFor("A's Honda"), bId)).toBe(false);
    expect((await alertsOfToken(t.db, tokenFor("B's Honda")))?.map((a) => a.status)).toEqual(["pending"]);
    const aHonda = rows.find((r) => r.label === "A's Honda")?.id as string;
    expect(await unsubscribeListedAlert(t.db, tokenFor("A's sedans"), aHonda)).toBe(true);
    expect((await alertsOfToken(t.db, tokenFor("A's sedans")))?.map((a) => a.label)).toEqual(["A's sedans"]);
    expect(await alertsOfToken(t.db, "x".repeat(43))).toBeNull();
    expect(await alertsOfToken(t.db, "not a token")).toBeNull();
  });

  it("asking again sends no second confirmation within 15 minutes, and retention forgets an unused alert's address", async () => {
    await seedStore(t.db);
    const t0 = new Date("2026-01-01T00:00:00Z");
    const again = (now: Date) =>
      subscribeToAlert(
        t.db,
        {
          storeId: TEST_STORE_ID,
          email: "x@example.com",
          kind: "search",
          criteria: hondaSearch,
          path: "/p",
          label: "L",
          origin: ORIGIN,
        },
        { hmacKey, messageDomain: TEST_MESSAGE_DOMAIN, now },
      );
    expect(await again(t0)).toBe("queued");
    expect(await again(new Date(t0.getTime() + 60_000))).toBe("recently-sent");
    expect(await t.db.select().from(alertEmails)).toHaveLength(1);
    const outcome = await runRetention(t.db, { now: new Date(t0.getTime() + 40 * 86_400_000), days: 30, force: true });
    expect(outcome).toMatchObject({ ran: true, counts: { alerts: 1 } });
    expect(
      await t.db
        .select({ email: alertSubscriptions.email, status: alertSubscriptions.status })
        .from(alertSubscriptions),
    ).toEqual([{ email: "", status: "unsubscribed" }]);
  });
});
