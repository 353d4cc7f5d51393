import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import {
  contactLeadInput,
  seedStore,
  TEST_MAIL_FROM,
  TEST_MESSAGE_DOMAIN,
  testDestinations,
} from "../../../tests/support/leads";
import {
  freePort,
  type PeerReply,
  receivedCounts,
  type SmtpPeer,
  startSmtpPeer,
} from "../../../tests/support/smtp-peer";
import { recordingLogger, sleep, until } from "../../../tests/support/wait";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { recordLead } from "../leads/record-lead.server";
import { createTransport, type MailTransport, type SmtpTimeouts } from "../mail/transport.server";
import { createRelay, type Relay, type RelayOptions, startRelay } from "./relay.server";

/** Retries within milliseconds instead of minutes; the 24-hour window stays real (the clock is moved instead). */
const FAST = { baseMs: 20, capMs: 200, giveUpAfterMs: 24 * 3_600_000, jitter: 0.5 };
const HOUR = 3_600_000;

describe.each(testDatabaseKinds())("outbox relay on %s", (kind) => {
  const t = useTestDatabase(kind);
  const peers: SmtpPeer[] = [];
  const transports: MailTransport[] = [];
  const relays: Relay[] = [];

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    for (const transport of transports.splice(0)) transport.close();
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  async function peer(reply?: (d: { messageId: string; attempt: number }) => PeerReply, silentConnections = 0) {
    const p = await startSmtpPeer({ ...(reply ? { reply } : {}), silentConnections });
    peers.push(p);
    return p;
  }

  function smtp(url: string, timeouts: Partial<SmtpTimeouts> = {}): MailTransport {
    const transport = createTransport({ SMTP_URL: url, MAIL_FROM: TEST_MAIL_FROM, DATA_DIR: "unused" }, { timeouts });
    transports.push(transport);
    return transport;
  }

  function relayOptions(transport: MailTransport, overrides: Partial<RelayOptions> = {}): RelayOptions {
    return {
      db: t.db,
      kind,
      transport,
      destinations: testDestinations,
      intervalMs: 25,
      backoff: FAST,
      leaseMs: 10_000,
      logger: recordingLogger(),
      ...overrides,
    };
  }

  function started(options: RelayOptions): Relay {
    const relay = startRelay(options);
    relays.push(relay);
    return relay;
  }

  async function leads(count: number, relay?: Relay): Promise<string[]> {
    await seedStore(t.db);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { messageId } = await recordLead(t.db, contactLeadInput(), { messageDomain: TEST_MESSAGE_DOMAIN });
      ids.push(messageId);
      relay?.nudge();
    }
    return ids;
  }

  const rows = (db: Db = t.db) => db.select().from(outbox).orderBy(asc(outbox.id));

  it("a 451 on the first attempt is retried and the lead delivered once", async () => {
    const p = await peer(({ attempt }) => (attempt === 1 ? { code: 451, text: "Greylisted, try again" } : "accept"));
    const relay = started(relayOptions(smtp(p.url)));
    const [messageId] = await leads(1, relay);
    const row = await until("the row to be sent", async () => (await rows()).find((r) => r.state === "sent"));

    expect(row.messageId).toBe(messageId);
    expect(row.attempts).toBe(2);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toContain("451");
    expect(p.deliveries.get(messageId as string)).toBe(2);
    expect([...receivedCounts(p)]).toEqual([[messageId, 1]]);
  });

  it("a 550 is dead-lettered at once and never retried; the row is kept", async () => {
    const p = await peer(() => ({ code: 550, text: "Mailbox unavailable" }));
    const relay = started(relayOptions(smtp(p.url)));
    const [messageId] = await leads(1, relay);
    const row = await until("the row to be dead", async () => (await rows()).find((r) => r.state === "dead"));
    await sleep(FAST.capMs * 3);
    await relay.runOnce();

    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550 Mailbox unavailable/);
    expect(p.deliveries.get(messageId as string)).toBe(1);
    expect(p.received).toHaveLength(0);
    expect(await rows()).toMatchObject([{ state: "dead", attempts: 1, sentAt: null }]);
  });

  it("a peer that accepts the connection but never greets fails the attempt, which is retried", async () => {
    const p = await peer(undefined, 1);
    const greetingMs = 300;
    const relay = started(relayOptions(smtp(p.url, { greetingMs })));
    const started_ = Date.now();
    const [messageId] = await leads(1, relay);
    await p.waitForReceived(1, 20_000);
    const row = await until("the row to be sent", async () => (await rows()).find((r) => r.state === "sent"));

    expect(Date.now() - started_).toBeLessThan(30_000);
    expect(p.connections()).toBe(2);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ETIMEDOUT/);
    expect([...receivedCounts(p)]).toEqual([[messageId, 1]]);
  });

  it("with SMTP down for 50 leads, then up, every lead is delivered exactly once", async () => {
    const port = await freePort();
    const relay = started(relayOptions(smtp(`smtp://127.0.0.1:${port}`)));
    const messageIds = await leads(50, relay);
    await until("every row to have failed at least once", async () => {
      const all = await rows();
      return all.length === 50 && all.every((r) => r.attempts >= 1 && r.state === "pending" && r.lastError);
    });

    const p = await startSmtpPeer({ port });
    peers.push(p);
    await p.waitForReceived(50, 30_000);
    await until("every row to be sent", async () => (await rows()).every((r) => r.state === "sent"));
    await sleep(FAST.capMs * 2);

    const counts = receivedCounts(p);
    expect(p.received).toHaveLength(50);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(messageIds));
    expect((await rows()).map((r) => r.lastError).every((e) => /ECONNREFUSED|ECONNECTION|ESOCKET/.test(e ?? ""))).toBe(
      true,
    );
  });

  it("a crashed relay's lease expires and another relay sends the lead under the same Message-ID", async () => {
    const p = await peer();
    const hanging: MailTransport = {
      kind: "smtp",
      description: "a relay that dies mid-send",
      send: () => new Promise(() => {}),
      close() {},
    };
    const crashed = createRelay(relayOptions(hanging, { leaseMs: 60_000 }));
    const [messageId] = await leads(1);
    void crashed.runOnce();
    await until("the crashed relay's claim", async () => (await rows())[0]?.lockedUntil);

    const survivor = createRelay(relayOptions(smtp(p.url)));
    relays.push(survivor);
    expect((await survivor.runOnce()).claimed).toBe(0);

    const later = createRelay(relayOptions(smtp(p.url), { now: () => new Date(Date.now() + 61_000) }));
    relays.push(later);
    expect(await later.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect([...receivedCounts(p)]).toEqual([[messageId, 1]]);
    expect(await rows()).toMatchObject([{ state: "sent", attempts: 2, messageId }]);
  });

  it("a lead still failing 24 hours after its first attempt is dead-lettered", async () => {
    const p = await peer(() => ({ code: 451, text: "Still greylisted" }));
    await leads(1);
    let clock = Date.now();
    const relay = createRelay(relayOptions(smtp(p.url), { now: () => new Date(clock) }));
    relays.push(relay);

    expect(await relay.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    clock += 23 * HOUR;
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    clock += HOUR;
    expect(await relay.runOnce()).toMatchObject({ claimed: 1, dead: 1 });
    clock += 2 * HOUR;
    expect(await relay.runOnce()).toMatchObject({ claimed: 0 });
    expect(await rows()).toMatchObject([{ state: "dead", attempts: 3 }]);
    expect(p.received).toHaveLength(0);
  });

  it("no more sends run at once than the concurrency allows, and each row is one message", async () => {
    const p = await peer();
    const inner = smtp(p.url);
    let running = 0;
    let most = 0;
    const counting: MailTransport = {
      ...inner,
      async send(mail) {
        running += 1;
        most = Math.max(most, running);
        try {
          await sleep(15);
          return await inner.send(mail);
        } finally {
          running -= 1;
        }
      },
    };
    const messageIds = await leads(20);
    const relay = createRelay(relayOptions(counting, { concurrency: 3 }));
    relays.push(relay);
    expect(await relay.runOnce()).toMatchObject({ claimed: 20, sent: 20 });
    expect(most).toBe(3);
    expect(new Set(p.received.map((m) => m.messageId))).toEqual(new Set(messageIds));
    expect(p.received).toHaveLength(20);
  });

  it("stop() waits for the sends in flight and records them", async () => {
    const p = await peer();
    const inner = smtp(p.url);
    const slow: MailTransport = {
      ...inner,
      async send(mail) {
        await sleep(300);
        return inner.send(mail);
      },
    };
    await leads(2);
    const relay = started(relayOptions(slow, { intervalMs: 60_000 }));
    await until("a send in flight", async () => (await rows()).every((r) => r.lockedUntil !== null));
    await relay.stop();
    expect((await rows()).map((r) => r.state)).toEqual(["sent", "sent"]);
    expect(p.received).toHaveLength(2);
  });
});
