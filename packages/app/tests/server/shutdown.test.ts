// `node start.mjs` stops cleanly on SIGTERM, and a second process on a data directory in use is refused by name.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedPgliteDataDir } from "../support/databases";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, runServerToExit, spawnServer } from "./support/child-server";

let dataDir: string;
const servers: ChildServer[] = [];

beforeAll(async () => {
  await ensureBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), "showroom-shutdown-"));
  await seedPgliteDataDir(dataDir);
});

afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  await Promise.all(servers.map((s) => s.exited));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("a second process on a locked DATA_DIR exits non-zero naming the directory; SIGTERM then stops the first within seconds, exit 0, lock and pid file removed", async () => {
  const lockFile = join(dataDir, "showroom.lock");
  const pidFile = join(dataDir, "showroom.pid");
  const first = await spawnServer({ DATA_DIR: dataDir });
  servers.push(first);
  expect(readFileSync(lockFile, "utf8")).toBe(String(first.pid));
  // What an operator signals: `kill -HUP $(cat DATA_DIR/showroom.pid)`.
  expect(readFileSync(pidFile, "utf8").trim()).toBe(String(first.pid));

  // Its timeout leaves room to rebuild the site first, when a source changed since the suite's build.
  const second = await runServerToExit({ DATA_DIR: dataDir }, { timeoutMs: 180_000 });
  expect(second.code).not.toBe(0);
  expect(second.code).not.toBeNull();
  expect(second.output).toContain(`The data directory ${dataDir} is in use by process ${first.pid}`);
  expect(second.output).not.toMatch(/\n\s+at /);
  // The refused process left the lock, the pid file and the running server alone.
  expect(readFileSync(lockFile, "utf8")).toBe(String(first.pid));
  expect(readFileSync(pidFile, "utf8").trim()).toBe(String(first.pid));
  const health = await fetch(`${first.url}/healthz`);
  expect(health.status).toBe(200);
  await health.text();

  // fetch keeps its connection alive, so an idle one stays open across the signal: shutdown must not wait for it.
  const idle = await fetch(`${first.url}/`);
  await idle.text();
  const exit = await first.stop("SIGTERM", 10_000);
  expect(exit, first.output()).toMatchObject({ code: 0, signal: null });
  expect(exit.ms).toBeLessThan(5_000);
  expect(existsSync(lockFile)).toBe(false);
  expect(existsSync(pidFile)).toBe(false);
}, 240_000);
