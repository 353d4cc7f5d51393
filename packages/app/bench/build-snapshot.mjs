// The build under measurement, frozen for the run. build/ is shared: a test run or another terminal may rebuild it
// while the bench runs, and a running server whose chunks were swapped answers 404 for its own scripts and CSS. So
// the bench builds for production, copies build/ and drizzle/ to a folder under the app's own node_modules/.cache (so
// Node resolves the server's dependencies as from the app: the app's node_modules first, where `cookie` 1.x is, then
// the workspace's), and serves that copy.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "../scripts/ensure-build.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Asset URLs the server build names that the client build lacks: non-empty means a half-written or mixed build. */
export function missingAssets(buildDir) {
  const client = join(buildDir, "client");
  const missing = new Set();
  for (const file of filesUnder(join(buildDir, "server")).filter((f) => f.endsWith(".js"))) {
    for (const m of readFileSync(file, "utf8").matchAll(/["'`](\/assets\/[\w.-]+\.(?:js|css))["'`]/g)) {
      if (!existsSync(join(client, m[1]))) missing.add(m[1]);
    }
  }
  return [...missing];
}

/**
 * Builds for production (unless `build` is false) and snapshots the result; retries when another build overlapped.
 * Returns the snapshot's server entry and client folder, and `remove()`.
 */
export function snapshotBuild({ build = true, log }) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (build) {
      buildSite({ stdio: ["ignore", "ignore", "inherit"] });
    }
    const cache = join(appDir, "node_modules/.cache");
    mkdirSync(cache, { recursive: true });
    const root = mkdtempSync(join(cache, "showroom-bench-build-"));
    try {
      cpSync(join(appDir, "build"), join(root, "build"), { recursive: true });
      cpSync(join(appDir, "drizzle"), join(root, "drizzle"), { recursive: true });
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      if (attempt === 3) throw error;
      log(`  build/ changed while being copied (${error.code ?? error.message}); building again`);
      continue;
    }
    const missing = missingAssets(join(root, "build"));
    if (missing.length === 0) {
      return {
        root,
        serverEntry: join(root, "build/server/index.js"),
        clientDir: join(root, "build/client"),
        remove: () => rmSync(root, { recursive: true, force: true }),
      };
    }
    rmSync(root, { recursive: true, force: true });
    if (attempt === 3 || !build) throw new Error(`build/ is inconsistent, missing ${missing.slice(0, 5).join(", ")}`);
    log(`  build/ changed under the copy (missing ${missing[0]}); building again`);
  }
  throw new Error("unreachable");
}
