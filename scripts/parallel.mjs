#!/usr/bin/env node
// Runs npm scripts side by side, each one's output printed whole when it ends (never interleaved), and fails when
// any fails: `node scripts/parallel.mjs typecheck build`. `npm test` runs the type check beside the build, which
// share nothing (docs/decisions/296).
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const began = performance.now();
      const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
      child.on("close", (code) => {
        const seconds = ((performance.now() - began) / 1000).toFixed(1);
        process.stdout.write(`\n> ${name} (${seconds} s, exit ${code})\n${Buffer.concat(output).toString()}`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  // Not process.exit(): into a pipe, a script's output is still being written, and what says why it failed comes last.
  process.exitCode = 1;
}
