import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { insertPendingLeads, seedStore, TEST_MAIL_FROM, testDestinations } from "../../../tests/support/leads";
import { receivedCounts, type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";
import { recordingLogger, sleep, until } from "../../../tests/support/wait";
import type { Db } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { createTransport, type MailTransport } from "../mail/transport.server";
import { type Relay, startRelay } from "./relay.server";

const ROWS = 1000;

describe.each(testDatabaseKinds())("two relays on one %s database", (kind) => {
  const t = useTestDatabase(kind);
  let peer: SmtpPeer | undefined;
  const relays: Relay[] = [];
  const transports: MailTransport[] = [];

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    for (const transport of transports.splice(0)) transport.close();
    await peer?.close();
  });

  /** One instance: its own connection pool (on PostgreSQL), its own SMTP transport, its own relay. */
  function instance(db: Db, name: string) {
    const inner = createTransport({ SMTP_URL: peer?.url, MAIL_FROM: TEST_MAIL_FROM, DATA_DIR: "unused" });
    transports.push(inner);
    const sent: string[] = [];
    const transport: MailTransport = {
      ...inner,
      async send(mail) {
        const outcome = await inner.send(mail);
        sent.push(mail.messageId);
        return outcome;
      },
    };
    // Every send waits on the peer's 100 ms greeting delay: many at once keep the test short.
    const relay = startRelay({
      db,
      kind,
      transport,
      destinations: testDestinations,
      intervalMs: 20,
      concurrency: 32,
      backoff: { baseMs: 20, capMs: 200 },
      logger: recordingLogger(),
    });
    relays.push(relay);
    return { name, sent };
  }

  it(`${ROWS} outbox rows go out as ${ROWS} distinct Message-IDs, none twice`, async () => {
    peer = await startSmtpPeer();
    await seedStore(t.db);
    const messageIds = await insertPendingLeads(t.db, ROWS);
    const other = await t.database.connectAgain();

    const a = instance(t.db, "a");
    const b = instance(other.db, "b");
    await peer.waitForReceived(ROWS, 60_000);
    await until("every row to be recorded as sent", async () => {
      const [row] = await t.db.select({ n: count() }).from(outbox).where(eq(outbox.state, "sent"));
      return Number(row?.n) === ROWS;
    });
    await sleep(100);

    const counts = receivedCounts(peer);
    expect(peer.received).toHaveLength(ROWS);
    expect(counts.size).toBe(ROWS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(messageIds));
    expect(a.sent.length + b.sent.length).toBe(ROWS);
    expect(new Set([...a.sent, ...b.sent]).size).toBe(ROWS);
    // Both relays took part: SKIP LOCKED shared the rows instead of one relay waiting for the other.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    const [attempts] = await t.db.select({ n: count() }).from(outbox).where(eq(outbox.attempts, 1));
    expect(Number(attempts?.n)).toBe(ROWS);
  }, 90_000);
});
