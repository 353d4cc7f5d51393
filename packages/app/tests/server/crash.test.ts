// The crash test of issue 5: 200 concurrent contact posts, SIGKILL of `node start.mjs` while they are in flight,
// restart on the same data. What "delivered, none twice" can mean after a crash is docs/decisions/140.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONCURRENCY } from "../../app/server/outbox/relay.server";
import { testDatabaseKinds } from "../support/databases";
import { type PeerReply, receivedCounts, type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { sleep, until } from "../support/wait";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, spawnServer } from "./support/child-server";
import { contactFields, postForm } from "./support/requests";
import { createSiteData, expireLeases, type SiteData, storedLeads } from "./support/site-data";

const POSTS = 200;

/** Resolves once `peer` has taken no message for `quietMs`, with at least `atLeast` distinct ones. */
async function settled(peer: SmtpPeer, atLeast: number, quietMs: number): Promise<void> {
  let seen = -1;
  let since = Date.now();
  await until(
    `the relay to settle with at least ${atLeast} distinct messages delivered`,
    () => {
      if (peer.received.length !== seen) {
        seen = peer.received.length;
        since = Date.now();
        return false;
      }
      return receivedCounts(peer).size >= atLeast && Date.now() - since >= quietMs;
    },
    { timeoutMs: 60_000, everyMs: 50 },
  );
}

