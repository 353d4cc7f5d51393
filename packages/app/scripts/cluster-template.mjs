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

/**
 * A new, empty cluster in memory, as every cluster this project makes starts (ADR 451): its WAL in segments of 1 MB
 * instead of 16, and without the template databases, which only CREATE DATABASE reads and nothing here runs. A
 * tarball of it is 15 MB instead of 40, and a PGlite loads it in two thirds of the CPU.
 */
export async function newCluster() {
  const pg = new PGlite({ initDbStartParams: ["--wal-segsize=1"] });
  try {
    await pg.query("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
    await pg.query("drop database template0");
    await pg.query("drop database template1");
    await pg.query("checkpoint");
    return pg;
  } catch (error) {
    await pg.close();
    throw error;
  }
}

/** Makes a new cluster and writes it as a gzipped tarball, atomically (a reader never sees half a file). */
export async function writeClusterTemplate(output = resolve(appDir, CLUSTER_TEMPLATE)) {
  const pg = await newCluster();
  try {
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
