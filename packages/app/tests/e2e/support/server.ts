import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { seedPgliteDataDir, withMemoryTemplate } from "../../support/databases";

const BUILD_ENTRY = fileURLToPath(new URL("../../../build/server/index.js", import.meta.url));
const MIGRATIONS = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/**
 * The server the tests run: the global setup's snapshot of the build (it names it), else the build itself. Read when
 * a site starts, since the global setup names the snapshot after this module is loaded and starts a site itself.
 */
export function serverEntry(): string {
  return process.env.SHOWROOM_E2E_SERVER ?? BUILD_ENTRY;
}
/** How long a site may take to stop after SIGTERM: it closes its connections, relay and database in 65–140 ms here. */
const STOP_WITHIN_MS = 20_000;
const SERVE_SCRIPT = fileURLToPath(new URL("./serve.mjs", import.meta.url));

/** A site started for a test file. */
export interface RunningSite {
  /** `http://127.0.0.1:{port}` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the built site in a child Node process (as `npm start` runs it) on an ephemeral loopback port with an
 * in-memory database (PGlite `memory://`). Rate limits stay on. A child process keeps the server's CommonJS dependencies (Express) out of Vitest's
 * module runner, which would load them differently than Node does.
 */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const entry = serverEntry();
  if (!existsSync(entry)) {
    throw new Error(`No server build at ${entry}: run \`npx react-router build\` in packages/app first.`);
  }
  const serverEnv = await withMemoryTemplate({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: "memory://",
    NODE_ENV: "production",
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0000",
    LOG_LEVEL: "warn",
    // Experiments assign each new browser at random; a test that means one variant turns them on and picks its id.
    EXPERIMENTS: "off",
    // The fixtures' photos are made only on a site that asks (PHOTO_WORKERS): each one made bumps the inventory
    // version mid-test (ADR 380).
    PHOTO_WORKERS: "0",
    ...env,
  });
  const child: ChildProcess = spawn(process.execPath, [SERVE_SCRIPT, entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The snapshot sits elsewhere than build/, so the migrations are named rather than found relative to it.
      SHOWROOM_MIGRATIONS_DIR: MIGRATIONS,
      SHOWROOM_E2E_ENV: JSON.stringify(serverEnv),
    },
    // stdin stays open for the child's life: serve.mjs stops when it ends, so a site dies with the process that started it.
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string };
        if (parsed.url) resolve(parsed.url);
      } catch {
        // The server's own log lines (inventory import) are not the ready signal.
      }
    });
    void exited.then((code) => reject(new Error(`The site exited with code ${code} before listening`)));
  });
  return {
    url,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      // A site that does not stop is a failure that says so, not a test that times out with no word of where it hung.
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<"stuck">((resolve) => {
        timer = setTimeout(() => resolve("stuck"), STOP_WITHIN_MS);
      });
      const stopped = await Promise.race([exited, stuck]);
      clearTimeout(timer);
      if (stopped === "stuck") {
        child.kill("SIGKILL");
        await exited;
        throw new Error(`The site at ${url} did not stop within ${STOP_WITHIN_MS / 1000} s of SIGTERM; it was killed`);
      }
    },
  };
}

/**
 * A site on the embedded database in a fresh, seeded data directory of its own (no DATABASE_URL), so a test can read
 * its leads once the site stops; lead emails become .eml files there too. The relay runs every 200 ms, and the POST
 * limit is out of the way: a journey posts more than the default ten forms a minute (the limit has its own tests).
 * The caller removes `dataDir` when done.
 */
export async function startSiteWithDataDir(name: string): Promise<{ site: RunningSite; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `showroom-${name}-e2e-`));
  await seedPgliteDataDir(dataDir);
  const site = await startSite({
    DATA_DIR: dataDir,
    RELAY_INTERVAL_MS: "200",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    DATABASE_URL: undefined,
  } as unknown as Record<string, string>);
  return { site, dataDir };
}

/**
 * A site on the embedded database of `dataDir` (made and seeded by the caller, who adds its desk accounts with the
 * staff CLI first), with the POST and sign-in limits out of the way of a desk test's many posts; `env` adds to it.
 */
export function startDeskSite(dataDir: string, env: Record<string, string> = {}): Promise<RunningSite> {
  return startSite({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    STAFF_SIGN_INS_PER_MINUTE: "1000",
    ...env,
  } as unknown as Record<string, string>);
}

/**
 * The path of the first vehicle the site's listing links to, found on the running site (not hard-coded): a vehicle
 * page is where the popup runtime loads for every visitor (the unlock-price popup counts vehicles viewed, ADR 336).
 */
export async function firstVehiclePath(site: RunningSite): Promise<string> {
  const listing = await (await fetch(`${site.url}/cars-for-sale`)).text();
  const path = /href="(\/(?:new|used|certified)-cars-for-sale\/\d{4}-[^"]+)"/.exec(listing)?.[1];
  if (!path) throw new Error("the listing links to no vehicle page");
  return path;
}
