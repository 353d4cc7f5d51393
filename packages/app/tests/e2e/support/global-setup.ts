import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { ensureBuiltServer, rebuildServer } from "../../server/support/built-server";
import { startSite } from "./server";
import "./shared";

const APP = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Where the tests run the site from: a copy of `build/` taken at setup, so a rebuild during the run (another
 * terminal, an editor, another test project) cannot swap chunks under a running server. Inside node_modules, so
 * Node still resolves the server's dependencies from there and git ignores it.
 */
export const SNAPSHOT = join(APP, "node_modules/.cache/showroom-e2e/build");

/** A sentence only React's development client prints: a build that has it would measure the wrong bundles. */
const DEVELOPMENT_MARKER = "Download the React DevTools";

function clientIsDevelopmentBuild(): boolean {
  const assets = join(APP, "build/client/assets");
  try {
    return readdirSync(assets).some(
      (file) => file.endsWith(".js") && readFileSync(join(assets, file), "utf8").includes(DEVELOPMENT_MARKER),
    );
  } catch {
    return true;
  }
}

/**
 * Vitest global setup of the e2e project: a production build of the site, snapshotted for the run. `npm test` has
 * just built it, so it is reused when no source is newer (the server tests' shared build, under their lock, always
 * for production); a development build left by other work is replaced.
 *
 * Then the run's one site with the default settings, which every file shares (ADR 315): starting it and Chromium took
 * about 5.5 s per file (the worker launches the run's one Chromium: `launchBrowser`, ADR 439). A file that needs
 * other settings (a data directory to read leads from, experiments on) still starts a site of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!(await ensureBuiltServer()) && clientIsDevelopmentBuild()) await rebuildServer();
  rmSync(SNAPSHOT, { recursive: true, force: true });
  cpSync(join(APP, "build"), SNAPSHOT, { recursive: true });
  // Test workers start after this and inherit the environment: they run the snapshot, not build/.
  process.env.SHOWROOM_E2E_SERVER = join(SNAPSHOT, "server/index.js");
  // Every file that shares the site posts from 127.0.0.1 within the same minute or two: the limit would count them
  // all together, which no file means to test (the limit has its own tests, on sites of their own).
  const site = await startSite({ RATE_LIMIT_POSTS_PER_MINUTE: "1000" });
  project.provide("e2eSiteUrl", site.url);
  return () => site.close();
}
