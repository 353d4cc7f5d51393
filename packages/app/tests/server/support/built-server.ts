// The built server, as `npm start` runs it: made fresh once per run, then started in this process or as a child.
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Running } from "../../../server/app";
import { sleep } from "../../support/wait";

/** packages/app */
export const APP_DIR = fileURLToPath(new URL("../../../", import.meta.url));
export const START_SCRIPT = join(APP_DIR, "start.mjs");
const SERVER_BUILD = join(APP_DIR, "build/server/index.js");

/** A session secret for every server these tests start, so no secret file is written into shared places. */
export const TEST_SESSION_SECRET = "server-tests-session-secret-long-enough-0000";

/** A master key for servers on PostgreSQL or in a cluster, which refuse to start without one (ADR 308). */
const TEST_DATA_KEY = Buffer.alloc(32, 7).toString("base64");

/** `env` with TEST_DATA_KEY when it starts a server that must be given a key and names none. */
export function withSharedDataKey<T extends Record<string, string>>(env: T): T {
  const shared = env.DATABASE_URL?.startsWith("postgres") || Number(env.WEB_CONCURRENCY ?? "1") > 1;
  return shared && env.DATA_KEY === undefined ? { ...env, DATA_KEY: TEST_DATA_KEY } : env;
}

/** Anything older than a build can take is a lock left by a worker that died. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Builds the site when the build is missing or stale. Test files run in parallel workers, and two builds writing one
 * `build/` at once corrupt it, so the build runs under a lock directory (mkdir is atomic) shared by every worker.
 * Says whether it built.
 */
export async function ensureBuiltServer(): Promise<boolean> {
  return buildUnderLock(false);
}

/** A production build made now, under the same lock, whatever the sources' times say. */
export async function rebuildServer(): Promise<boolean> {
  return buildUnderLock(true);
}

// Vitest reads the first parameter of a hook function as a fixture list: ensureBuiltServer must take none.
async function buildUnderLock(force: boolean): Promise<boolean> {
  const lock = join(tmpdir(), `showroom-build-${Buffer.from(APP_DIR).toString("hex").slice(-24)}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile: try again.
      }
      await sleep(200);
    }
  }
  try {
    const { ensureBuild } = (await import(pathToFileURL(join(APP_DIR, "scripts/ensure-build.mjs")).href)) as {
      ensureBuild(options?: { quiet?: boolean; force?: boolean }): boolean;
    };
    return ensureBuild({ quiet: true, force });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Vitest hands its SSR resolve conditions to the worker's Node as `--conditions`. With "import" (or "module") among
 * them, `require()` of a package that also ships ESM loads the ESM file, and Express 5's router gets a namespace
 * object instead of the is-promise function: every async middleware then answers 500. Fail once, clearly, instead.
 */
function assertPlainRequire(): void {
  const conditions = process.execArgv.flatMap((arg, i, all) =>
    arg === "--conditions" || arg === "-C"
      ? [all[i + 1] ?? ""]
      : arg.startsWith("--conditions=")
        ? [arg.slice(13)]
        : [],
  );
  const breaking = conditions.filter((c) => c === "import" || c === "module");
  if (breaking.length > 0) {
    throw new Error(
      `This worker runs Node with --conditions ${breaking.join(", ")} (from the Vitest project's ssr.resolve.conditions), ` +
        "which makes require() load ESM builds and breaks Express in this process. Give the project " +
        'ssr: { resolve: { conditions: ["showroom-source", "node", "development|production"] } } (see docs/decisions/141).',
    );
  }
}

/**
 * React picks its development or production build from NODE_ENV when it is first loaded in a process, and a server
 * test must run the code production runs: the development build renders half as fast (the action fuzz) and warns
 * where production does not. The `server` Vitest project sets NODE_ENV=production for its workers; anything else
 * that loaded React first would make this process render with the wrong build, so fail at once and say why.
 */
function assertProductionReact(): void {
  // Node's ESM loader reads both branches of React's CommonJS entry to learn its exports, so both files are in the
  // cache: only one that ran (`loaded`) counts.
  const cache = createRequire(import.meta.url).cache;
  const developmentReact = Object.keys(cache).find(
    (path) => /[\\/]react(-dom)?[\\/]cjs[\\/].*\.development\.js$/.test(path) && cache[path]?.loaded === true,
  );
  if (process.env.NODE_ENV !== "production" || developmentReact) {
    throw new Error(
      `A server started in this process would render with React's development build (NODE_ENV=${process.env.NODE_ENV}` +
        `${developmentReact ? `, ${developmentReact} loaded` : ""}): run this file in the "server" Vitest project, ` +
        "whose workers start with NODE_ENV=production, and load no React before the server.",
    );
  }
}

/**
 * React Router and xstate pick their builds by the "development" export condition, which the "server" project's workers
 * drop, turning a development file's path into its production twin (tests/server/production-conditions.mjs,
 * docs/decisions/430). Checked once the built server is imported: no package's development build loaded.
 */
function assertProductionBuilds(): void {
  const routerBuild = import.meta.resolve("react-router");
  const loaded = (globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for("showroom.developmentBuilds")];
  const development = [...(loaded ?? [])];
  if (!/[\\/]production[\\/]/.test(routerBuild) || development.length > 0) {
    throw new Error(
      `A server started in this process would run development builds (${development.join(", ") || routerBuild}): ` +
        'run this file in the "server" Vitest project, whose workers resolve without the "development" condition.',
    );
  }
}

type Start = (
  env: Record<string, string | undefined>,
  options?: { htmlCache?: boolean; releaseMemoryWhenQuiet?: boolean },
) => Promise<Running>;

/**
 * Starts the built server in this process: an ephemeral loopback port, PGlite in memory, production settings, lead
 * mail as .eml files in a temporary data directory (removed on close). The rate limit keeps its default unless `env`
 * sets it.
 */
export async function startInProcess(
  env: Record<string, string> = {},
  options: { htmlCache?: boolean } = {},
): Promise<Running> {
  assertPlainRequire();
  await ensureBuiltServer();
  assertProductionReact();
  const { start } = (await import(/* @vite-ignore */ pathToFileURL(SERVER_BUILD).href)) as { start: Start };
  assertProductionBuilds();
  // Imported here, not at the top: the e2e global setup imports this module in Vitest's own process.
  const { withMemoryTemplate } = await import("../../support/databases");
  const dataDir = mkdtempSync(join(tmpdir(), "showroom-server-test-"));
  try {
    const running = await start(
      await withMemoryTemplate({
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: "memory://",
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        SESSION_SECRET: TEST_SESSION_SECRET,
        // Deliveries and imports are not news in a test run; warnings and errors still print.
        LOG_LEVEL: "warn",
        // The fixtures' photos are made only where a test asks (PHOTO_WORKERS): each one made bumps the inventory
        // version, which would empty the HTML cache under tests that count its hits (ADR 380).
        PHOTO_WORKERS: "0",
        ...withSharedDataKey(env),
      }),
      // The test worker's heap is the test runner's, not the site's: no releases in it (ADR 432).
      { ...options, releaseMemoryWhenQuiet: false },
    );
    return {
      ...running,
      async close() {
        await running.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
