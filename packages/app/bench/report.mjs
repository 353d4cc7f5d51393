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
      `${lpad("non2xx", 8)}  verdict`,
  );
  for (const r of rows) {
    lines.push(
      `  ${pad(r.label, 9)}${pad(r.path, 16)}${lpad(r.connections, 6)}${lpad(r.requestsPerSecond.toFixed(0), 9)}` +
        `${lpad(r.latency.p50, 7)}${lpad(r.latency.p90, 7)}${lpad(r.latency.p99, 7)}` +
        `${lpad(r.ratio === null ? "—" : r.ratio.toFixed(2), 7)}` +
        `${lpad(r.serverCpuMsPerRequest === null ? "—" : r.serverCpuMsPerRequest.toFixed(2), 9)}` +
        `${lpad(r.cpuRatio === null ? "—" : r.cpuRatio.toFixed(2), 10)}${lpad(`${Math.round(r.eventLoopUtilization * 100)}%`, 6)}` +
        `${lpad(r.non2xx + r.errors, 8)}  ${verdict(r.pass)}`,
    );
  }
  lines.push(
    "  latencies in ms; ratio = req/s ÷ req/s of /healthz at the same connections (the budgeted figure);",
    "  cpu/req = server CPU ms per request; cpu ratio = cpu/req of /healthz ÷ cpu/req of the route (what the ratio",
    "  tends to when the server has a core to itself); loop = event-loop utilization during the run",
  );
  for (const page of absent.filter((p) => p.id === "search")) lines.push(absentLine({ ...page, label: "listing" }));
  return lines;
}
