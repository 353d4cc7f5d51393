// Builds the site when the build is missing or older than any source it is made from. Used by `npm start` and by
// the test projects that run the built server, so neither ever serves stale code.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const appDir = fileURLToPath(new URL("..", import.meta.url));
export const serverBuild = join(appDir, "build/server/index.js");

/** The operator commands `npm run <name>` starts (scripts/command.mjs), built to build/server/commands (ADR 438). */
export const COMMANDS = ["import", "keys", "staff", "rules", "retention", "outbox"];
export const commandBuild = (name) => join(appDir, "build/server/commands", `${name}.mjs`);

const sourceDirs = [
  "app",
  "server",
  "scripts",
  "public",
  "drizzle",
  "../rules/src",
  "../rules/rules",
  "../forms/src",
  "../../fixtures",
];
const sourceFiles = ["vite.config.ts", "react-router.config.ts", "package.json"];

const TEST_FILE = /\.test(-d|-support)?\.tsx?$/;

/** The newest modification time of the files under `path` a build reads (tests and dotfiles left out), or 0. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    // Tests and their helpers are never built: editing one must not rebuild the site.
    if (TEST_FILE.test(entry.name)) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

export function buildIsStale() {
  // The photo process's entry and the commands are written after the server by the same build (ADRs 410, 438): a
  // build without them is one from before.
  if (!existsSync(serverBuild) || !existsSync(join(appDir, "build/photo-maker.mjs"))) return true;
  if (COMMANDS.some((name) => !existsSync(commandBuild(name)))) return true;
  const builtAt = statSync(serverBuild).mtimeMs;
  return [...sourceDirs, ...sourceFiles].some((p) => newest(join(appDir, p)) > builtAt);
}

export function ensureBuild({ quiet = false, force = false } = {}) {
  if (!force && !buildIsStale()) return false;
  if (!quiet) console.log("Building the site…");
  buildSite({ stdio: quiet ? "ignore" : "inherit" });
  return true;
}

/**
 * `npm run build`: React Router's production build, then the empty cluster a new PGlite data directory starts from
 * (ADR 326). Every build of the site goes through that script, so none lacks the cluster.
 */
export function buildSite({ stdio = "inherit" } = {}) {
  // Always a production build: under Vitest NODE_ENV is "test", which would ship React's development bundles.
  execFileSync("npm", ["run", "--silent", "build"], {
    cwd: appDir,
    stdio,
    env: { ...process.env, NODE_ENV: "production" },
  });
}
