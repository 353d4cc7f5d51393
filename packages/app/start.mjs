#!/usr/bin/env node
// `npm start`: builds the site if needed, then serves it until SIGTERM/SIGINT, which close the database first.
// WEB_CONCURRENCY=n (n > 1, PostgreSQL only) runs n processes sharing the port through node:cluster (ADR 251).
// While it serves, DATA_DIR/showroom.pid holds the pid to signal (`kill -HUP $(cat DATA_DIR/showroom.pid)`).
// `npm start` runs it as `node --max-semi-space-size=4 --expose-gc start.mjs`: on a large host V8 lets the young
// generation grow to about 170 MB that an idle site never gives back (ADR 325), and `gc` is how a quiet site gives back
// the heap a start or a burst of pages left (ADR 432); run it that way.
import cluster from "node:cluster";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { join } from "node:path";
import { ensureBuild, serverBuild } from "./scripts/ensure-build.mjs";

// The server bundle's compiled code is kept on disk (Node's compile cache, in the temporary folder), so each start
// after the first, each WEB_CONCURRENCY process and each restart compiles it from the cache (docs/decisions/444).
enableCompileCache();

// React and Express pick their production code paths from NODE_ENV; unset, `npm start` would render with React's
// development build at a fraction of the speed.
process.env.NODE_ENV ??= "production";

const processes = Number(process.env.WEB_CONCURRENCY ?? "1");
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(
    `Invalid configuration:\n  WEB_CONCURRENCY: must be a whole number from 1 to 64, not "${process.env.WEB_CONCURRENCY}"`,
  );
  process.exit(1);
}

if (cluster.isPrimary && processes > 1) await primary(processes);
else await serve();

/** One server process: the whole site on one port. In a cluster it reports to the primary instead of printing. */
async function serve() {
  if (cluster.isPrimary) ensureBuild();
  const { start } = await import(serverBuild);
  let running;
  let stopAsked = false;
  const stop = () =>
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  // Listening before start() resolves: the relay and the HTTP server are already at work inside it, and a signal then
  // must still close the database (PGlite's files, the outbox's leases), not end the process where it stands.
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      if (running) stop();
      else stopAsked = true;
    });
  }
  try {
    running = await start();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (stopAsked) {
    stop();
    return;
  }
  const line = `Showroom is serving ${running.url} (${running.database.kind} database; lead mail: ${running.mail})`;
  if (cluster.isWorker) process.send?.({ ready: line });
  else {
    writePidFile(running.config.DATA_DIR);
    console.log(line);
  }
  // SIGHUP reloads the analyst's offer rules (OFFER_RULES_DIR); a bad folder keeps the last good rules and says why.
  process.on("SIGHUP", () => {
    running.reloadOfferRules().catch((error) => console.error(error));
  });
}

/**
 * The cluster's primary: forks `count` servers (they share the port), prints the one ready line when all serve,
 * forwards SIGHUP, replaces a server that dies (giving up when five die within a minute), and on SIGTERM/SIGINT
 * stops them all and exits once they have closed their databases.
 */
async function primary(count) {
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
    console.error(
      "WEB_CONCURRENCY > 1 needs DATABASE_URL=postgres://…: the embedded database allows one process per data directory.",
    );
    process.exit(1);
  }
  ensureBuild();
  // Checked once here, not by every process forked: a bad setting would otherwise crash each in turn (ADR 308).
  const { checkConfiguration } = await import(serverBuild);
  let config;
  try {
    config = await checkConfiguration();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  writePidFile(config.DATA_DIR);
  let stopping = false;
  /** Set when the primary gives up on its servers: the exit that follows must say the start failed. */
  let failed = false;
  const deaths = [];
  let ready = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (!message?.ready) return;
      ready += 1;
      if (ready === count) console.log(message.ready.replace(" (", ` (${count} processes; `));
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
    if (deaths.length >= 5) {
      console.error("Five server processes died within a minute; stopping.");
      stopping = true;
      failed = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    console.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  process.on("SIGHUP", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGHUP");
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill("SIGTERM");
    });
  }
}

/**
 * Writes this process's pid to DATA_DIR/showroom.pid, for `kill -HUP $(cat …)`, and removes it when this process
 * exits, unless another start has since written its own pid there. A SIGKILL leaves it behind: the pid it names is
 * then dead, and the next start overwrites it.
 */
function writePidFile(dataDir) {
  const path = join(dataDir, "showroom.pid");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(path, `${process.pid}\n`, { mode: 0o644 });
  process.on("exit", () => {
    try {
      if (readFileSync(path, "utf8").trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  });
}
