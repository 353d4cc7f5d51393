#!/usr/bin/env node
// `npm run <command> -w packages/app -- …`: builds the site if needed, then runs the command's bundle
// (build/server/commands, docs/decisions/438) with the arguments after its name. What the build prints goes to
// standard error, so standard output is the command's own.
import { enableCompileCache } from "node:module";
import { pathToFileURL } from "node:url";
import { buildIsStale, buildSite, COMMANDS, commandBuild } from "./ensure-build.mjs";

// The command's bundle is compiled from Node's compile cache after its first run, as the server is (ADR 444).
enableCompileCache();

const [name] = process.argv.splice(2, 1);
if (!COMMANDS.includes(name)) {
  console.error(`usage: node scripts/command.mjs <${COMMANDS.join("|")}> [arguments]`);
  process.exit(2);
}
if (buildIsStale()) {
  console.error("Building the site…");
  buildSite({ stdio: ["ignore", 2, 2] });
}
await import(pathToFileURL(commandBuild(name)).href);
