// Two or more app processes on one PostgreSQL (issue 18): as separate servers behind a round-robin proxy, and as one
// `WEB_CONCURRENCY=2` cluster. Leads posted to both are stored and delivered once each, an import through one is
// searched by the other within a second, rate limits and visitors are shared, the seed runs once. PostgreSQL only,
// when it answers; the embedded database's refusal of a cluster is checked either way.
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_NODE_ARGS } from "../support/commands";
import { createTestDatabase, rowsOf, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { receivedCounts, type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { until } from "../support/wait";
import { APP_DIR, ensureBuiltServer } from "./support/built-server";
import { type ChildServer, runServerToExit, spawnServer } from "./support/child-server";
import { feedCar, listsCar } from "./support/feed-cars";
import { contactFields, postForm, request } from "./support/requests";

const execFileAsync = promisify(execFile);

/**
 * A reverse proxy taking turns between `targets`. It says who the shopper is in X-Forwarded-For: the test names a
 * shopper with `X-Test-Shopper` (every request otherwise comes from 127.0.0.1).
 */
async function roundRobin(targets: readonly string[]): Promise<{ url: string; close(): Promise<void> }> {
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const target = new URL(targets[turn++ % targets.length] ?? "");
    const shopper = req.headers["x-test-shopper"];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": String(shopper ?? req.socket.remoteAddress) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SHARED = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  DATA_KEY: randomBytes(32).toString("base64"),
  RELAY_INTERVAL_MS: "100",
  TRUST_PROXY: "loopback",
};

describe("a cluster on the embedded database", () => {
  beforeAll(ensureBuiltServer);

  it("WEB_CONCURRENCY above 1 without PostgreSQL stops the start and says why", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "showroom-cluster-pglite-"));
    try {
      const exit = await runServerToExit({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
      expect(exit.code).toBe(1);
      expect(exit.output).toContain("WEB_CONCURRENCY > 1 needs DATABASE_URL=postgres://");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("secrets every process must share", () => {
  beforeAll(ensureBuiltServer);
  // Never reached: every refusal here comes before anything connects, so no PostgreSQL is needed.
  const UNREACHABLE = "postgres://showroom@127.0.0.1:1/showroom";
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-secrets-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("on PostgreSQL, an empty DATA_KEY and SESSION_SECRET (a key command that failed) stop the start, naming both and why", async () => {
    const exit = await runServerToExit({
      DATABASE_URL: UNREACHABLE,
      DATA_DIR: dataDir(),
      DATA_KEY: "",
      SESSION_SECRET: "",
    });
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain("DATA_KEY: must be set on PostgreSQL");
    expect(exit.output).toContain("SESSION_SECRET: must be set on PostgreSQL");
    expect(exit.output).toContain("every process and host must seal personal data under the same key");
    expect(exit.output).not.toMatch(/ECONNREFUSED|Showroom is serving/);
  });

  it("on PostgreSQL, only the missing one is named", async () => {
    const exit = await runServerToExit({
      DATABASE_URL: UNREACHABLE,
      DATA_DIR: dataDir(),
      DATA_KEY: randomBytes(32).toString("base64"),
      SESSION_SECRET: "",
    });
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain("SESSION_SECRET: must be set on PostgreSQL");
    expect(exit.output).not.toContain("DATA_KEY: must be set");
  });

  it("with WEB_CONCURRENCY=2, the primary refuses an unset DATA_KEY before it forks a single process", async () => {
    const exit = await runServerToExit(
      { DATABASE_URL: UNREACHABLE, DATA_DIR: dataDir(), WEB_CONCURRENCY: "2", DATA_KEY: "" },
      { timeoutMs: 200_000 },
    );
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output.split("DATA_KEY: must be set on PostgreSQL")).toHaveLength(2);
    expect(exit.output).not.toContain("Server process");
    // Room for start.mjs to rebuild the site first when a source changed since the suite's build.
  }, 240_000);

  it("with WEB_CONCURRENCY=2, processes that cannot start (no database answers) end in a non-zero exit", async () => {
    const exit = await runServerToExit(
      { DATABASE_URL: UNREACHABLE, DATA_DIR: dataDir(), WEB_CONCURRENCY: "2" },
      { timeoutMs: 240_000 },
    );
    expect(exit.output).toContain("Five server processes died within a minute; stopping.");
    expect(exit.code, exit.output).toBe(1);
  }, 300_000);
});

describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("several processes on %s", () => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const servers: ChildServer[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(ensureBuiltServer);

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop("SIGTERM").catch(() => server.kill("SIGKILL"));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function fresh(): Promise<Record<string, string>> {
    // A migrated, empty database, as a first deployment finds it: the servers seed it.
    database = await createTestDatabase("postgres");
    cleanups.push(() => database.dispose());
    peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    return { DATABASE_URL: database.url, SMTP_URL: peer.url, ...SHARED };
  }

  function dataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "showroom-instance-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it("two servers behind a proxy: the seed runs once, each lead is stored and delivered once, the limit and the visitor are shared, an import is searched by the other within a second", async () => {
    const env = await fresh();
    const [a, b] = await Promise.all([
      spawnServer({ ...env, DATA_DIR: dataDir() }),
      spawnServer({ ...env, DATA_DIR: dataDir() }),
    ]);
    servers.push(a, b);
    const proxy = await roundRobin([a.url, b.url]);
    cleanups.push(() => proxy.close());

    // One seed between them.
    const [counts] = rowsOf<{ stores: string; vehicles: string }>(
      await database.db.execute(
        sql`select (select count(*) from stores) as stores, (select count(*) from vehicles) as vehicles`,
      ),
    );
    expect(Number(counts?.stores)).toBe(2);
    expect(Number(counts?.vehicles)).toBe(444);
    const seeded = [a, b].filter((s) => s.output().includes("vehicles imported"));
    expect(seeded).toHaveLength(1);

    // 30 leads through the proxy, from 30 shoppers: all stored, each delivered once by one of the two relays.
    const posts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postForm(proxy.url, "/contact-us", contactFields({ lastName: `Instance${i}` }), {
          "X-Test-Shopper": `198.51.100.${i + 1}`,
        }),
      ),
    );
    expect(posts.map((p) => p.status)).toEqual(Array(30).fill(303));
    await peer.waitForReceived(30, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const delivered = receivedCounts(peer);
    expect(delivered.size).toBe(30);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);

    // One shopper's eleventh post in a minute is refused, whichever server takes it: the count is in the database.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await postForm(proxy.url, "/contact-us", contactFields(), { "X-Test-Shopper": "203.0.113.77" });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
    expect(statuses[10]).toBe(429);

    // A visitor known to one server is known to the other: the profile saved through A prefills B's form.
    const unlock = await postForm(
      a.url,
      "/unlock-inventory",
      { ...contactFields({ firstName: "Shared" }), return: "/cars-for-sale" },
      { "X-Test-Shopper": "203.0.113.88" },
    );
    expect(unlock.status).toBe(303);
    const cookie = unlock.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const onB = await request(`${b.url}/auto-financing/apply-for-financing`, { headers: { Cookie: cookie } });
    expect(onB.body).toContain('value="Shared"');

    // A feed imported through the command line (as a dealer's import job runs it) is searched by B within a second.
    const vin = "1HGCV1F33LA000001";
    const feed = join(dataDir(), "feed.json");
    writeFileSync(feed, JSON.stringify([feedCar(vin, "MULTI")]));
    const listed = (html: string) => listsCar(html, vin);
    expect(listed((await request(`${b.url}/cars-for-sale?q=${vin}`)).body)).toBe(false);
    // Awaited, not execFileSync: a test process blocked longer than the server's 5 s keep-alive never reads the
    // server's close of its pooled connection, and its next request on it fails with "other side closed".
    await execFileAsync(process.execPath, [...COMMAND_NODE_ARGS, "import", feed, "--store", "brentwood", "--partial"], {
      cwd: APP_DIR,
      env: { ...process.env, DATABASE_URL: database.url, INIT_CWD: APP_DIR },
    });
    const imported = Date.now();
    // When the search that found the car was asked, not when its page arrived: the page's own render time on a busy
    // machine is not the import's delay.
    let askedAt = imported;
    await until(
      "B to list the imported car",
      async () => {
        askedAt = Date.now();
        return listed((await request(`${b.url}/cars-for-sale?q=${vin}`)).body);
      },
      { timeoutMs: 1_000, everyMs: 50 },
    );
    expect(askedAt - imported).toBeLessThanOrEqual(1_000);
  }, 240_000);

  it("WEB_CONCURRENCY=2 runs two processes on one port that serve, and SIGTERM stops them all", async () => {
    const env = await fresh();
    const dir = dataDir();
    const server = await spawnServer({ ...env, DATA_DIR: dir, WEB_CONCURRENCY: "2" });
    servers.push(server);
    expect(server.output()).toMatch(/Showroom is serving http:\/\/\S+ \(2 processes; postgres database/);
    // The primary's pid, which forwards SIGHUP to every process: what `kill -HUP $(cat …)` signals.
    expect(readFileSync(join(dir, "showroom.pid"), "utf8").trim()).toBe(String(server.pid));
    const pages = await Promise.all(Array.from({ length: 20 }, () => request(`${server.url}/healthz`)));
    expect(pages.every((p) => p.status === 200)).toBe(true);
    const children = execFileSync("pgrep", ["-P", String(server.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(children).toHaveLength(2);
    const exit = await server.stop("SIGTERM", 30_000);
    servers.splice(servers.indexOf(server), 1);
    expect(exit.code).toBe(0);
    for (const pid of children) expect(() => process.kill(Number(pid), 0)).toThrow();
    expect(existsSync(join(dir, "showroom.pid"))).toBe(false);
  }, 180_000);
});
