import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const APP = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Where the tests run the site from: a copy of `build/` taken at setup, so a rebuild during the run (another
 * terminal, an editor, another test project) cannot swap chunks under a running server. Inside node_modules, so
 * Node still resolves the server's dependencies from there and git ignores it.
 */
export const SNAPSHOT = join(APP, "node_modules/.cache/showroom-e2e/build");

/**
 * Vitest global setup of the e2e project: a production build of the site, snapshotted for the run. It always
 * builds: a build left by a development or test run would have React's development bundles and other budgets.
 */
export default function setup() {
  // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundles: build for production.
  execFileSync("npx", ["react-router", "build"], {
    cwd: APP,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  rmSync(SNAPSHOT, { recursive: true, force: true });
  cpSync(join(APP, "build"), SNAPSHOT, { recursive: true });
  // Test workers start after this and inherit the environment: they run the snapshot, not build/.
  process.env.SHOWROOM_E2E_SERVER = join(SNAPSHOT, "server/index.js");
}
