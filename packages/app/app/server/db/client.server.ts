import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { makeDataDirPrivate } from "./data-dir.server";
import { lockDataDir } from "./lock.server";
import { schema } from "./schema.server";

/** Either driver behind one type: everything above this module speaks drizzle's Postgres dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * PGlite only, where this process is the only writer: calls `listener` whenever a statement wrote vehicles (the
   * trigger's notification arrives before the writer's query returns). Resolves to an unsubscribe function.
   * PostgreSQL has other writers (the import command, other instances), so it offers none (docs/decisions/156).
   */
  onInventoryChange?(listener: () => void): Promise<() => Promise<void>>;
  /** The same for writes to stores (docs/decisions/299). */
  onStoresChange?(listener: () => void): Promise<() => Promise<void>>;
  /**
   * Both databases: calls `listener` after a transaction that wrote vehicles commits, whichever process wrote it (the
   * trigger's `pg_notify`), so this process can index an import before a shopper asks (docs/decisions/361). On
   * PostgreSQL it listens on a connection of its own; a notice sent while that connection is down is lost, so the
   * notice only starts work early and readers still compare versions. Resolves to an unsubscribe function.
   */
  onInventoryNotice?(listener: () => void): Promise<() => Promise<void>>;
}

/**
 * PGlite's settings for a site (ADR 325): PostgreSQL's default 128 MB of shared buffers lived in the process's memory
 * as soon as queries touched them, while the site keeps what pages read in its own caches; 16 MB holds the fixtures'
 * tables and indexes.
 */
export const PGLITE_OPTIONS = { postgresqlconf: ["shared_buffers=16MB"] } satisfies PGliteOptions;

let baselineWasm = false;
const WASM_BASELINE_FLAGS = ["--liftoff-only", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering"];

/**
 * Compiles WebAssembly with V8's baseline compiler only, before the first PGlite starts (ADR 325). By default V8
 * recompiles PostgreSQL's hot functions with its optimising compiler in the background: 90–340 MB of resident memory
 * and more CPU than it saves, for queries that measured 8 % faster once warm. The flags are read when a module
 * compiles, so they are set before the first one, once per process.
 */
export function compileWasmWithBaselineOnly(): void {
  if (baselineWasm) return;
  baselineWasm = true;
  for (const flag of WASM_BASELINE_FLAGS) setFlagsFromString(flag);
}

const INVENTORY_CHANNEL = "inventory_version";
const STORES_CHANNEL = "stores";

/** Where the committed migrations live, from the source tree or from the built server. */
export function migrationsFolder(): string {
  const env = process.env.SHOWROOM_MIGRATIONS_DIR;
  if (env) return resolve(env);
  // Source: app/server/db → ../../../drizzle. Built: the package holding build/server (the bundler may place this
  // code in build/server or in a chunk below it).
  const here = fileURLToPath(new URL(".", import.meta.url));
  const built = builtPackageRoot(here);
  return built ? join(built, "drizzle") : resolve(here, "../../../drizzle");
}

/** The package folder of a built server file (…/build/server/… → …), or null for a source file. */
export function builtPackageRoot(fileDir: string): string | null {
  const marker = `${sep}${join("build", "server")}${sep}`;
  const at = `${fileDir}${sep}`.lastIndexOf(marker);
  return at === -1 ? null : fileDir.slice(0, at);
}

/** Where `npm run build` writes the empty cluster a new data directory starts from (scripts/cluster-template.mjs). */
const BUILT_CLUSTER = join("build", "pglite-cluster.tar.gz");

/**
 * The empty cluster the build wrote beside the server (ADR 326), or null from the source tree or a build without it:
 * a new data directory then runs PGlite's initdb, a second WebAssembly instance beside the database's own.
 */
function builtClusterTemplate(): string | null {
  const built = builtPackageRoot(fileURLToPath(new URL(".", import.meta.url)));
  const file = built ? join(built, BUILT_CLUSTER) : null;
  return file && existsSync(file) ? file : null;
}

export interface OpenOptions {
  /** `postgres://…`, `memory://`, or undefined for PGlite in `dataDir`. */
  url?: string | undefined;
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** `memory://` only: a PGlite data directory tarball to start from (MEMORY_DATABASE_TEMPLATE). */
  memoryTemplate?: string | undefined;
  /**
   * A data directory only: the cluster a new one starts from instead of running initdb; default the build's
   * ({@link builtClusterTemplate}). An existing cluster never reads it.
   */
  clusterTemplate?: string | null;
  /** The migrations to apply; default {@link migrationsFolder}. */
  migrationsFolder?: string;
}

/**
 * The session-level advisory lock every process takes on PostgreSQL before migrating: two processes starting on a
 * fresh database would otherwise both see no migrations applied and both run CREATE TABLE (ADR 308). Any fixed
 * number would do; this one is the eight ASCII bytes of "SHOWROOM" read as a bigint.
 */
const MIGRATION_LOCK = "6001133739932864333";

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * What the database said about a failed migration. Drizzle's error names the whole statement (the schema, hundreds of
 * lines) and keeps the database's own message only as its cause; the message is what an operator needs.
 */
