// The printed report: one table per benchmark, a verdict per row, and under a failing row what lost the points.
import { CATEGORIES, CATEGORY_LABELS, LIGHTHOUSE_BUDGET } from "./lighthouse.mjs";
import { SSR_BUDGET, UNCACHED_BUDGET } from "./load.mjs";
import { kB } from "./stats.mjs";

export const JS_BUDGET_KB = 130;

const pad = (value, width) => String(value).padEnd(width);
const lpad = (value, width) => String(value).padStart(width);
const verdict = (pass) => (pass ? "pass" : "FAIL");
/** A path that fits its column: a detail page keeps its start and its VIN. */
const fit = (path, width) => (path.length < width ? path : `${path.slice(0, width - 21)}…${path.slice(-17)}`);

/** `entry.client-ClV-tPEF.js` → `entry.client`: chunk names without Vite's content hash. */
export function chunkName(path) {
  return path.replace(/^.*\//, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, "");
}

function ms(value) {
  if (!Number.isFinite(value)) return "—";
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

function absentLine(page) {
  const why = page.status === null ? "not found" : `HTTP ${page.status}`;
  return `  ${pad(page.label, 9)}${pad(fit(page.path, 44), 44)}${page.required ? "MISSING" : "not built yet"} (${why})`;
}

export function lighthouseTable({ results, absent, runs }) {
  const budget = CATEGORIES.map((id) => LIGHTHOUSE_BUDGET[id]).join(" / ");
  const lines = [`1. Lighthouse mobile, median of ${runs} run${runs === 1 ? "" : "s"} (budget ${budget})`];
  lines.push(
    `  ${pad("page", 9)}${pad("path", 44)}${CATEGORIES.map((id) => lpad(CATEGORY_LABELS[id], 5)).join("")}` +
      `${lpad("FCP", 8)}${lpad("LCP", 8)}${lpad("TBT", 8)}${lpad("CLS", 7)}${lpad("host", 6)}  verdict`,
  );
  for (const r of results) {
    lines.push(
      `  ${pad(r.page, 9)}${pad(fit(r.path, 44), 44)}${CATEGORIES.map((id) => lpad(r.scores[id], 5)).join("")}` +
        `${lpad(ms(r.metrics.fcp), 8)}${lpad(ms(r.metrics.lcp), 8)}${lpad(ms(r.metrics.tbt), 8)}` +
        `${lpad(Number.isFinite(r.metrics.cls) ? r.metrics.cls.toFixed(3) : "—", 7)}` +
        `${lpad(Number.isFinite(r.benchmarkIndex) ? Math.round(r.benchmarkIndex) : "—", 6)}  ${verdict(r.passAll)}`,
    );
  }
  for (const page of absent) lines.push(absentLine(page));
  for (const r of results.filter((x) => !x.passAll)) {
    for (const id of CATEGORIES.filter((c) => !r.pass[c])) {
      lines.push(`    ${r.page} ${CATEGORY_LABELS[id]} ${r.scores[id]} < ${LIGHTHOUSE_BUDGET[id]}, losing audits:`);
      if (r.losing[id].length === 0) lines.push("      (none below threshold in the median run)");
      for (const audit of r.losing[id].slice(0, 8)) {
        const value = audit.displayValue ? `: ${audit.displayValue}` : "";
        lines.push(`      - ${audit.title}${value} (score ${audit.score}, weight ${audit.weight})`);
        for (const item of audit.items) lines.push(`          ${String(item).replace(/\s+/g, " ").slice(0, 110)}`);
      }
    }
  }
  lines.push("  metrics are the medians; host = Lighthouse's benchmarkIndex of this machine (higher is faster)");
  for (const r of results.filter((x) => x.retries.length)) {
    lines.push(`    ${r.page}: ${r.retries.length} run(s) repeated after a Lighthouse error (${r.retries[0].error})`);
  }
  for (const r of results.filter((x) => x.runWarnings.length)) {
    for (const warning of r.runWarnings) lines.push(`    ${r.page} warning: ${warning.slice(0, 200)}`);
  }
  return lines;
}

export function firstLoadTable({ rows, absent }) {
  const lines = [`2. First-load JS, kB gzip (1 kB = 1000 B) per route (budget ≤ ${JS_BUDGET_KB})`];
  lines.push(
    `  ${pad("page", 9)}${pad("path", 44)}${lpad("gzip", 7)}${lpad("raw", 8)}${lpad("files", 6)}  verdict  largest`,
  );
  for (const r of rows) {
    const largest = r.files
      .slice(0, 4)
      .map((f) => `${chunkName(f.path)} ${kB(f.gzip)}`)
      .join(" · ");
    lines.push(
      `  ${pad(r.page, 9)}${pad(fit(r.path, 44), 44)}${lpad(kB(r.gzip), 7)}${lpad(kB(r.bytes), 8)}${lpad(r.files.length, 6)}` +
        `  ${pad(verdict(r.pass), 7)}  ${largest}`,
    );
    if (r.notPreloaded.length)
      lines.push(`    ${r.page}: imported but not modulepreloaded: ${r.notPreloaded.join(", ")}`);
    if (r.missing.length) lines.push(`    ${r.page}: referenced but not in build/client: ${r.missing.join(", ")}`);
  }
  for (const page of absent) lines.push(absentLine(page));
  return lines;
}

export function throughputTable({ rows, seconds, absent }) {
  const lines = [
    `3. SSR throughput, autocannon on loopback, ${seconds} s per run after warm-up ` +
      `(budget ratio ≥ ${SSR_BUDGET.ratio}; listing p99 ≤ ${SSR_BUDGET.listingP99Ms} ms at ${SSR_BUDGET.listingP99Connections} connections;` +
      ` ✗c = rendered for every request, not from the HTML cache: ratio ≥ ${UNCACHED_BUDGET.ratio}, p99 ≤ ${UNCACHED_BUDGET.p99Ms} ms at ${UNCACHED_BUDGET.p99Connections})`,
  ];
  lines.push(
    `  ${pad("route", 9)}${pad("path", 16)}${lpad("conns", 6)}${lpad("req/s", 9)}${lpad("p50", 7)}${lpad("p90", 7)}` +
      `${lpad("p99", 7)}${lpad("ratio", 7)}${lpad("cpu/req", 9)}${lpad("cpu ratio", 10)}${lpad("loop", 6)}` +
      `${lpad("load", 6)}${lpad("non2xx", 8)}  verdict`,
  );
  for (const r of rows) {
    lines.push(
      `  ${pad(r.label, 9)}${pad(r.path, 16)}${lpad(r.connections, 6)}${lpad(r.requestsPerSecond.toFixed(0), 9)}` +
        `${lpad(r.latency.p50, 7)}${lpad(r.latency.p90, 7)}${lpad(r.latency.p99, 7)}` +
        `${lpad(r.ratio === null ? "—" : r.ratio.toFixed(2), 7)}` +
        `${lpad(r.serverCpuMsPerRequest === null ? "—" : r.serverCpuMsPerRequest.toFixed(2), 9)}` +
        `${lpad(r.cpuRatio === null ? "—" : r.cpuRatio.toFixed(2), 10)}${lpad(`${Math.round(r.eventLoopUtilization * 100)}%`, 6)}` +
        `${lpad(r.loadAverage.toFixed(1), 6)}${lpad(r.non2xx + r.errors, 8)}  ${verdict(r.pass)}`,
    );
  }
  lines.push(
    "  latencies in ms; ratio = req/s ÷ req/s of /healthz at the same connections (the budgeted figure);",
    "  cpu/req = server CPU ms per request; cpu ratio = cpu/req of /healthz ÷ cpu/req of the route (what the ratio",
    "  tends to when the server has a core to itself); loop = event-loop utilization during the run;",
    "  load = the machine's 1-minute load average at the end of the run",
  );
  for (const page of absent.filter((p) => p.id === "search")) lines.push(absentLine({ ...page, label: "listing" }));
  return lines;
}

/** `reference` is { rows, rounds, seconds, connections } when measured, or { skipped } / { error } when not. */
export function referenceTable(reference) {
  const title = "4. Uncached pages against a default React Router 8.4 app (reference listing, issue 27 goal ≤ 0.6)";
  if (reference.skipped) return [title, `  skipped: ${reference.skipped}`];
  if (reference.error) return [title, `  not measured: ${reference.error}`];
  const lines = [
    `${title}: ${reference.rounds} interleaved round${reference.rounds === 1 ? "" : "s"} of ${reference.seconds} s at ` +
      `${reference.connections} connections`,
    `  ${pad("page", 12)}${pad("path", 44)}${lpad("cpu/req", 9)}${lpad("rounds", 13)}${lpad("ratio", 7)}` +
      `${lpad("req/s", 7)}${lpad("load", 10)}${lpad("failed", 8)}`,
  ];
  const fixed = (value, digits) => (value === null ? "—" : value.toFixed(digits));
  for (const r of reference.rows) {
    const rounds = r.roundCpuMsPerRequest ? r.roundCpuMsPerRequest.map((v) => v.toFixed(1)).join("–") : "—";
    lines.push(
      `  ${pad(r.label, 12)}${pad(fit(r.path.replace("?bench=uncached", ""), 44), 44)}${lpad(fixed(r.cpuMsPerRequest, 2), 9)}${lpad(rounds, 13)}` +
        `${lpad(fixed(r.ratio, 2), 7)}${lpad(r.requestsPerSecond.toFixed(0), 7)}` +
        `${lpad(r.loadAverage.map((v) => v.toFixed(1)).join("–"), 10)}${lpad(r.failed, 8)}`,
    );
  }
  lines.push(
    "  cpu/req = CPU ms of the server process per request over all rounds (utime + stime, /proc/<pid>/stat);",
    "  rounds = the lowest and highest round; ratio = cpu/req ÷ the reference listing's, in this run;",
    "  ✗c = with ?bench=uncached, which the HTML cache does not key by: every request is rendered",
  );
  if (reference.firstLoadJs) {
    const sizes = reference.firstLoadJs.map(({ path, gzip }) => `${path} ${(gzip / 1000).toFixed(1)} kB`).join(", ");
    lines.push(`  the reference app's own first-load JS, gzip (as table 2 measures the site's): ${sizes}`);
  }
  return lines;
}

const mb = (bytes) => (bytes === null ? "—" : Math.round(bytes / 2 ** 20));

/** `memory` is what measureMemory returned, or { skipped } / { error }. */
export function memoryTable(memory) {
  const title = "5. Resident memory of the site as `npm start` runs it, MB (2^20 bytes)";
  if (memory.skipped) return [title, `  skipped: ${memory.skipped}`];
  if (memory.error) return [title, `  not measured: ${memory.error}`];
  const load = `${memory.loadAverageAtStart.toFixed(1)} → ${memory.loadAverageAtEnd.toFixed(1)}`;
  const lines = [
    title,
    `  \`${memory.command}\` in a child process on the copy of the build; load average ${load}`,
    `  ${pad("start", 38)}${pad("process", 9)}${lpad("ready", 8)}${lpad("peak", 7)}${lpad("idle", 7)}` +
      `${lpad("(anon)", 8)}${lpad("loaded", 8)}${lpad("requests", 10)}`,
  ];
  for (const run of memory.runs) {
    const requests = `${run.load.requests}${run.load.failed ? ` (${run.load.failed} failed)` : ""}`;
    run.processes.forEach((p, i) => {
      // The start's own figures on its first process's line; a cluster's other processes below it.
      const [label, ready, count] = i === 0 ? [run.label, ms(run.readyMs), requests] : ["", "", ""];
      lines.push(
        `  ${pad(label, 38)}${pad(p.role, 9)}${lpad(ready, 8)}${lpad(mb(p.startPeakBytes), 7)}` +
          `${lpad(mb(p.idleRssBytes), 7)}${lpad(`(${mb(p.idleAnonBytes)})`, 8)}${lpad(mb(p.afterLoadRssBytes), 8)}` +
          `${lpad(count, 10)}`.trimEnd(),
      );
    });
  }
  lines.push(
    `  ready = until it says it serves; idle = VmRSS ${memory.idleSeconds} s after that, (anon) its anonymous part; ` +
      "peak = VmHWM then,",
    `  the most it held while starting; loaded = VmRSS after ${memory.loadSeconds} s of uncached home, listing and ` +
      `vehicle page at ${memory.loadConnections} connections`,
  );
  for (const note of memory.notes) lines.push(`  ${note}`);
  return lines;
}
