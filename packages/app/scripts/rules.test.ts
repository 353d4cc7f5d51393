// `npm run rules -w packages/app -- publish | rollback | versions` as an analyst runs it (issue 30, ADR 341). The
// commands run in this process on one open database per kind (docs/decisions/322); the script itself runs as a child
// process, as npm runs it (in packages/app, INIT_CWD the caller's folder): on the embedded database in a data
// directory, and on PostgreSQL while a listener in this process, another server, switches within 2 seconds.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../app/server/config.server";
import { openDatabase } from "../app/server/db/client.server";
import { auditEvents } from "../app/server/db/schema.server";
import { listOfferRuleVersions } from "../app/server/sell/offer-rule-versions.server";
import { openPublishedOfferRules } from "../app/server/sell/published-offer-rules.server";
import { collectedOutput, runProcess, runScript } from "../tests/support/commands";
import { seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from "../tests/support/databases";
import { until } from "../tests/support/wait";
import { rulesCommand } from "./rules-command";

const REPOSITORY = fileURLToPath(new URL("../../..", import.meta.url));
const RULES = fileURLToPath(new URL("../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify(
    { ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days },
    null,
    2,
  );

const cleanup: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}
afterAll(() => {
  for (const path of cleanup) rmSync(path, { recursive: true, force: true });
});

/** A caller's folder holding `my-rules/` with the given files: where the analyst typed the command. */
function callerWith(files: Record<string, string>): string {
  const caller = tempDir("showroom-rules-caller-");
  mkdirSync(join(caller, "my-rules"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(caller, "my-rules", name), text);
  return caller;
}

describe.each(testDatabaseKinds())("npm run rules on %s, in process", (kind) => {
  const handle = useTestDatabase(kind);

  async function rules(caller: string, ...args: string[]) {
    const output = collectedOutput();
    const code = await rulesCommand(
      args,
      { out: output.out, err: output.err },
      {
        config: () => loadConfig({ DATA_DIR: caller }),
        // The suite's database stays open: a run's close must not close it.
        open: async () => ({ ...handle.database, close: async () => {} }),
        cwd: () => caller,
        user: () => "pat",
      },
    );
    return { code, stdout: output.stdout, stderr: output.stderr };
  }

  it("publish checks the folder (relative to where it was typed), publishes it, and versions lists it in use", async () => {
    const caller = callerWith({ "offer-settings.json": settings(5) });
    const published = await rules(caller, "publish", "my-rules", "--note", "Five days to decide");
    expect(published.stderr).toBe("");
    expect(published.code).toBe(0);
    const [row] = await listOfferRuleVersions(handle.db);
    expect(row).toMatchObject({ version: 1, author: "pat", note: "Five days to decide", rollbackOf: null });
    expect(published.stdout).toContain(
      `Checking rule files in ${join(caller, "my-rules")}\n  ok      offer-settings.json\n`,
    );
    expect(published.stdout).toMatch(
      new RegExp(
        `Published version 1 \\(${row?.contentHash}\\) by pat at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\.`,
      ),
    );
    expect(published.stdout).toContain("Package defaults apply to: questionnaire.json, offer-outcomes.json");
    const versions = await rules(caller, "versions");
    expect(versions.stdout).toMatch(
      new RegExp(`^1\\t.* UTC\\tpat\\t${row?.contentHash}\\tFive days to decide  ← in use\\n$`),
    );
  });

  it("a folder that fails the check publishes nothing: the problems at file:line:column, exit 1", async () => {
    const caller = callerWith({ "offer-settings.json": '{\n  "validForDays": 0\n}\n', "offer-outcomes.json": "{" });
    const refused = await rules(caller, "publish", "my-rules", "--note", "broken");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^offer-outcomes\.json:1:2: /m);
    expect(refused.stderr).toContain("offer-settings.json:2:19: validForDays: The number 0 is out of range");
    expect(refused.stderr).toMatch(/Nothing was published: check found \d+ problems\. Fix them and publish again\.\n$/);
    expect(await listOfferRuleVersions(handle.db)).toEqual([]);
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it("rollback publishes an earlier version again; every publish and rollback is an audit row", async () => {
    const caller = callerWith({ "offer-settings.json": settings(5) });
    expect((await rules(caller, "publish", "my-rules", "--note", "five")).code).toBe(0);
    writeFileSync(join(caller, "my-rules", "offer-settings.json"), settings(3));
    expect((await rules(caller, "publish", "my-rules", "--note=three", "--author", "lee")).code).toBe(0);
    const back = await rules(caller, "rollback", "1", "--note", "three was a mistake");
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^Rolled back to version 1: published version 3 \([0-9a-f]{16}\) by pat at /);
    const versions = (await rules(caller, "versions")).stdout.trim().split("\n");
    expect(versions.map((line) => line.split("\t").slice(0, 1).concat(line.split("\t").slice(2)))).toEqual([
      ["3", "pat", expect.any(String), "three was a mistake (rollback to 1)  ← in use"],
      ["2", "lee", expect.any(String), "three"],
      ["1", "pat", expect.any(String), "five"],
    ]);
    const audit = await handle.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => [a.action, a.actor, a.subject])).toEqual([
      ["published-offer-rules", "pat", "offer rules version 1"],
      ["published-offer-rules", "lee", "offer rules version 2"],
      ["rolled-back-offer-rules", "pat", "offer rules version 3"],
    ]);
    const first = (await listOfferRuleVersions(handle.db)).at(-1);
    const again = await rules(caller, "rollback", "1");
    expect([again.code, again.stderr.trim()]).toEqual([
      1,
      `Version 3, the newest, already has these rules (${first?.contentHash}): nothing to publish.`,
    ]);
    expect((await rules(caller, "rollback", "7")).stderr.trim()).toBe(
      "There is no version 7: the versions are 1 to 3.",
    );
  });

  it("usage mistakes exit 2 with the usage and publish nothing", async () => {
    const caller = callerWith({ "offer-settings.json": settings(5) });
    const cases: [string[], string][] = [
      [["publish", "my-rules"], "--note (what changed and why) is missing."],
      [["publish", "my-rules", "--note", "  "], "--note (what changed and why) is empty."],
      [["publish", "--note", "x"], "publish needs the folder of the rule files: publish <dir>."],
      [["publish", "my-rules", "other", "--note", "x"], "One folder at a time."],
      [["publish", "my-rules", "--note", "x", "--force"], "Unknown option --force."],
      [["rollback", "two"], "rollback needs the version to go back to: rollback <version>."],
      [["rollback", "1.5"], "The version is a whole number, like 3."],
      [["check", "my-rules"], "Unknown command: check."],
    ];
    for (const [args, message] of cases) {
      const run = await rules(caller, ...args);
      expect([args, run.code, run.stderr.split("\n")[0]]).toEqual([args, 2, message]);
      expect(run.stderr).toContain("npm run cli -w packages/rules -- check <dir>");
    }
    expect(await listOfferRuleVersions(handle.db)).toEqual([]);
  });
});

