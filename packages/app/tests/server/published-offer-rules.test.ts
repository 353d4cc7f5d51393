// Offer rules published to the site's database, as `node start.mjs` runs (issue 30, ADR 341): a version published with
// `npm run rules -- publish` reaches every process of a PostgreSQL cluster within 2 seconds, each says so in its log,
// and the next offer records it; on the embedded database the site starts with the newest version published.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultOfferRulesVersion } from "@showroom/rules/offer";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/server/db/client.server";
import { listOfferRuleVersions } from "../../app/server/sell/offer-rule-versions.server";
import { runScript } from "../support/commands";
import { createTestDatabase, rowsOf, seedPgliteDataDir, testDatabaseKinds } from "../support/databases";
import { until } from "../support/wait";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, spawnServer } from "./support/child-server";
import { request } from "./support/requests";
import { wholeOfferBody } from "./support/sell-payloads";
import { tempDirs } from "./support/temp-dirs";

const RULES = fileURLToPath(new URL("../../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days });

const tempDir = tempDirs();

beforeAll(async () => {
  await ensureBuiltServer();
}, 600_000);

/** `npm run rules -w packages/app -- publish my-rules --note …` from a folder holding `my-rules/`. */
async function publishFromCommandLine(env: Record<string, string>, days: number) {
  const caller = tempDir("showroom-rules-caller-");
  mkdirSync(join(caller, "my-rules"));
  writeFileSync(join(caller, "my-rules", "offer-settings.json"), settings(days));
  const args = ["publish", "my-rules", "--note", `${days} days to decide`, "--author", "pat.analyst"];
  const run = await runScript("rules", args, { INIT_CWD: caller, ...env });
  return { code: run.code, output: run.stdout + run.stderr };
}

/** The whole sell journey in one POST, as offer-rules.test.ts posts it; resolves once the offer is made. */
async function makeOffer(server: ChildServer): Promise<void> {
  const body = wholeOfferBody({ firstName: "Rule", lastName: "Publisher", email: "rule.publisher@example.com" });
  const answer = await request(`${server.url}/sell-trade-my-car/your-vehicle`, {
    method: "POST",
    body,
    headers: { Origin: server.url },
  });
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
}

/** The JSON log lines (LOG_FORMAT=json) whose message starts with `start`, with their time. */
function logged(output: string, start: string): { time: Date; message: string }[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { time: string; message: string })
    .filter((line) => line.message.startsWith(start))
    .map((line) => ({ time: new Date(line.time), message: line.message }));
}

describe.runIf(testDatabaseKinds().includes("postgres"))("published offer rules on PostgreSQL", () => {
  it("a publish from the command line reaches both processes of a cluster within 2 seconds, logged, and prices the next offer", async () => {
    const database = await createTestDatabase("postgres");
    let server: ChildServer | undefined;
    try {
      server = await spawnServer({
        DATABASE_URL: database.url,
        DATA_DIR: tempDir("showroom-published-rules-"),
        WEB_CONCURRENCY: "2",
        LOG_FORMAT: "json",
      });
      const running = server;
      expect(logged(running.output(), "Offer rules: the package's")).toHaveLength(2);

      const run = await publishFromCommandLine({ DATABASE_URL: database.url }, 4);
      expect([run.code, run.output]).toEqual([0, expect.stringContaining("Published version 1")]);
      const [version] = await listOfferRuleVersions(database.db);
      if (!version) throw new Error("no version published");
      const switched = await until(
        "both processes to switch",
        () => {
          const lines = logged(running.output(), "Offer rules switched to version 1 ");
          return lines.length === 2 ? lines : undefined;
        },
        { timeoutMs: 5_000 },
      );
      for (const line of switched) {
        expect(line.message).toBe(
          `Offer rules switched to version 1 (${version.contentHash}, published ${version.publishedAt.toISOString()} by pat.analyst: "4 days to decide"); was the package's ${defaultOfferRulesVersion}`,
        );
        // From the publishing transaction's time (its start) to each process's log line.
        expect(line.time.getTime() - version.publishedAt.getTime()).toBeLessThan(2_000);
      }

      await makeOffer(running);
      const offers = rowsOf<{ rules_version: string }>(
        await database.db.execute(sql`select rules_version from offers`),
      );
      expect(offers).toEqual([{ rules_version: version.contentHash }]);
    } finally {
      await server?.stop("SIGTERM", 30_000);
      await database.dispose();
    }
  }, 300_000);
});

describe("published offer rules on the embedded database", () => {
  it("the site starts with the newest version published from the command line, and an offer records it", async () => {
    const dataDir = tempDir("showroom-published-rules-pglite-");
    await seedPgliteDataDir(dataDir);
    const run = await publishFromCommandLine({ DATA_DIR: dataDir }, 6);
    expect([run.code, run.output]).toEqual([0, expect.stringContaining("The site prices with it from its next start")]);
    const server = await spawnServer({ DATA_DIR: dataDir });
    let hash: string | undefined;
    try {
      hash = /Published version 1 \(([0-9a-f]{16})\)/.exec(run.output)?.[1];
      expect(server.output()).toContain(`Offer rules: version 1 (${hash}, published `);
      await makeOffer(server);
    } finally {
      await server.stop("SIGTERM", 30_000);
    }
    const database = await openDatabase({ dataDir });
    try {
      const offers = rowsOf<{ rules_version: string }>(
        await database.db.execute(sql`select rules_version from offers`),
      );
      expect(offers).toEqual([{ rules_version: hash }]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
