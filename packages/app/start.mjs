#!/usr/bin/env node
// Starts the site: builds it first when the build is missing or older than the sources, then serves it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const built = join(here, "build/server/index.js");

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = ["app", "server", "../rules/src", "../rules/rules", "../forms/src", "../../fixtures"].map((d) =>
  join(here, d),
);
const stale = !existsSync(built) || sources.some((d) => existsSync(d) && newest(d) > statSync(built).mtimeMs);
if (stale) {
  console.log("Building the site…");
  execFileSync("npx", ["react-router", "build"], { cwd: here, stdio: "inherit" });
}

const { start } = await import(built);
let running;
try {
  running = await start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`Showroom is serving ${running.url} (${running.database.kind})`);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    await running.close();
    process.exit(0);
  });
}