function migrationFailure(error: unknown): MigrationError {
  let said: unknown = error;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    said = cause;
    if ("severity" in cause || ("code" in cause && typeof cause.code === "string" && /^[0-9A-Z]{5}$/.test(cause.code)))
      break;
  }
  const found = said instanceof Error ? said : new Error(String(said));
  const code = "code" in found && typeof found.code === "string" ? ` (SQLSTATE ${found.code})` : "";
  const detail = "detail" in found && typeof found.detail === "string" && found.detail ? `: ${found.detail}` : "";
  return new MigrationError(`Migrating the database failed: ${found.message}${code}${detail}`, { cause: error });
}

async function migrated(migrate: () => Promise<void>): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    throw migrationFailure(error);
  }
}

/**
 * Applies the migrations on PostgreSQL under {@link MIGRATION_LOCK}, on a connection of its own: the lock belongs to
 * that session, and ending it releases the lock even when the unlock cannot be sent.
 */
async function migratePostgresOnce(url: string, folder: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrated(() => migratePostgres(drizzlePostgres(client), { migrationsFolder: folder }));
    await client.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * The template's bytes, or an error that names the setting and the file. A Blob backed by the file: PGlite reads it
 * once, where `new Blob([readFileSync(path)])` read the 42 MB tarball and then copied it, a quarter of a test server's
 * start (docs/decisions/445).
 */
async function readTemplate(path: string): Promise<Blob> {
  try {
    // openAsBlob's own error names no reason (ENOENT, EACCES); stat's does.
    statSync(path);
    return await openAsBlob(path);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "unreadable";
    throw new Error(`MEMORY_DATABASE_TEMPLATE: cannot read ${path} (${reason})`);
  }
}

/** Opens the database, applies pending migrations, and returns it with a close that releases every resource. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = options.migrationsFolder ?? migrationsFolder();
  if (options.url?.startsWith("postgres")) {
    await migratePostgresOnce(options.url, folder);
    const client = postgres(options.url, { max: options.poolSize ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      close: () => client.end({ timeout: 5 }),
      async onInventoryNotice(listener) {
        const { unlisten } = await client.listen(INVENTORY_CHANNEL, () => listener());
        return unlisten;
      },
    };
  }
  if (options.url === "memory://") {
    compileWasmWithBaselineOnly();
    const client = new PGlite({
      ...PGLITE_OPTIONS,
      ...(options.memoryTemplate ? { loadDataDir: await readTemplate(options.memoryTemplate) } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    try {
      await migrated(() => migratePglite(db as never, { migrationsFolder: folder }));
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db,
      kind: "pglite",
      close: () => client.close(),
      onInventoryChange: (listener) => client.listen(INVENTORY_CHANNEL, listener),
      onStoresChange: (listener) => client.listen(STORES_CHANNEL, listener),
      onInventoryNotice: (listener) => client.listen(INVENTORY_CHANNEL, listener),
    };
  }
  makeDataDirPrivate(options.dataDir);
  const lock = lockDataDir(options.dataDir);
  try {
    const path = join(options.dataDir, "pgdata");
    mkdirSync(path, { recursive: true });
    compileWasmWithBaselineOnly();
    const fresh = !existsSync(join(path, "PG_VERSION"));
    const template = !fresh
      ? null
      : options.clusterTemplate === undefined
        ? builtClusterTemplate()
        : options.clusterTemplate;
    const client = template ? await fromTemplate(path, template) : new PGlite(path, PGLITE_OPTIONS);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    try {
      await migrated(() => migratePglite(db as never, { migrationsFolder: folder }));
    } catch (error) {
      await client.close();
      throw error;
    }
    // PGlite sets its files' modes itself (0666): the private directory shields them, and they are made 0600 again
    // after opening, on close, and by the server's housekeeping.
    makeDataDirPrivate(options.dataDir);
    return {
      db,
      kind: "pglite",
      onInventoryChange: (listener) => client.listen(INVENTORY_CHANNEL, listener),
      onStoresChange: (listener) => client.listen(STORES_CHANNEL, listener),
      onInventoryNotice: (listener) => client.listen(INVENTORY_CHANNEL, listener),
      async close() {
        try {
          await client.close();
          makeDataDirPrivate(options.dataDir);
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * A new data directory started from the build's empty cluster (ADR 326). The cluster is unpacked by a short-lived
 * process of its own (ADR 428): unpacked here, the tarball passed through this process's memory and left about 60 MB
 * resident for as long as the site ran. It is unpacked beside `path` and moved into place only once whole, so a start
 * that stops half way leaves no half cluster to be taken for a database; a template that cannot be read stops this
 * start with the file named.
 */
async function fromTemplate(path: string, template: string): Promise<PGlite> {
  const parent = dirname(path);
  for (const name of readdirSync(parent)) {
    if (name.startsWith(UNPACKING)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const unpacking = mkdtempSync(join(parent, UNPACKING));
  let client: PGlite | undefined;
  try {
    await unpackTemplate(unpacking, template);
    rmSync(path, { recursive: true, force: true });
    renameSync(unpacking, path);
    client = new PGlite(path, PGLITE_OPTIONS);
    await client.waitReady;
    return client;
  } catch (error) {
    await client?.close().catch(() => {});
    rmSync(unpacking, { recursive: true, force: true });
    rmSync(path, { recursive: true, force: true });
    mkdirSync(path, { recursive: true });
    const unreadable = error instanceof TemplateUnreadable;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The database could not start from ${template} (${reason})${unreadable ? "; run `npm run build` again" : ""}`,
      { cause: error },
    );
  }
}

/** The prefix of the folder a new cluster is unpacked into, beside `pgdata`. */
const UNPACKING = "pgdata.unpacking-";

/** The child says the tarball could not be read: a build to make again, unlike a child that could not run. */
class TemplateUnreadable extends Error {}

/** How long the unpacking may take (about a second here) before the start gives up on it. */
const UNPACK_TIMEOUT_MS = 120_000;

// The child's whole program: the PGlite this process would run, opening the data directory from the tarball, then
// closing it. Its arguments: PGlite's module URL, the data directory, the tarball, PGlite's options as JSON. What went
// wrong is its last line, as JSON. It ends when this process does (its stdin closes), so it never writes on alone.
const UNPACK_PROGRAM = `
process.stdin.on("close", () => process.exit(2));
process.stdin.resume();
const [moduleUrl, path, template, options] = process.argv.slice(1);
try {
  const { PGlite } = await import(moduleUrl);
  const { readFileSync } = await import("node:fs");
  const client = new PGlite(path, { ...JSON.parse(options), loadDataDir: new Blob([readFileSync(template)]) });
  await client.waitReady;
  await client.close();
  process.exit(0);
} catch (error) {
  process.stderr.write("\\n" + JSON.stringify({ message: String(error?.message ?? error) }) + "\\n");
  process.exit(1);
}
`;

/** Unpacks `template` into the empty folder `path` in a child process, rejecting with the child's reason. */
function unpackTemplate(path: string, template: string): Promise<void> {
  const moduleUrl = import.meta.resolve("@electric-sql/pglite");
  const child = spawn(
    process.execPath,
    [
      ...WASM_BASELINE_FLAGS,
      "--input-type=module",
      "-e",
      UNPACK_PROGRAM,
      moduleUrl,
      path,
      template,
      JSON.stringify(PGLITE_OPTIONS),
    ],
    { stdio: ["pipe", "ignore", "pipe"] },
  );
  // The last 16 KB it printed: its reason comes last.
  let printed = "";
  child.stderr.on("data", (chunk: Buffer) => {
    printed = (printed + chunk.toString("utf8")).slice(-16_384);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), UNPACK_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      child.stdin.destroy();
      if (code === 0) return resolve();
      const last = printed.trim().split("\n").at(-1) ?? "";
      let message: string | undefined;
      try {
        message = (JSON.parse(last) as { message?: unknown }).message as string | undefined;
      } catch {}
      if (code === 1 && typeof message === "string") return reject(new TemplateUnreadable(message));
      reject(
        new Error(
          signal === "SIGKILL"
            ? `the unpacking process was stopped after ${UNPACK_TIMEOUT_MS / 1000} s or killed`
            : `the unpacking process ended with ${signal ?? `exit code ${code}`}`,
        ),
      );
    });
  });
}
