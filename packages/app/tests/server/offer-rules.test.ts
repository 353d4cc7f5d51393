import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { todayIn } from "@showroom/forms";
import { loadOfferRules } from "@showroom/rules/offer";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../app/components/ui";
import { deliveredLead } from "../e2e/support/lead-mail";
import { until } from "../support/wait";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, runServerToExit, spawnServer } from "./support/child-server";
import { request } from "./support/requests";
import { wholeOfferBody } from "./support/sell-payloads";
import { tempDirs } from "./support/temp-dirs";

const RULES = fileURLToPath(new URL("../../../rules/rules/", import.meta.url));
// biome-ignore lint/suspicious/noExplicitAny: the tests edit rule files freely, as an analyst would
const builtIn = (name: string): any => JSON.parse(readFileSync(join(RULES, name), "utf8"));

const tempDir = tempDirs();

beforeAll(async () => {
  await ensureBuiltServer();
}, 600_000);

function settingsFor(days: number): string {
  return JSON.stringify({ ...builtIn("offer-settings.json"), validForDays: days }, null, 2);
}

/**
 * The whole journey in one POST; answers the offer page's "valid until" line and the rules version its lead email
 * carries (the shopper's page leaves the version to the desk and the lead).
 */
async function offer(
  server: ChildServer,
  dataDir: string,
): Promise<{ validUntil: string | undefined; version: string | undefined }> {
  const body = wholeOfferBody({ firstName: "Rule", lastName: "Checker", email: "rule.checker@example.com" });
  const answer = await request(`${server.url}/sell-trade-my-car/your-vehicle`, {
    method: "POST",
    body,
    headers: { Origin: server.url },
  });
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  const location = answer.headers.get("location") as string;
  const page = await request(`${server.url}${location}`);
  expect(page.body).not.toMatch(/Offer rules/);
  const mail = await deliveredLead(dataDir, (text) => text.includes(location), `for ${location}`);
  return {
    validUntil: /Valid until ([A-Z][a-z]+ \d{1,2}, \d{4})/.exec(page.body)?.[1],
    version: /Offer rules version: ([0-9a-f]{16})/.exec(mail)?.[1],
  };
}

const inDays = (days: number) => {
  const [y, m, d] = todayIn("America/Chicago").split("-").map(Number) as [number, number, number];
  return formatDate(new Date(Date.UTC(y, m - 1, d + days)).toISOString());
};

describe("OFFER_RULES_DIR", () => {
  it("a folder whose rules do not pass the check stops the start, with the check's file, path and message", async () => {
    const outcomes = builtIn("offer-outcomes.json");
    outcomes.rules[0].event.params.reason = "too-shiny";
    const dir = tempDir("showroom-bad-rules-");
    writeFileSync(join(dir, "offer-outcomes.json"), JSON.stringify(outcomes));
    const exit = await runServerToExit({
      DATABASE_URL: "memory://",
      DATA_DIR: tempDir("showroom-rules-data-"),
      OFFER_RULES_DIR: dir,
    });
    expect(exit.code).toBe(1);
    expect(exit.output).toContain(`OFFER_RULES_DIR: the offer rules in ${dir} are invalid:`);
    // The check's words: file, line and column, the rule by name, what is wrong and what to write instead.
    expect(exit.output).toMatch(
      /offer-outcomes\.json:1:\d+: rule "15 years or older" › event\.params\.reason: "too-shiny" is not a reason\. Write one of/,
    );
    expect(exit.output).not.toContain("Showroom is serving");
  });

  it("with WEB_CONCURRENCY=2, a bad folder stops the start once, before any process is forked, and the exit is not 0", async () => {
    const outcomes = builtIn("offer-outcomes.json");
    outcomes.rules[0].event.params.reason = "too-shiny";
    const dir = tempDir("showroom-bad-rules-cluster-");
    writeFileSync(join(dir, "offer-outcomes.json"), JSON.stringify(outcomes));
    const exit = await runServerToExit({
      // Never reached: the folder is checked before anything connects.
      DATABASE_URL: "postgres://showroom@127.0.0.1:1/showroom",
      DATA_DIR: tempDir("showroom-rules-cluster-data-"),
      WEB_CONCURRENCY: "2",
      OFFER_RULES_DIR: dir,
    });
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output.split(`OFFER_RULES_DIR: the offer rules in ${dir} are invalid:`), exit.output).toHaveLength(2);
    expect(exit.output).not.toContain("Server process");
    expect(exit.output).not.toContain("Five server processes died");
  });

  it("SIGHUP reloads the folder: a bad reload keeps the last good rules and logs why; a good one prices the next offer", async () => {
    const dir = tempDir("showroom-rules-");
    writeFileSync(join(dir, "offer-settings.json"), settingsFor(5));
    const first = await loadOfferRules(dir);
    if (!first.ok) throw new Error("the test's own rules are invalid");
    const dataDir = tempDir("showroom-rules-data-");
    const server = await spawnServer({ DATABASE_URL: "memory://", DATA_DIR: dataDir, OFFER_RULES_DIR: dir });
    try {
      expect(server.output()).toContain(`Offer rules ${first.version} from ${first.dir}`);
      expect(await offer(server, dataDir)).toEqual({ validUntil: inDays(5), version: first.version });

      // An analyst saves a broken file: the site keeps pricing with the last good rules, and says why.
      writeFileSync(join(dir, "offer-settings.json"), '{ "validForDays": ');
      server.kill("SIGHUP");
      await until("the refused reload's log", () => server.output().includes(`not reloaded: keeping ${first.version}`));
      expect(server.output()).toMatch(/offer-settings\.json:\d+:\d+: A value is expected here/);
      expect(await offer(server, dataDir)).toEqual({ validUntil: inDays(5), version: first.version });

      writeFileSync(join(dir, "offer-settings.json"), settingsFor(3));
      const second = await loadOfferRules(dir);
      if (!second.ok) throw new Error("the test's own rules are invalid");
      server.kill("SIGHUP");
      await until("the reload's log", () => server.output().includes(`: ${second.version} (was ${first.version})`));
      expect(await offer(server, dataDir)).toEqual({ validUntil: inDays(3), version: second.version });
    } finally {
      await server.stop();
    }
  });
});
