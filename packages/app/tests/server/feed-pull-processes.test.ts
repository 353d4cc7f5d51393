// Feed pulls across processes (issue 29, ADR 352): a WEB_CONCURRENCY=2 cluster and two separate servers on one
// PostgreSQL each run the pull schedule, and the store's feed is fetched once at start between them. PostgreSQL only
// (the embedded database allows one process).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ne } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { inventoryFeedPulls } from "../../app/server/db/schema.server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { sleep, until } from "../support/wait";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, spawnServer } from "./support/child-server";

const SHARED = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  DATA_KEY: randomBytes(32).toString("base64"),
  LOG_LEVEL: "warn",
};
const FEED = [
  "VIN,Stock,Year,Make,Model,Body,Condition,Mileage,Price",
  "1HGCM82633A004352,P1,2019,Honda,Accord,Sedan,Used,41200,18995",
].join("\n");

describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))(
  "feed pulls of several processes on %s",
  () => {
    const servers: ChildServer[] = [];
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    beforeAll(ensureBuiltServer);
    afterEach(async () => {
      for (const server of servers.splice(0)) await server.stop("SIGTERM").catch(() => server.kill("SIGKILL"));
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function fresh() {
      const database: TestDatabase = await createTestDatabase("postgres");
      cleanups.push(() => database.dispose());
      const requests: IncomingMessage[] = [];
      const feed = createServer((req, res) => {
        requests.push(req);
        res.writeHead(200, { "content-type": "text/csv", etag: '"one"' }).end(FEED);
      });
      await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
      cleanups.push(() => new Promise((resolve) => feed.close(resolve)));
      const env = {
        ...SHARED,
        DATABASE_URL: database.url,
        FEED_URL_BRENTWOOD: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.csv`,
      };
      return { database, requests, env };
    }

    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), "showroom-feed-pull-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };

    /** Waits for the first pull to finish, then long enough for a second process's pull to have shown up. */
    async function pullsAfterStart(database: TestDatabase) {
      await until(
        "a finished pull",
        async () =>
          (await database.db.select().from(inventoryFeedPulls).where(ne(inventoryFeedPulls.status, "running"))).length >
          0,
      );
      await sleep(1500);
      return database.db.select().from(inventoryFeedPulls);
    }

    it("a WEB_CONCURRENCY=2 cluster pulls the store's feed once at start", async () => {
      const { database, requests, env } = await fresh();
      servers.push(await spawnServer({ ...env, DATA_DIR: dataDir(), WEB_CONCURRENCY: "2" }));
      const pulls = await pullsAfterStart(database);
      expect(pulls.map((p) => [p.storeId, p.status])).toEqual([["brentwood", "held"]]);
      expect(requests).toHaveLength(1);
    }, 180_000);

    it("two servers on one database pull the store's feed once at start", async () => {
      const { database, requests, env } = await fresh();
      servers.push(
        ...(await Promise.all([
          spawnServer({ ...env, DATA_DIR: dataDir() }),
          spawnServer({ ...env, DATA_DIR: dataDir() }),
        ])),
      );
      const pulls = await pullsAfterStart(database);
      expect(pulls).toHaveLength(1);
      expect(requests).toHaveLength(1);
    }, 180_000);
  },
);
