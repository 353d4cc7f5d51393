// SSR throughput: requests/s and latency of pages against the minimal route on the same server, driven by autocannon
// in a child process over loopback. Each measured run follows a warm-up at the same concurrency, and the routes
// alternate within each concurrency so slow drift (thermal, noisy neighbour) hits them alike.
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./load-child.mjs", import.meta.url));

/** Budget of issue 5 (home) and issue 6 (listing): at least half the minimal route's rate; listing p99 ≤ 50 ms at 50. */
export const SSR_BUDGET = { ratio: 0.5, listingP99Ms: 50, listingP99Connections: 50 };
/** Budget of issue 18 for pages the HTML cache does not answer (a query parameter it does not key by). */
export const UNCACHED_BUDGET = { ratio: 0.2, p99Ms: 50, p99Connections: 10 };

/** autocannon in a child process: `run(url, connections, seconds, paths?)`, where the connections take `paths` in turn. */
export function loadGenerator() {
  const child = fork(CHILD, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let next = 0;
  const waiting = new Map();
  child.on("message", ({ id, result, error }) => {
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error) pending?.reject(new Error(error));
    else pending?.resolve(result);
  });
  child.on("exit", (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`load generator exited with ${code}`));
    waiting.clear();
  });
  return {
    run(url, connections, seconds, paths) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, url, connections, seconds, paths });
      });
    },
    close() {
      child.disconnect();
    },
  };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Waits until a server (this process by default; `cpuMs` reads another's CPU time in ms) has gone quiet: when
 * autocannon stops, the requests it had in flight are still being rendered, and that backlog must not be billed to
 * the next run. Quiet = under 10 % of a core for 250 ms.
 */
export async function serverSettled(cpuMs = ownCpuMs, maxMs = 30_000) {
  const began = Date.now();
  while (Date.now() - began < maxMs) {
    const before = cpuMs();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (cpuMs() - before < 25) return;
  }
}

/**
 * Measures each of `targets` ({ id, label, path, minimal? }) at each concurrency. Returns rows with the ratio to the
 * minimal target at the same concurrency and the budget verdicts.
 */
export async function measureThroughput({ baseUrl, targets, connections, seconds, warmupSeconds, log }) {
  const generator = loadGenerator();
  const rows = [];
  try {
    for (const target of targets) {
      log(`  warm-up ${target.path} (${warmupSeconds} s)…`);
      await serverSettled();
      await generator.run(baseUrl + target.path, 10, warmupSeconds);
    }
    for (const c of connections) {
      for (const target of targets) {
        log(`  ${target.path} at ${c} connections (${seconds} s)…`);
        await serverSettled();
        await generator.run(baseUrl + target.path, c, Math.max(1, Math.round(warmupSeconds / 2)));
        await serverSettled();
        // The server runs in this process and the load generator in another, so this process's CPU time during the
        // run is the server's: CPU per request is the cost of a page, much less sensitive to other load than req/s.
        const cpuBefore = process.cpuUsage();
        const loopBefore = performance.eventLoopUtilization();
        const result = await generator.run(baseUrl + target.path, c, seconds);
        const cpu = process.cpuUsage(cpuBefore);
        const loop = performance.eventLoopUtilization(loopBefore);
        rows.push({
          target: target.id,
          label: target.label,
          path: target.path,
          connections: c,
          ...result,
          serverCpuMsPerRequest: result.requestsTotal ? (cpu.user + cpu.system) / 1000 / result.requestsTotal : null,
          eventLoopUtilization: loop.utilization,
          loadAverage: loadavg()[0],
        });
      }
    }
  } finally {
    generator.close();
  }
  for (const row of rows) {
    const minimal = rows.find(
      (r) => r.connections === row.connections && targets.find((t) => t.id === r.target)?.minimal,
    );
    row.ratio = minimal ? row.requestsPerSecond / minimal.requestsPerSecond : null;
    // What the ratio would be with the server CPU-bound and alone on its core: minimal's CPU per request ÷ this one's.
    row.cpuRatio =
      minimal?.serverCpuMsPerRequest && row.serverCpuMsPerRequest
        ? minimal.serverCpuMsPerRequest / row.serverCpuMsPerRequest
        : null;
    const target = targets.find((t) => t.id === row.target);
    const checks = [];
    if (target.uncached) {
      // Issue 18: a page rendered for every request, at least 0.2 × /healthz and p99 ≤ 50 ms at 10 connections.
      checks.push(row.ratio !== null && row.ratio >= UNCACHED_BUDGET.ratio);
      if (row.connections === UNCACHED_BUDGET.p99Connections) checks.push(row.latency.p99 <= UNCACHED_BUDGET.p99Ms);
    } else if (!target.minimal) checks.push(row.ratio !== null && row.ratio >= SSR_BUDGET.ratio);
    if (target.listing && !target.uncached && row.connections === SSR_BUDGET.listingP99Connections) {
      checks.push(row.latency.p99 <= SSR_BUDGET.listingP99Ms);
    }
    checks.push(row.requestsTotal > 0 && row.non2xx === 0 && row.errors === 0 && row.timeouts === 0);
    row.pass = checks.every(Boolean);
  }
  return rows;
}
