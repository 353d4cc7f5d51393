// `npm run keys -- status | rotate | generate` as an operator runs it, on an embedded database in a data directory.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerConfig } from "../app/server/config.server";
import { loadKeyring } from "../app/server/crypto/keyring.server";
import { openDatabase } from "../app/server/db/client.server";
import { readDraft, saveDraft } from "../app/server/financing/drafts.server";
import { ensureBuiltServer } from "../tests/server/support/built-server";
import { COMMAND_NODE_ARGS } from "../tests/support/commands";
import { seedPgliteDataDir } from "../tests/support/databases";

const run = promisify(execFile);
const APP = new URL("..", import.meta.url).pathname;
let dataDir: string;

function keys(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [...COMMAND_NODE_ARGS, "keys", ...args], {
    cwd: APP,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, ...env },
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-keys-cli-"));
  await Promise.all([seedPgliteDataDir(dataDir), ensureBuiltServer()]);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run keys", () => {
  it("generate prints a new 32-byte key in base64", async () => {
    const { stdout } = await keys(["generate"]);
    expect(Buffer.from(stdout.trim(), "base64")).toHaveLength(32);
  });

  it("rotate makes a new current key in the data directory and re-wraps the sealed records under it", async () => {
    const visitorId = randomUUID();
    const database = await openDatabase({ dataDir });
    const before = loadKeyring({ DATA_DIR: dataDir });
    await saveDraft(database.db, before, visitorId, { kept: true });
    await database.close();

    const { stdout } = await keys(["rotate"]);
    expect(stdout).toContain("finance_application_drafts: 1 record(s) re-wrapped");
    const after = loadKeyring({ DATA_DIR: dataDir });
    expect(after.current.id).not.toBe(before.current.id);
    expect(readdirSync(join(dataDir, "keys")).filter((f) => f.endsWith(".key"))).toHaveLength(2);
    expect(stdout).toContain(`under ${after.current.id} (current)`);

    const reopened = await openDatabase({ dataDir });
    try {
      expect((await readDraft(reopened.db, after, visitorId)).snapshot).toEqual({ kept: true });
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it("status with a new DATA_KEY shows the records still wrapped by the data directory's keys as readable, not current", async () => {
    const { stdout } = await keys(["status"], { DATA_KEY: randomBytes(32).toString("base64"), DATA_KEYS_PREVIOUS: "" });
    expect(stdout).toMatch(/under [0-9a-f]{16} \(readable\)/);
  }, 60_000);
});

/** The shell lines of the README's Deployment section, as an operator pastes them. */
function deploymentLines(): string[] {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("### Deployment"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/(^|\s)#\s.*$/, "").trimEnd())
    .filter((line) => line.trim() !== "");
}

describe("the README's Deployment block", () => {
  it("installs the repository's tools (npm ci) before any other npm command", () => {
    const npm = deploymentLines().filter((line) => /\bnpm\b/.test(line));
    expect(npm[0]).toMatch(/^npm ci\b/);
  });

  it("stops at a secret whose generator cannot run, instead of going on with an empty one", async () => {
    // The block's own lines that make the secrets, on a machine where no generator is found: `export X=$(…)` would
    // export '' and carry on; the block must stop there, before anything could start on it.
    const lines = deploymentLines().filter((line) => /^set -e\b|SESSION_SECRET|DATA_KEY/.test(line));
    expect(lines[0]).toMatch(/^set -e\b/);
    const script = `${lines.join("\n")}\necho "went on with DATA_KEY='$DATA_KEY'"\n`;
    const ran = await run("/bin/sh", ["-c", script], { env: { PATH: "/nonexistent" } }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(ran.stdout).not.toContain("went on");
    expect(ran.code).not.toBe(0);
  });

  it("makes a DATA_KEY and SESSION_SECRET that a server on PostgreSQL accepts", async () => {
    const lines = deploymentLines().filter((line) => /^set -e\b|SESSION_SECRET|DATA_KEY/.test(line));
    const { stdout } = await run(
      "/bin/sh",
      ["-c", `${lines.join("\n")}\nprintf '%s\\n%s\\n' "$SESSION_SECRET" "$DATA_KEY"`],
      {
        env: { PATH: process.env.PATH ?? "" },
      },
    );
    const [SESSION_SECRET, DATA_KEY] = stdout.trim().split("\n");
    expect(() =>
      loadServerConfig({ DATABASE_URL: "postgres://showroom@db.internal/showroom", SESSION_SECRET, DATA_KEY }),
    ).not.toThrow();
  });
});