describe.each(testDatabaseKinds())("node start.mjs on %s, killed with SIGKILL", (kind) => {
  const servers: ChildServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(ensureBuiltServer);

  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.kill("SIGKILL");
      await server.exited;
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function setUp(reply?: (delivery: { messageId: string; attempt: number }) => PeerReply) {
    const data: SiteData = await createSiteData(kind);
    cleanups.push(() => data.dispose());
    const peer = await startSmtpPeer(reply ? { reply } : {});
    cleanups.push(() => peer.close());
    const start = async () => {
      const server = await spawnServer(data.env(peer.url));
      servers.push(server);
      return server;
    };
    return { data, peer, start, lockFile: join(data.dataDir, "showroom.lock") };
  }

  it("amid 200 concurrent contact posts, keeps every acknowledged lead, delivers each after a restart, twice at most one in flight at the kill", async () => {
    const { data, peer, start, lockFile } = await setUp();

    // 1. Posts in flight, SIGKILL after a random number of answers, so some posts are always still under way.
    const first = await start();
    const killAfter = 20 + Math.floor(Math.random() * (POSTS - 40));
    const posts = Array.from({ length: POSTS }, (_, i) =>
      contactFields({ lastName: `Crash ${i + 1}`, topic: String(1 + (i % 7)) }),
    );
    let answers = 0;
    const statuses = await Promise.all(
      posts.map(async (fields) => {
        try {
          const response = await fetch(`${first.url}/contact-us`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { Origin: first.url },
            redirect: "manual",
          });
          answers += 1;
          if (answers === killAfter) first.kill("SIGKILL");
          // The status line is the shopper's answer; a body cut off by the kill does not take it back.
          await response.text().catch(() => "");
          return response.status;
        } catch {
          return "no answer" as const;
        }
      }),
    );
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    const acknowledged = posts.filter((_, i) => statuses[i] === 303);
    // A valid contact form gets the 303 success or, at the kill, no answer at all: never a refusal or an error.
    const answered = statuses.filter((s) => s !== "no answer");
    expect(
      answered.every((s) => s === 303),
      `statuses: ${JSON.stringify(statuses)}`,
    ).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    if (kind === "pglite") expect(readFileSync(lockFile, "utf8")).toBe(String(first.pid));

    // 2. Restart on the same data: the dead process's lock is taken over and the relay delivers what it may.
    const second = await start();
    if (kind === "pglite") expect(readFileSync(lockFile, "utf8")).toBe(String(second.pid));
    await settled(peer, acknowledged.length - DEFAULT_CONCURRENCY, 1_500);
    const secondExit = await second.stop("SIGTERM");
    expect(secondExit, second.output()).toMatchObject({ code: 0, signal: null });
    expect(existsSync(lockFile)).toBe(false);

    // 3. Every acknowledged lead is stored whole; rows the dead relay had claimed are still under its lease.
    const { leads, inFlightAtKill } = await data.withDatabase(async (db) => {
      const stored = await storedLeads(db);
      const leased = stored.filter((l) => l.state === "pending" && l.leased).map((l) => l.message_id as string);
      await expireLeases(db);
      return { leads: stored, inFlightAtKill: new Set(leased) };
    });
    const byKey = new Map(leads.map((lead) => [lead.idempotency_key, lead]));
    for (const fields of acknowledged) {
      const lead = byKey.get(fields.idempotencyKey as string);
      expect(lead, `acknowledged lead ${fields.lastName} is stored`).toBeDefined();
      expect(lead?.last_name).toBe(fields.lastName);
      expect(lead?.message_id, `lead ${fields.lastName} has its outbox row`).toBeTruthy();
    }
    expect(leads.filter((l) => l.message_id === null)).toEqual([]);
    expect(inFlightAtKill.size).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);

    // 4. Once the lease has passed, a restarted server delivers the rest.
    const third = await start();
    const expected = leads.map((l) => l.message_id as string);
    await until(
      "every stored lead to reach the SMTP peer",
      () => expected.every((id) => receivedCounts(peer).has(id)),
      {
        timeoutMs: 60_000,
        everyMs: 50,
      },
    );
    await sleep(300);
    const thirdExit = await third.stop("SIGINT");
    expect(thirdExit, third.output()).toMatchObject({ code: 0, signal: null });

    // 5. Every row is sent; the peer holds each lead's message, a second copy only of one in flight at the kill.
    const final = await data.withDatabase(storedLeads);
    expect(final.filter((l) => l.state !== "sent")).toEqual([]);
    const counts = receivedCounts(peer);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(twice.filter((id) => !inFlightAtKill.has(id))).toEqual([]);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    const mailById = new Map(peer.received.map((m) => [m.messageId, m.message.text]));
    for (const fields of acknowledged) {
      expect(mailById.get(byKey.get(fields.idempotencyKey as string)?.message_id as string)).toContain(fields.lastName);
    }

    console.info(
      `crash test (${kind}): killed after ${killAfter} answers; posts acknowledged ${acknowledged.length}/${POSTS}, ` +
        `leads stored ${leads.length}, delivered ${counts.size}, in flight at the kill ${inFlightAtKill.size}, ` +
        `delivered twice ${twice.length}; shutdown after SIGTERM ${secondExit.ms} ms, after SIGINT ${thirdExit.ms} ms`,
    );
  }, 240_000);

  it("between the peer's acceptance and the relay's record, sends that one message again after the restart, with the same Message-ID", async () => {
    let server: ChildServer | undefined;
    let acceptedWhileDying: string | undefined;
    // The peer takes the first message and, before it answers 250, the server dies: the send is done, unrecorded.
    const { data, peer, start } = await setUp(({ messageId }) => {
      if (acceptedWhileDying === undefined) {
        acceptedWhileDying = messageId;
        server?.kill("SIGKILL");
      }
      return "accept";
    });
    server = await start();
    // The 303 normally wins the race with the relay's first send; if the kill wins, the lead is stored all the same.
    const answer = await postForm(server.url, "/contact-us", contactFields({ lastName: "Twice" })).catch(() => null);
    expect([303, undefined]).toContain(answer?.status);
    expect((await server.exited).signal).toBe("SIGKILL");
    expect(acceptedWhileDying).toBeDefined();

    const before = await data.withDatabase(async (db) => {
      const stored = await storedLeads(db);
      await expireLeases(db);
      return stored;
    });
    expect(before).toMatchObject([{ message_id: acceptedWhileDying, state: "pending", attempts: 1, leased: true }]);

    const restarted = await start();
    await until("the message to be delivered again", () => peer.deliveries.get(acceptedWhileDying as string) === 2);
    // The relay redelivers while start() is still building the search index: this SIGTERM once came before start.mjs
    // listened for it and ended the process where it stood (no exit code, the database left open); it listens first now.
    const stopped = await restarted.stop("SIGTERM");
    expect(stopped.code, `exit by ${stopped.signal ?? "code"}; the server printed:\n${restarted.output()}`).toBe(0);
    const after = await data.withDatabase(storedLeads);
    expect(after).toMatchObject([{ message_id: acceptedWhileDying, state: "sent", attempts: 2 }]);
    const copies = peer.received.filter((m) => m.messageId === acceptedWhileDying);
    expect(copies).toHaveLength(2);
    expect(copies[1]?.message.text).toBe(copies[0]?.message.text);
  }, 120_000);
});
