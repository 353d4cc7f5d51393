// npm run bench -w packages/app [-- --runs 3 --seconds 10 --warmup 5 --connections 10,50
//   --skip lighthouse,js,ssr,reference,memory --pages home,financing,pre-approval,full-credit
//   --lighthouse <dir> --database-url memory:// --vehicles 10000 --wait-for-idle 120 --no-build
//   --tracking --rounds 3 --reference <reference app folder> --postgres-url postgres://… --processes 2
//   --out bench/results.json]
// The budgets of issues 5 and 6, measured on the production build: Lighthouse mobile, first-load JS per route and
// SSR throughput against the minimal route; then issue 27's uncached pages against a default React Router app and the
// resident memory of `npm start` on both databases. Prints a table, writes the figures as JSON, and exits 1 when a
// budget is missed or a required page is absent. Method and reasons: docs/decisions/120-benchmarks-method.md and 364.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { snapshotBuild } from "./build-snapshot.mjs";
import { firstLoadJs } from "./first-load-js.mjs";
import { lighthousePages, locateLighthouse } from "./lighthouse.mjs";
import { measureThroughput } from "./load.mjs";
import { measureMemory } from "./memory.mjs";
import {
  buildReferenceApp,
  interleavedRounds,
  REFERENCE_LISTING,
  referenceFirstLoadJs,
  startReferenceApp,
  summariseRounds,
} from "./reference.mjs";
import {
  firstLoadTable,
  JS_BUDGET_KB,
  lighthouseTable,
  memoryTable,
  referenceTable,
  throughputTable,
} from "./report.mjs";
import { countRows, discoverPages, everyDetailPath, startBenchServer } from "./server.mjs";
import { kB } from "./stats.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));

const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "10,50" },
    skip: { type: "string", default: "" },
    /** Only these page ids (home, contact, search, detail, financing, pre-approval, full-credit…); all by default. */
    pages: { type: "string", default: "" },
    build: { type: "boolean", default: true },
    lighthouse: { type: "string" },
    "database-url": { type: "string" },
    vehicles: { type: "string", default: "0" },
    "wait-for-idle": { type: "string", default: "120" },
    out: { type: "string", default: join(appDir, "bench/results.json") },
    /**
     * Tracking configured and consented: the server gets a Google tag id, Lighthouse's browser sends "Accept all"
     * in its cookies, so the consent runtime, the tracker chunk and the tracking calls are all measured. Google's own
     * script is blocked (no network here): what is measured is this site's code.
     */
    tracking: { type: "boolean", default: false },
    /** Interleaved rounds of the uncached pages against the reference app (`--skip reference`: no install, no rounds). */
    rounds: { type: "string", default: "3" },
    // The reference app lives beside the repository, not in it: the operator names its folder (a clone must stand
    // alone, so no path outside the repository is written here).
    reference: { type: "string", default: process.env.REFERENCE_APP_DIR ?? "" },
    /** Where the memory step creates (and drops) a database of its own; "" leaves PostgreSQL out. */
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    /** WEB_CONCURRENCY of the memory step's PostgreSQL starts: each process of the cluster is reported. */
    processes: { type: "string", default: "1" },
  },
});
const runs = Math.max(1, Number(opts.runs));
const seconds = Math.max(1, Number(opts.seconds));
const warmupSeconds = Math.max(1, Number(opts.warmup));
const connections = opts.connections
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const skip = new Set(opts.skip.split(",").filter(Boolean));
const waitForIdleSeconds = Math.max(0, Number(opts["wait-for-idle"]));
const log = (line) => console.error(line);

// React (and anything else reading it at import time) picks its production build from NODE_ENV; the figures are
// for production, whatever the shell had.
const nodeEnvGiven = process.env.NODE_ENV;
process.env.NODE_ENV = "production";

/**
 * Lighthouse multiplies the main-thread time it observes by 4 and req/s shares the two cores with everything else,
 * so a busy machine moves both. Waits (up to the limit) for the 1-minute load average to drop to half the cores.
 */
async function waitForIdle(step) {
  const threshold = cpus().length / 2;
  const began = Date.now();
  if (loadavg()[0] <= threshold || waitForIdleSeconds === 0) return { waitedSeconds: 0, load: loadavg()[0] };
  log(
    `  waiting up to ${waitForIdleSeconds} s for the machine to quiet down before ${step} (load ${loadavg()[0].toFixed(2)})…`,
  );
  while (loadavg()[0] > threshold && Date.now() - began < waitForIdleSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 5000));
  }
  const load = loadavg()[0];
  if (load > threshold) log(`  still busy (load ${load.toFixed(2)}); measuring anyway, figures will be pessimistic`);
  return { waitedSeconds: Math.round((Date.now() - began) / 1000), load };
}

