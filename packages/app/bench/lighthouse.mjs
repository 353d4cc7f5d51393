// Lighthouse mobile for each page: N runs, each in a fresh child process with a fresh Chromium profile, reported as
// the per-category median. Lighthouse is found outside the repository until it becomes a devDependency.
import { fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, medianIndex } from "./stats.mjs";

const CHILD = fileURLToPath(new URL("./lighthouse-child.mjs", import.meta.url));
const RUN_TIMEOUT_MS = 180_000;

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const CATEGORY_LABELS = { performance: "perf", accessibility: "a11y", "best-practices": "best", seo: "seo" };
/** Budget of issues 5 and 6: performance ≥ 98, the other three 100. */
export const LIGHTHOUSE_BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

/** The flags the issue fixes; chrome-launcher adds its own defaults (a temp profile, no default apps…). */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Where Lighthouse is: `dir` (a folder holding node_modules/lighthouse, or the package folder itself), then
 * LIGHTHOUSE_DIR, then the app's own dependencies. Returns the entry files or null.
 */
export function locateLighthouse(dir = process.env.LIGHTHOUSE_DIR) {
  const candidates = [];
  if (dir)
    candidates.push(join(resolve(dir), "node_modules/lighthouse/package.json"), join(resolve(dir), "package.json"));
  try {
    candidates.push(createRequire(import.meta.url).resolve("lighthouse/package.json"));
  } catch {
    // Not a dependency of the app (yet).
  }
  for (const pkgJson of candidates) {
    if (!existsSync(pkgJson)) continue;
    const pkg = JSON.parse(readFileSync(pkgJson, "utf8"));
    if (pkg.name !== "lighthouse") continue;
    const root = dirname(pkgJson);
    const chromeLauncherEntry = createRequire(pkgJson).resolve("chrome-launcher");
    return { version: pkg.version, root, entry: join(root, pkg.main ?? "core/index.js"), chromeLauncherEntry };
  }
  return null;
}

function runOnce({ url, lighthouse, chromePath, reportPath, settings }) {
  const input = JSON.stringify({
    url,
    lighthouseEntry: lighthouse.entry,
    chromeLauncherEntry: lighthouse.chromeLauncherEntry,
    chromePath,
    chromeFlags: CHROME_FLAGS,
    reportPath,
    settings,
  });
  return new Promise((resolvePromise, reject) => {
    const child = fork(CHILD, [input], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
    let stderr = "";
    let answer;
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("message", (message) => {
      answer = message;
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) return resolvePromise(answer.summary);
      const why = answer?.error ?? (signal ? `killed by ${signal}` : `exited with ${code}`);
      reject(new Error(`Lighthouse run on ${url} failed: ${why}\n${stderr.trim().slice(-2000)}`));
    });
  });
}

/**
 * Runs Lighthouse `runs` times on each page and keeps, per category, the median score and the losing audits of the
 * run that scored that median (so the titles shown explain the number shown).
 */
export async function lighthousePages({ pages, runs, lighthouse, chromePath, reportsDir, log, settings }) {
  const results = [];
  for (const page of pages) {
    const summaries = [];
    const retries = [];
    for (let run = 1; run <= runs; run++) {
      log(`  Lighthouse ${page.label} run ${run}/${runs}…`);
      const reportPath = reportsDir ? join(reportsDir, `${page.id}-${run}.json`) : undefined;
      let summary = await runOnce({ url: page.url, lighthouse, chromePath, reportPath, settings });
      // Lighthouse's own flakes (NO_NAVSTART, NO_FCP on a busy machine) say "run again": a run without scores
      // would drag the median, so it is repeated, twice at most, and counted.
      for (let retry = 1; retry <= 2 && (summary.runtimeError || summary.categories.performance === null); retry++) {
        log(`  Lighthouse ${page.label} run ${run}: ${summary.runtimeError ?? "no performance score"}; again`);
        retries.push({ page: page.label, run, error: summary.runtimeError });
        summary = await runOnce({ url: page.url, lighthouse, chromePath, reportPath, settings });
      }
      summaries.push(summary);
    }
    const scores = {};
    const losing = {};
    const pass = {};
    for (const id of CATEGORIES) {
      scores[id] = median(summaries.map((s) => s.categories[id]));
      const at = medianIndex(summaries, (s) => s.categories[id] ?? -1);
      losing[id] = summaries[at]?.losing[id] ?? [];
      pass[id] = scores[id] >= LIGHTHOUSE_BUDGET[id];
      // A page that must not be indexed (a shopper's own offer) loses "is-crawlable" by design; anything else it loses
      // still fails it.
      if (id === "seo" && page.noindex) pass[id] = losing[id].every((audit) => audit.id === "is-crawlable");
    }
    const metrics = {};
    for (const key of Object.keys(summaries[0].metrics)) metrics[key] = median(summaries.map((s) => s.metrics[key]));
    results.push({
      page: page.label,
      path: page.path,
      scores,
      pass,
      passAll: CATEGORIES.every((id) => pass[id]),
      metrics,
      benchmarkIndex: median(summaries.map((s) => s.benchmarkIndex)),
      losing,
      runs: summaries.map((s) => ({ categories: s.categories, metrics: s.metrics, benchmarkIndex: s.benchmarkIndex })),
      runWarnings: [
        ...new Set([
          ...summaries.flatMap((s) => s.runWarnings),
          ...summaries.map((s) => s.runtimeError).filter(Boolean),
        ]),
      ],
      retries,
      lighthouseVersion: summaries[0].lighthouseVersion,
      userAgent: summaries[0].userAgent,
    });
  }
  return results;
}
