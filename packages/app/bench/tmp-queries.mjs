process.env.NODE_ENV = "production";
const { PGlite } = await import("@electric-sql/pglite");
const seen = [];
for (const name of ["query", "exec"]) {
  const orig = PGlite.prototype[name];
  PGlite.prototype[name] = function (sql, ...rest) { if (globalThis.__log) seen.push(`${name}: ${String(sql).replace(/\s+/g, " ").slice(0, 160)}`); return orig.call(this, sql, ...rest); };
}
const { snapshotBuild } = await import("./build-snapshot.mjs");
const { startBenchServer, detailPathsIn } = await import("./server.mjs");
const snapshot = snapshotBuild({ build: false, log: () => {} });
const server = await startBenchServer({ serverEntry: snapshot.serverEntry, databaseUrl: undefined, log: () => {} });
const listing = await (await fetch(server.url + "/cars-for-sale")).text();
const detail = detailPathsIn(listing, server.url)[0];
for (const path of ["/?bench=uncached", "/cars-for-sale?bench=uncached", `${detail}?bench=uncached`, "/healthz"]) {
  await fetch(server.url + path);
  seen.length = 0; globalThis.__log = true;
  await (await fetch(server.url + path, { headers: { "accept-encoding": "gzip" } })).text();
  globalThis.__log = false;
  console.log(`== ${path}: ${seen.length} queries`); for (const q of seen) console.log("  ", q);
}
await server.close(); snapshot.remove();
