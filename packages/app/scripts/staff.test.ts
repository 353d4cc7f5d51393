// `npm run staff -- …` and `npm run retention -- --dry-run` as an operator runs them, on an embedded database in a
// data directory. The account commands run in this process on one open database (opening the embedded one costs
// seconds, and a Node start with tsx more); the scripts themselves run as child processes once each, for what only
// they do: standard input, the streams and the exit code (docs/decisions/322).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../app/server/config.server";
import { type Database, openDatabase } from "../app/server/db/client.server";
import { type CommandRun, collectedOutput, runScript } from "../tests/support/commands";
import { seedPgliteDataDir } from "../tests/support/databases";
import { staffCommand } from "./staff-command";

const PASSWORD = "a long and unusual passphrase";
let dataDir: string;
let database: Database | undefined;

/** Runs a command with `input` on standard input; resolves to its exit code and output. */
function cli(command: string, args: string[], input = ""): Promise<CommandRun> {
  return runScript(command, args, { DATA_DIR: dataDir }, input);
}

/** `npm run staff -- …args` with `input` as the typed password, in this process, on the file's open database. */
async function staff(args: string[], input = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  const output = collectedOutput();
  const code = await staffCommand(
    args,
    { out: output.out, err: output.err, password: async () => input.split("\n")[0] ?? "" },
    {
      config: () => loadConfig({ DATA_DIR: dataDir }),
      // The file closes the database after its last run; a run's own close must leave it open.
      open: async () => (database ? { ...database, close: async () => {} } : null),
    },
  );
  return { code, stdout: output.stdout, stderr: output.stderr };
}

const secretOf = (stdout: string) => stdout.match(/otpauth:\/\/totp\/\S*secret=([A-Z2-7]+)/)?.[1];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-staff-cli-"));
  await seedPgliteDataDir(dataDir);
  database = await openDatabase({ dataDir });
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run staff", () => {
  it("add reads the password from standard input, refuses a short or common one, and prints the URI and a QR code", async () => {
    const short = await staff(["add", "dana@example.com", "--role", "sales"], "short one\n");
    expect([short.code, short.stderr.trim()]).toEqual([1, "The password must be at least 12 characters long."]);
    const common = await staff(["add", "dana@example.com", "--role", "sales"], "Password1234\n");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("common passwords");

    const added = await staff(["add", "Dana@Example.com", "--role", "sales"], `${PASSWORD}\n`);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(
      /otpauth:\/\/totp\/Showroom%20staff%20desk:dana%40example\.com\?issuer=Showroom%20staff%20desk&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30/,
    );
    expect(added.stdout).toContain("▄");
    expect(added.stdout).not.toContain(PASSWORD);
    const again = await staff(["add", "dana@example.com", "--role", "admin"], `${PASSWORD}\n`);
    expect([again.code, again.stderr.trim()]).toEqual([1, "There is already an account for dana@example.com."]);
  });

  it("set-role, reset-mfa (a new secret), disable and list", async () => {
    const first = await staff(["add", "sam@example.com", "--role", "finance"], `${PASSWORD}\n`);
    expect((await staff(["set-role", "sam@example.com", "admin"])).code).toBe(0);
    const reset = await staff(["reset-mfa", "sam@example.com"]);
    expect(reset.code).toBe(0);
    expect(secretOf(reset.stdout)).toBeDefined();
    expect(secretOf(reset.stdout)).not.toBe(secretOf(first.stdout));
    // Sam is the only admin: neither disabling nor demoting may leave the desk without one.
    const lastDisable = await staff(["disable", "sam@example.com"]);
    expect([lastDisable.code, lastDisable.stderr.trim()]).toEqual([
      1,
      "sam@example.com is the only active admin. Make another account admin first, so the desk keeps one.",
    ]);
    expect((await staff(["set-role", " SAM@example.com ", "finance"])).code).toBe(1);
    expect((await staff(["add", "ada@example.com", "--role", "admin"], `${PASSWORD}\n`)).code).toBe(0);
    expect((await staff(["disable", "sam@example.com"])).code).toBe(0);
    const list = await staff(["list"]);
    expect(list.stdout).toMatch(/sam@example\.com\tadmin\tdisabled/);
    expect(list.stdout).toMatch(/dana@example\.com\tsales\tactive/);
    expect((await staff(["disable", "nobody@example.com"])).stderr.trim()).toBe(
      "There is no account for nobody@example.com.",
    );
  });

  it("enable lets a disabled account sign in again; the last active admin is never disabled", async () => {
    expect((await staff(["add", "lee@example.com", "--role", "sales"], `${PASSWORD}\n`)).code).toBe(0);
    expect((await staff(["disable", "lee@example.com"])).code).toBe(0);
    expect((await staff(["list"])).stdout).toMatch(/lee@example\.com\tsales\tdisabled/);
    const enabled = await staff(["enable", "Lee@Example.com"]);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain("Account lee@example.com enabled");
    expect((await staff(["list"])).stdout).toMatch(/lee@example\.com\tsales\tactive/);
    expect((await staff(["enable", "nobody@example.com"])).code).toBe(1);
    // Ada is now the one active admin (Sam was disabled above).
    expect((await staff(["disable", "ada@example.com"])).code).toBe(1);
    expect((await staff(["set-role", "ada@example.com", "sales"])).code).toBe(1);
    expect((await staff(["list"])).stdout).toMatch(/ada@example\.com\tadmin\tactive/);
  });

  it("adds an analyst (issue 30): the role that publishes offer rules", async () => {
    const added = await staff(["add", "ana@example.com", "--role", "analyst"], `${PASSWORD}\n`);
    expect([added.code, added.stdout]).toEqual([
      0,
      expect.stringContaining("Account ana@example.com (analyst) created."),
    ]);
    expect((await staff(["list"])).stdout).toMatch(/ana@example\.com\tanalyst\tactive/);
  });

  it("refuses an unknown command or role with the usage and exit code 2", async () => {
    const unknown = await staff(["remove", "dana@example.com"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage:");
    const role = await staff(["add", "kim@example.com", "--role", "owner"], `${PASSWORD}\n`);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("The role is one of sales, finance, analyst or admin.");
  });
});

// The database is handed back first: the scripts open the data directory themselves, and its lock admits one holder.
describe("the scripts, as child processes", () => {
  beforeAll(async () => {
    await database?.close();
    database = undefined;
  });

  it("staff add reads the password from standard input's first line, exits 0 and never prints it", async () => {
    const added = await cli("staff", ["add", "kai@example.com", "--role", "sales"], `${PASSWORD}\nignored\n`);
    expect([added.code, added.stderr]).toEqual([0, ""]);
    expect(added.stdout).toMatch(/otpauth:\/\/totp\/Showroom%20staff%20desk:kai%40example\.com\?/);
    expect(added.stdout).toContain("Account kai@example.com (sales) created.");
    expect(added.stdout).not.toContain(PASSWORD);
    const list = await cli("staff", ["list"]);
    expect([list.code, list.stdout]).toEqual([0, expect.stringMatching(/kai@example\.com\tsales\tactive/)]);
    const unknown = await cli("staff", ["remove", "kai@example.com"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage:");
    // Three Node starts with tsx, each opening the embedded database: slow on a busy machine.
  }, 180_000);

  it("retention --dry-run prints what would go and changes nothing", async () => {
    const dry = await cli("retention", ["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Retention \(730 days after last use, before .*\): would remove/);
    expect((await cli("retention", ["--now"])).code).toBe(2);
  }, 180_000);
});
