#!/usr/bin/env node
// Writes the empty PostgreSQL cluster a new PGlite data directory starts from (ADR 326): PGlite's initdb runs as a
// second WebAssembly instance beside the database's own, and a first start that ran it peaked at 2.4 × the idle
// memory. Made here, at build time, with the PGlite the server runs; `npm run build` and `ensureBuild` call it after
// React Router's build. Usage: node scripts/cluster-template.mjs [output file] (default build/pglite-cluster.tar.gz).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const CLUSTER_TEMPLATE = "build/pglite-cluster.tar.gz";

const appDir = fileURLToPath(new URL("..", import.meta.url));

/** Runs initdb in memory and writes the cluster as a gzipped tarball, atomically (a reader never sees half a file). */
export async function writeClusterTemplate(output = resolve(appDir, CLUSTER_TEMPLATE)) {
  const pg = new PGlite();
  try {
    await pg.waitReady;
    const tarball = await pg.dumpDataDir("gzip");
    mkdirSync(dirname(output), { recursive: true });
    const partial = `${output}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, output);
  } finally {
    await pg.close();
  }
  return output;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await writeClusterTemplate(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`PGlite cluster template: ${written}`);
}
