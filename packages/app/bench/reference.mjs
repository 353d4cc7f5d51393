// The yardstick for uncached pages (issue 27): the default React Router 8.4 app in the folder named by --reference,
// rendering a listing-shaped page. Built in a temp folder outside the repository with its own `npm ci`, started as its
// README says, and measured beside the site in interleaved rounds: the CPU time of each server process per request,
// from /proc/<pid>/stat, under the same load generator, connections and headers (ADR 364).
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { firstLoadJs } from "./first-load-js.mjs";
import { loadGenerator, serverSettled } from "./load.mjs";
import { cpuMsOf } from "./proc.mjs";

export const REFERENCE_LISTING = "/listfull";
/** The reference app's trivial page: what its stack loads for a route with nothing on it. */
export const REFERENCE_TRIVIAL = "/";

/**
 * The environment for the reference app's own npm: none of the bench's npm_* settings (they name this workspace), no
 * NODE_ENV (production would leave out the devDependencies it builds with), this Node first on the PATH.
 */
function ownEnv() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  delete env.NODE_ENV;
  env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH ?? ""}`;
  return env;
}

function run(command, args, cwd) {
  try {
    execFileSync(command, args, { cwd, env: ownEnv(), stdio: ["ignore", "pipe", "pipe"], timeout: 600_000 });
  } catch (error) {
    const said = `${error.stderr ?? ""}${error.stdout ?? ""}`.trim().split("\n").slice(-3).join(" / ");
    throw new Error(`${command} ${args.join(" ")} failed: ${said || error.message}`);
  }
}

/** Copies the reference app to a temp folder, installs and builds it there. Throws with npm's last words. */
export function buildReferenceApp({ sourceDir, log }) {
  const root = mkdtempSync(join(tmpdir(), "showroom-bench-reference-"));
  const dir = join(root, "reference-app");
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    cpSync(sourceDir, dir, { recursive: true, filter: (path) => !/[/\\](node_modules|build)$/.test(path) });
    log(`  reference app: npm ci in ${dir}…`);
    run("npm", ["ci", "--no-audit", "--no-fund"], dir);
    run("npx", ["react-router", "build"], dir);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Starts the built reference app on a free port (as its README does) and waits until its listing answers. */
export async function startReferenceApp({ dir, timeoutMs = 60_000 }) {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  const env = { ...ownEnv(), PORT: String(port), NODE_ENV: "production" };
  const child = spawn(process.execPath, ["server.mjs"], { cwd: dir, env, stdio: ["ignore", "ignore", "pipe"] });
  let said = "";
  child.stderr.on("data", (chunk) => {
    said = (said + chunk).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the reference app exited (${child.exitCode}): ${said}`);
    const status = await fetch(url + REFERENCE_LISTING).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => null,
    );
    if (status === 200) break;
    if (status !== null || Date.now() - began > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`the reference app's ${REFERENCE_LISTING} answered ${status ?? "nothing"}: ${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The reference app's own first-load JS, gzip, measured as the site's is (first-load-js.mjs) on the HTML it serves:
 * its listing and its trivial page. The floor the stack sets for issue 27's budget (docs/decisions/453).
 */
export async function referenceFirstLoadJs({ url, dir }) {
  const clientDir = join(dir, "build", "client");
  const measure = async (path) => {
    const html = await fetch(url + path).then((response) => response.text());
    return { path, gzip: firstLoadJs(html, clientDir).gzip };
  };
  return [await measure(REFERENCE_LISTING), await measure(REFERENCE_TRIVIAL)];
}

/**
 * Each of `targets` ({ id, label, path, paths?, server: { url, pid } }) for `seconds`, round after round, the targets
 * in turn in each round, every server quiet before each run; a target with `paths` requests them in turn. Returns one
 * entry per target and round.
 */
export async function interleavedRounds({ targets, connections, seconds, rounds, warmupSeconds, log }) {
  const generator = loadGenerator();
  const servers = [...new Set(targets.map((t) => t.server))];
  const settle = async () => {
    for (const server of servers) await serverSettled(() => cpuMsOf(server.pid));
  };
  const runs = [];
  try {
    for (const target of targets) {
      log(`  warm-up ${target.label} ${target.path} (${warmupSeconds} s)…`);
      await settle();
      await generator.run(target.server.url + target.path, connections, warmupSeconds, target.paths);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        log(`  round ${round} of ${rounds}: ${target.label} ${target.path} (${seconds} s)…`);
        await settle();
        const before = cpuMsOf(target.server.pid);
        const result = await generator.run(target.server.url + target.path, connections, seconds, target.paths);
        runs.push({
          target: target.id,
          round,
          cpuMs: cpuMsOf(target.server.pid) - before,
          requests: result.requestsTotal,
          requestsPerSecond: result.requestsPerSecond,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors + result.timeouts,
          loadAverage: loadavg()[0],
        });
      }
    }
  } finally {
    generator.close();
  }
  return runs;
}

/**
 * Per target over all its rounds: CPU ms per request (all CPU ÷ all requests), the lowest and highest round, the
 * load averages, and the ratio to `referenceId`'s CPU per request.
 */
export function summariseRounds(runs, referenceId) {
  const ids = [...new Set(runs.map((r) => r.target))];
  const rows = ids.map((target) => {
    const mine = runs.filter((r) => r.target === target);
    const requests = mine.reduce((sum, r) => sum + r.requests, 0);
    const cpuMs = mine.reduce((sum, r) => sum + r.cpuMs, 0);
    const perRound = mine.filter((r) => r.requests > 0).map((r) => r.cpuMs / r.requests);
    const loads = mine.map((r) => r.loadAverage);
    return {
      target,
      rounds: mine.length,
      requests,
      cpuMsPerRequest: requests > 0 ? cpuMs / requests : null,
      roundCpuMsPerRequest: perRound.length ? [Math.min(...perRound), Math.max(...perRound)] : null,
      requestsPerSecond: mine.reduce((sum, r) => sum + r.requestsPerSecond, 0) / mine.length,
      failed: mine.reduce((sum, r) => sum + r.failed, 0),
      loadAverage: [Math.min(...loads), Math.max(...loads)],
    };
  });
  const reference = rows.find((r) => r.target === referenceId)?.cpuMsPerRequest ?? null;
  for (const row of rows) {
    row.ratio = reference && row.cpuMsPerRequest !== null ? row.cpuMsPerRequest / reference : null;
  }
  return rows;
}