function versionOf(command) {
  try {
    return execFileSync(command, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: appDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `Node ${process.versions.node}: run through \`npm run bench -w packages/app\` (Node 24; Lighthouse needs ≥ 22.19).`,
  );
  process.exit(2);
}

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const machine = {
  node: process.versions.node,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  chromium: existsSync(chromePath) ? versionOf(chromePath) : null,
  commit: gitCommit(),
  loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  nodeEnvGiven: nodeEnvGiven ?? null,
};
const started = new Date();
log(`Showroom benchmarks · Node ${machine.node} · ${machine.cores} × ${machine.cpu}`);
if (machine.loadAverageAtStart[0] > 0.5) {
  log(
    `  note: the 1-minute load average is ${machine.loadAverageAtStart[0]}; other work on this machine skews the figures`,
  );
}

const extraVehicles = Math.max(0, Math.floor(Number(opts.vehicles)));
log(opts.build ? "Building for production and snapshotting build/…" : "Snapshotting build/…");
const snapshot = snapshotBuild({ build: opts.build, log });
const { clientDir } = snapshot;
const server = await startBenchServer({
  serverEntry: snapshot.serverEntry,
  databaseUrl: opts["database-url"],
  extraVehicles,
  log,
  env: opts.tracking ? { GA_MEASUREMENT_ID: "G-BENCH00000" } : {},
}).catch((error) => {
  snapshot.remove();
  throw error;
});
const failures = [];
const results = {
  started: started.toISOString(),
  machine,
  options: { runs, seconds, warmupSeconds, connections, waitForIdleSeconds, extraVehicles, tracking: opts.tracking },
  idle: {},
};
try {
  const vehicles = await countRows(server.database, "vehicles");
  const stores = await countRows(server.database, "stores");
  results.server = { kind: server.database.kind, bootMs: Math.round(server.bootMs), stores, vehicles };
  log(
    `Server ${server.url}: ${server.database.kind}, booted in ${(server.bootMs / 1000).toFixed(1)} s, ` +
      `${stores ?? "?"} stores, ${vehicles ?? "?"} vehicles`,
  );
  if (!vehicles)
    log("  note: no vehicles in the database: the fixture seed did not run; inventory pages will be empty");

  const only = new Set(opts.pages.split(",").filter(Boolean));
  const discovered = await discoverPages(server.url, server.dataDir);
  const pages = only.size === 0 ? discovered.pages : discovered.pages.filter((p) => only.has(p.id));
  const absent = only.size === 0 ? discovered.absent : discovered.absent.filter((p) => only.has(p.id));
  results.pages = pages.map(({ id, path, vehicleCards }) => ({ id, path, vehicleCards }));
  results.absent = absent;
  for (const page of absent.filter((p) => p.required)) failures.push(`${page.path} is missing (HTTP ${page.status})`);
  const tables = [];

  if (!skip.has("js")) {
    const rows = pages.map((page) => {
      const measured = firstLoadJs(page.html, clientDir);
      const pass = kB(measured.gzip) <= JS_BUDGET_KB;
      if (!pass) failures.push(`first-load JS of ${page.path}: ${kB(measured.gzip)} kB > ${JS_BUDGET_KB}`);
      return { page: page.label, path: page.path, pass, ...measured };
    });
    results.firstLoadJs = rows.map((r) => ({ ...r, gzipKB: kB(r.gzip) }));
    tables.push(firstLoadTable({ rows, absent }));
  }

  if (!skip.has("lighthouse")) {
    const lighthouse = locateLighthouse(opts.lighthouse);
    if (!existsSync(chromePath)) {
      failures.push(
        `Lighthouse not run: no Chromium at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH)`,
      );
    } else if (!lighthouse) {
      failures.push(
        "Lighthouse not run: not found (install it: mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && " +
          "npm install lighthouse@13, then LIGHTHOUSE_DIR=/tmp/lh or --lighthouse /tmp/lh)",
      );
    } else {
      const reportsDir = mkdtempSync(join(tmpdir(), "showroom-lighthouse-"));
      log(`Lighthouse ${lighthouse.version} (${lighthouse.root}); full reports in ${reportsDir}`);
      results.idle.lighthouse = await waitForIdle("Lighthouse");
      const lh = await lighthousePages({
        pages,
        runs,
        lighthouse,
        chromePath,
        reportsDir,
        log,
        ...(opts.tracking
          ? {
              settings: {
                extraHeaders: {
                  Cookie: "displayCookies=hide; allowCookies=essential%2Cfunctional%2Canalytics%2Ctargeting",
                },
                blockedUrlPatterns: ["*googletagmanager.com*"],
              },
            }
          : {}),
      });
      for (const r of lh.filter((x) => !x.passAll)) failures.push(`Lighthouse ${r.path} below budget`);
      results.lighthouse = { version: lighthouse.version, reportsDir, results: lh };
      tables.push(lighthouseTable({ results: lh, absent, runs }));
    }
  }

  const search = pages.find((p) => p.id === "search");
  const detail = pages.find((p) => p.id === "detail");
  // A query parameter the HTML cache does not key by (docs/decisions/252) makes every request a render, as a new filter
  // combination or an ad click is.
  const uncached = (path) => `${path}${path.includes("?") ? "&" : "?"}bench=uncached`;
  const pagesMeasured = [
    { id: "home", label: "home", path: "/" },
    ...(search ? [{ id: "listing", label: "listing", path: search.path, listing: true }] : []),
    ...(detail ? [{ id: "detail", label: "detail", path: detail.path }] : []),
  ];

  if (!skip.has("ssr")) {
    // Each page twice: as the HTML cache answers it, and rendered for every request.
    const targets = [
      { id: "minimal", label: "minimal", path: "/healthz", minimal: true },
      ...pagesMeasured.flatMap((t) => [
        t,
        { ...t, id: `${t.id}-uncached`, label: `${t.label} ✗c`, path: uncached(t.path), uncached: true },
      ]),
    ];
    log("SSR throughput…");
    results.idle.ssr = await waitForIdle("the load test");
    const rows = await measureThroughput({ baseUrl: server.url, targets, connections, seconds, warmupSeconds, log });
    for (const r of rows.filter((x) => !x.pass)) failures.push(`SSR ${r.path} at ${r.connections} connections`);
    results.ssr = { rows, listingVehicleCards: search?.vehicleCards ?? null };
    const table = throughputTable({ rows, seconds, absent });
    if (search) table.push(`  listing ${search.path} shows ${search.vehicleCards} vehicle links`);
    tables.push(table);
  }

  if (skip.has("reference")) results.reference = { skipped: "--skip reference (it costs an npm ci)" };
  else if (!opts.reference) {
    results.reference = {
      skipped:
        "no reference app named: pass --reference <its folder> or set REFERENCE_APP_DIR (it is not in the repository)",
    };
  } else if (!existsSync(opts.reference)) results.reference = { error: `no reference app at ${opts.reference}` };
  else {
    let built;
    let app;
    try {
      built = buildReferenceApp({ sourceDir: opts.reference, log });
      app = await startReferenceApp({ dir: built.dir });
      const ours = { url: server.url, pid: process.pid };
      // The honest case beside the one vehicle page: every car in turn, none of whose rows the site still keeps.
      const everyCar = (await everyDetailPath(server.url)).map(uncached);
      const targets = [
        ...pagesMeasured.map((t) => ({ id: t.id, label: `${t.label} ✗c`, path: uncached(t.path), server: ours })),
        ...(everyCar.length > 0
          ? [{ id: "detail-every", label: "all cars ✗c", path: everyCar[0], paths: everyCar, server: ours }]
          : []),
        { id: "reference", label: "reference", path: REFERENCE_LISTING, server: app },
      ];
      results.idle.reference = await waitForIdle("the reference rounds");
      const rounds = Math.max(1, Number(opts.rounds));
      const measured = { rounds, seconds, connections: connections[0] ?? 10 };
      const runsDone = await interleavedRounds({ targets, ...measured, warmupSeconds, log });
      const rows = summariseRounds(runsDone, "reference").map((row) => {
        const { label, path, paths } = targets.find((t) => t.id === row.target);
        return { ...row, label, path: paths ? `${paths.length} vehicle pages in turn` : path };
      });
      const firstLoad = await referenceFirstLoadJs({ url: app.url, dir: built.dir });
      results.reference = { ...measured, rows, runs: runsDone, firstLoadJs: firstLoad };
    } catch (error) {
      log(`  reference app not measured: ${error.message}`);
      results.reference = { error: error.message };
    } finally {
      await app?.close();
      built?.remove();
    }
  }
  tables.push(referenceTable(results.reference));

  if (skip.has("memory")) results.memory = { skipped: "--skip memory" };
  else {
    try {
      results.memory = await measureMemory({
        snapshotRoot: snapshot.root,
        postgresUrl: opts["postgres-url"],
        processes: Math.max(1, Math.floor(Number(opts.processes))),
        log,
      });
    } catch (error) {
      log(`  memory not measured: ${error.message}`);
      results.memory = { error: error.message };
    }
  }
  tables.push(memoryTable(results.memory));

  results.loadAverageAtEnd = loadavg().map((n) => Math.round(n * 100) / 100);
  results.failures = failures;
  const order = ["1.", "2.", "3.", "4.", "5."];
  tables.sort((a, b) => order.indexOf(a[0].slice(0, 2)) - order.indexOf(b[0].slice(0, 2)));
  console.log("");
  console.log(
    `Showroom benchmarks ${started.toISOString()} · commit ${machine.commit?.slice(0, 9) ?? "?"} · Node ${machine.node} · ` +
      `${machine.chromium ?? "no Chromium"} · ${machine.cores} × ${machine.cpu}`,
  );
  console.log(
    `Server: production build in-process, ${server.database.kind}, ${stores ?? "?"} stores, ${vehicles ?? "?"} vehicles; ` +
      `load average ${machine.loadAverageAtStart.join(" ")} → ${results.loadAverageAtEnd.join(" ")}`,
  );
  for (const table of tables) console.log(`\n${table.join("\n")}`);
  console.log(
    `\n${failures.length ? `Over budget or missing:\n${failures.map((f) => `  - ${f}`).join("\n")}` : "All budgets met."}`,
  );
} finally {
  await server.close();
  snapshot.remove();
  const out = resolve(opts.out);
  mkdirSync(join(out, ".."), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`Results written to ${out}`);
}
process.exit(failures.length ? 1 : 0);
