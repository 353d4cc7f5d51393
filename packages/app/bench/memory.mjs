// Resident memory of the site as operators run it: `npm start`'s command, read from package.json, in a child process
// started on the bench's copy of the build. For each start: RSS 15 s after it says it serves and its peak so far
// (VmHWM), then RSS after 10 s of uncached pages; each process of a cluster on its own (ADR 364).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import postgres from "postgres";
import { loadGenerator } from "./load.mjs";
import { memoryOf, processTree } from "./proc.mjs";
import { detailPathsIn } from "./server.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const IDLE_SECONDS = 15;
const LOAD_SECONDS = 10;
const LOAD_CONNECTIONS = 10;

/** The Node arguments of `npm start` (`node <arguments>`); refuses a script the bench could not start the same way. */
export function startArguments(script) {
  const words = script.trim().split(/\s+/);
  if (words[0] !== "node" || words.length < 2 || words.some((word) => /[;&|<>$`'"\\()]/.test(word))) {
    throw new Error(`npm start runs "${script}", not plain "node …": the memory step cannot start it the same way`);
  }
  return words.slice(1);
}

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  return port;
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** Whether `pid` is the process that makes feed photos (ADR 410), from its command line. */
function isPhotoProcess(pid) {
  return commandLine(pid).includes("photo-maker");
}

/** Whether `pid` is the short-lived process that unpacks a new data directory (ADR 428), from its command line. */
function isUnpackProcess(pid) {
  return commandLine(pid).includes("loadDataDir");
}

/**
 * Each process of the tree under `pid`, its role (single, primary, worker; photos for the child that makes feed
 * photos while there are some to make; unpack for the one that unpacks a new data directory) and its memory now.
 */
function readTree(pid) {
  const pids = processTree(pid);
  const photos = new Set(pids.filter(isPhotoProcess));
  const unpack = new Set(pids.filter(isUnpackProcess));
  const servers = pids.filter((p) => !photos.has(p) && !unpack.has(p));
  const roleOf = (p) =>
    photos.has(p)
      ? "photos"
      : unpack.has(p)
        ? "unpack"
        : servers.length === 1
          ? "single"
          : p === pid
            ? "primary"
            : "worker";
  return pids.map((p) => ({ pid: p, role: roleOf(p), ...memoryOf(p) }));
}

/** Runs `node <args>` in `cwd`; `ready` resolves to the URL of its "Showroom is serving <url>" line. */
function startLikeNpm({ cwd, args, env, timeoutMs = 300_000 }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", () => {
      const line = output.match(/Showroom is serving (\S+)/);
      if (line) resolve(line[1]);
    });
    child.once("exit", (code, signal) => reject(new Error(`exited (${signal ?? code}) before serving:\n${output}`)));
    setTimeout(() => reject(new Error(`not serving after ${timeoutMs / 1000} s:\n${output}`)), timeoutMs).unref();
  });
  return { child, ready };
}

/** SIGTERM, as an operator stops it; SIGKILL when it has not closed its database within 30 s. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A database of its own on the PostgreSQL server at `adminUrl`, dropped by `drop()`. */
async function throwawayDatabase(adminUrl) {
  const name = `showroom_bench_${randomBytes(6).toString("hex")}`;
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql.unsafe(`create database ${name}`);
  } catch (error) {
    await sql.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}

/** One start: its peak while starting, RSS when idle, RSS after uncached load; then stopped. */
async function measureStart({ label, root, args, env, generator, log }) {
  log(`  memory: ${label}…`);
  const began = performance.now();
  const { child, ready } = startLikeNpm({ cwd: root, args, env });
  // VmHWM only grows, but a process that exits takes its own with it: a cluster worker that died while starting
  // keeps the last figure read here.
  const peaks = new Map();
  // A photo process that has exited by the idle reading keeps the role it was seen with.
  const roles = new Map();
  const sample = () => {
    for (const { pid, peak, role } of readTree(child.pid)) {
      if (peak) peaks.set(pid, peak);
      // A child read as it exits has an empty command line: the role it was first seen with stands.
      if (!roles.has(pid) || role === "photos" || role === "unpack") roles.set(pid, role);
    }
  };
  const sampler = setInterval(sample, 200);
  try {
    const url = await ready;
    const readyMs = performance.now() - began;
    // The start's peak is read with the idle figure: what a start sets going once it serves belongs to the start.
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    sample();
    clearInterval(sampler);
    const idle = readTree(child.pid);
    // Home, the listing and its first vehicle, with a query the HTML cache does not key by: each request a render.
    const listing = await (await fetch(`${url}/cars-for-sale`)).text();
    const paths = ["/", "/cars-for-sale", ...detailPathsIn(listing, url).slice(0, 1)].map((p) => `${p}?bench=uncached`);
    const load = await generator.run(url, LOAD_CONNECTIONS, LOAD_SECONDS, paths);
    const loaded = readTree(child.pid);
    const processes = [...new Set([...peaks.keys(), ...idle.map((p) => p.pid)])].map((pid) => {
      const before = idle.find((p) => p.pid === pid);
      const after = loaded.find((p) => p.pid === pid);
      return {
        pid,
        role: before?.role ?? after?.role ?? roles.get(pid) ?? "exited",
        startPeakBytes: peaks.get(pid) ?? null,
        idleRssBytes: before?.rss ?? null,
        idleAnonBytes: before?.anon ?? null,
        afterLoadRssBytes: after?.rss ?? null,
        peakAfterLoadBytes: after?.peak ?? null,
      };
    });
    return {
      label,
      readyMs: Math.round(readyMs),
      processes,
      load: { paths, requests: load.requestsTotal, failed: load.non2xx + load.errors + load.timeouts },
    };
  } finally {
    clearInterval(sampler);
    await stop(child);
  }
}

/**
 * The memory step. `snapshotRoot` is the bench's copy of the build (build/ and drizzle/): start.mjs and the script it
 * imports are copied beside them, and ensure-build.mjs there must find the build current, or start.mjs would rebuild.
 * PGlite: a first start in a fresh DATA_DIR (it migrates and seeds) and a second on the same data; PostgreSQL, when
 * `postgresUrl` answers: the same in a throw-away database, with `processes` processes (WEB_CONCURRENCY).
 */
export async function measureMemory({ snapshotRoot, postgresUrl, processes = 1, log }) {
  const { scripts } = JSON.parse(readFileSync(join(appDir, "package.json"), "utf8"));
  const args = startArguments(scripts.start);
  for (const file of ["start.mjs", "scripts/ensure-build.mjs"]) {
    mkdirSync(dirname(join(snapshotRoot, file)), { recursive: true });
    cpSync(join(appDir, file), join(snapshotRoot, file));
  }
  // Copied files carry the time of the copy, drizzle/ after build/: ensure-build.mjs would take the build for older
  // than its migrations. Nothing else it compares with is in the copy.
  const now = new Date();
  utimesSync(join(snapshotRoot, "build/server/index.js"), now, now);
  const { buildIsStale } = await import(pathToFileURL(join(snapshotRoot, "scripts/ensure-build.mjs")).href);
  if (buildIsStale()) throw new Error(`ensure-build.mjs finds sources beside ${snapshotRoot}: it would rebuild there`);

  const result = {
    command: `node ${args.join(" ")}`,
    idleSeconds: IDLE_SECONDS,
    loadSeconds: LOAD_SECONDS,
    loadConnections: LOAD_CONNECTIONS,
    loadAverageAtStart: loadavg()[0],
    runs: [],
    notes: [],
  };
  const generator = loadGenerator();
  // The same secrets for both starts on one database: the second must read what the first sealed (ADR 308).
  const secrets = { DATA_KEY: randomBytes(32).toString("base64"), SESSION_SECRET: randomBytes(32).toString("hex") };
  const env = async (dataDir, extra) => {
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    delete inherited.WEB_CONCURRENCY;
    return {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...secrets,
      ...extra,
    };
  };
  const twoStarts = async (database, extra) => {
    const dataDir = mkdtempSync(join(tmpdir(), "showroom-bench-memory-"));
    try {
      for (const start of ["first start (seeds)", "second start"]) {
        const label = `${database}, ${start}`;
        result.runs.push(
          await measureStart({ label, root: snapshotRoot, args, env: await env(dataDir, extra), generator, log }),
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    await twoStarts("PGlite", {});
    if (!postgresUrl) result.notes.push("PostgreSQL not measured: no --postgres-url");
    else {
      let database;
      try {
        database = await throwawayDatabase(postgresUrl);
      } catch (error) {
        result.notes.push(`PostgreSQL not measured: ${error.message} (${postgresUrl})`);
      }
      if (database) {
        try {
          const cluster = processes > 1 ? ` × ${processes}` : "";
          await twoStarts(`PostgreSQL${cluster}`, { DATABASE_URL: database.url, WEB_CONCURRENCY: String(processes) });
        } finally {
          await database.drop();
        }
      }
    }
  } finally {
    generator.close();
  }
  result.loadAverageAtEnd = loadavg()[0];
  return result;
}