/** Runs `scripts/rules.ts` as npm runs it: in packages/app, with INIT_CWD the caller's folder. */
function cli(caller: string, env: Record<string, string>, ...args: string[]) {
  return runScript("rules", args, { INIT_CWD: caller, ...env });
}

describe("the script, as a child process, on the embedded database in DATA_DIR", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir("showroom-rules-data-");
    await seedPgliteDataDir(dataDir);
  }, 120_000);

  it("through npm, from any folder: init and publish read and write where the command was typed", async () => {
    const caller = tempDir("showroom-rules-npm-caller-");
    const npm = (...args: string[]) =>
      runProcess("npm", ["--prefix", REPOSITORY, "run", ...args], { cwd: caller, env: { DATA_DIR: dataDir } });
    // A name no one uses, so that a wrong resolution (into packages/rules or packages/app) is seen and cleaned up.
    const folder = `npm-rules-${process.pid}`;
    cleanup.push(join(REPOSITORY, "packages/rules", folder), join(REPOSITORY, "packages/app", folder));
    const init = await npm("cli", "-w", "packages/rules", "--", "init", folder, "offer-settings");
    expect(init.code, init.stderr).toBe(0);
    expect(existsSync(join(REPOSITORY, "packages/rules", folder))).toBe(false);
    const file = join(caller, folder, "offer-settings.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), validForDays: 6 }, null, 2));
    const published = await npm("rules", "-w", "packages/app", "--", "publish", folder, "--note", "six days");
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain(`Checking rule files in ${join(caller, folder)}`);
    expect(published.stdout).toContain("The site prices with it from its next start");
    const held = await openDatabase({ dataDir });
    try {
      const [version] = await listOfferRuleVersions(held.db);
      // Without --author, the account that ran the command.
      expect([version?.version, version?.author, version?.note]).toEqual([1, userInfo().username, "six days"]);
      expect(JSON.parse(version?.files["offer-settings.json"] ?? "{}").validForDays).toBe(6);
    } finally {
      await held.close();
    }
  }, 300_000);

  it("refuses while a server holds the data directory, and says what to do", async () => {
    const held = await openDatabase({ dataDir });
    try {
      const refused = await cli(callerWith({}), { DATA_DIR: dataDir }, "versions");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("The server holds the embedded database while it runs: stop it");
    } finally {
      await held.close();
    }
  }, 180_000);
});

describe.runIf(testDatabaseKinds().includes("postgres"))("the script on PostgreSQL, beside a running server", () => {
  const handle = useTestDatabase("postgres");

  it("a publish from the command line reaches another process's rules within 2 seconds", async () => {
    const server = await handle.database.connectAgain();
    const lines: string[] = [];
    const source = await openPublishedOfferRules(server, (line) => lines.push(line));
    try {
      const caller = callerWith({ "offer-settings.json": settings(8) });
      const run = await cli(
        caller,
        { DATABASE_URL: handle.database.url },
        "publish",
        "my-rules",
        "--note",
        "eight",
        "--author",
        "analyst",
      );
      const done = performance.now();
      expect([run.code, run.stderr]).toEqual([0, ""]);
      expect(run.stdout).toContain("Every server of the site switches to it within 2 seconds");
      await until("the switch", () => source.current().published === 1, { timeoutMs: 2000 });
      expect(performance.now() - done).toBeLessThan(2000);
      expect(source.current().rules.settings.validForDays).toBe(8);
      expect(lines.at(-1)).toMatch(
        /^Offer rules switched to version 1 \([0-9a-f]{16}, published .* by analyst: "eight"\)/,
      );
    } finally {
      await source.close();
      await server.close();
    }
  }, 120_000);
});
