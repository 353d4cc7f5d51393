// Test databases: PGlite in memory always, and a fresh PostgreSQL database per suite when TEST_DATABASE_URL is set.
// Each suite opens its database once and empties every table before each test.
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  compileWasmWithBaselineOnly,
  type Database,
  type Db,
  migrationsFolder,
  openDatabase,
  PGLITE_OPTIONS,
} from "../../app/server/db/client.server";
import { rowsOf } from "../../app/server/db/rows";
import { schema } from "../../app/server/db/schema.server";

export type TestDatabaseKind = "pglite" | "postgres";

/** The databases this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase extends Database {
  /** `memory://` or the URL of this suite's own PostgreSQL database. */
  readonly url: string;
  /**
   * Another handle on the same data, as a second server instance would have: a new connection pool on PostgreSQL;
   * on PGlite, which has one connection, this same database (its close does nothing).
   */
  connectAgain(options?: { poolSize?: number }): Promise<Database>;
  /** Empties every table of the public schema (sequences restarted); migrations stay applied. */
  truncate(): Promise<void>;
  /** Closes every handle and, on PostgreSQL, drops the suite's database. */
  dispose(): Promise<void>;
}

export { rowsOf };

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

// How every cluster is made (ADR 451): the build's script, so imported by its file.
const CLUSTER_SCRIPT = fileURLToPath(new URL("../../scripts/cluster-template.mjs", import.meta.url));
const { newCluster } = (await import(pathToFileURL(CLUSTER_SCRIPT).href)) as { newCluster(): Promise<PGlite> };

/** Names the migrated template: it changes with any migration file, with how a cluster is made and with PGlite. */
function templateKey(folder: string): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(folder)) hash.update(file.slice(folder.length)).update(readFileSync(file));
  hash.update(readFileSync(CLUSTER_SCRIPT));
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  hash.update(pglite).update(String(statSync(pglite).mtimeMs));
  return hash.digest("hex").slice(0, 16);
}

async function migrated(client: PGlite, folder: string): Promise<Db> {
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: folder });
  return db;
}

/** `showroom-pglite-template-<checkout>-<migrations>.tar`: the checkout and the key of its migrations. */
const TEMPLATE_NAME = /^showroom-pglite-template-([0-9a-f]+)-([0-9a-f]+)\.tar$/;

/**
 * The checkout a template belongs to, by the real path of its migrations: worktrees, clones and CI jobs share one
 * temporary directory, and each sweeps only its own older templates, never another's in use (ADR 417).
 */
export function checkoutTag(folder: string): string {
  return createHash("sha256").update(realpathSync(folder)).digest("hex").slice(0, 12);
}

/** The file name of a checkout's template of one set of migrations (`templateKey`). */
export function templateFileName(checkout: string, key: string): string {
  return `showroom-pglite-template-${checkout}-${key}.tar`;
}

/** Removes from `dir` the templates of `template`'s checkout other than it: earlier migrations', 15 MB each. */
export function removeOlderTemplates(dir: string, template: string): void {
  const name = basename(template);
  const checkout = TEMPLATE_NAME.exec(name)?.[1];
  if (!checkout) return;
  for (const other of readdirSync(dir)) {
    if (other !== name && TEMPLATE_NAME.exec(other)?.[1] === checkout) rmSync(join(dir, other), { force: true });
  }
}

/**
 * Puts the whole template written at `temporary` in place at `template`, unless another process put one there first:
 * that one stays, since a server may be reading it through a Blob backed by the file, which fails once the file
 * changes (docs/decisions/445). Linked, not renamed over it; `temporary` is removed either way.
 */
export function publishTemplate(temporary: string, template: string): void {
  try {
    linkSync(temporary, template);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function templatePath(): string {
  const folder = migrationsFolder();
  return join(tmpdir(), templateFileName(checkoutTag(folder), templateKey(folder)));
}

let templateBlob: { path: string; blob: Blob } | undefined;

/**
 * A migrated, empty PGlite data directory as a tarball. A new PGlite runs initdb, 3 to 10 s on a busy machine;
 * loading this takes half a second. The first caller of a run writes it to the temporary directory (atomically, keyed
 * by the migrations), later ones read it. Whoever opens it still applies migrations, so a stale one cannot hide any.
 */
async function pgliteTemplate(): Promise<Blob> {
  for (let attempt = 1; ; attempt++) {
    const template = await pgliteTemplateFile();
    // Kept for the worker's later databases: the tarball is 16 MB (42 before ADR 451), and reading it into a new Blob
    // each time was a fifth of a database's opening. PGlite only reads the Blob.
    if (templateBlob?.path === template) return templateBlob.blob;
    try {
      templateBlob = { path: template, blob: new Blob([readFileSync(template)]) };
      return templateBlob.blob;
    } catch (error) {
      // Removed by a run that wrote a newer template between the two steps: make it again, once.
      if (attempt > 1) throw error;
    }
  }
}

/**
 * The path of the migrated template (see {@link pgliteTemplate}), written first when missing: what a server started
 * by a test takes as MEMORY_DATABASE_TEMPLATE, and a test opening the site's own `memory://` database as its
 * `memoryTemplate`, so the database skips initdb.
 */
export async function pgliteTemplateFile(): Promise<string> {
  const template = templatePath();
  if (existsSync(template)) return template;
  compileWasmWithBaselineOnly();
  const client = await newCluster();
  await migrated(client, migrationsFolder());
  await client.query("checkpoint");
  const dump = await client.dumpDataDir("none");
  await client.close();
  const temporary = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  publishTemplate(temporary, template);
  removeOlderTemplates(tmpdir(), template);
  return template;
}

/**
 * A test server's environment with the migrated template its `memory://` database starts from (half a second instead
 * of initdb's two or three): unchanged when it names another database or a template of its own.
 */
export async function withMemoryTemplate<T extends Record<string, string>>(env: T): Promise<T> {
  if (env.DATABASE_URL !== "memory://" || env.MEMORY_DATABASE_TEMPLATE) return env;
  return { ...env, MEMORY_DATABASE_TEMPLATE: await pgliteTemplateFile() };
}

async function openPgliteMemory(): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      // The engine and settings the site runs PGlite with (ADR 325).
      compileWasmWithBaselineOnly();
      const client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate() });
      const db = await migrated(client, migrationsFolder());
      // As the server's database tells it of imports (the trigger's channel, migration 0005).
      const onInventoryNotice = (listener: () => void) => client.listen("inventory_version", listener);
      return { db, kind: "pglite", close: () => client.close(), onInventoryNotice };
    } catch (error) {
      // A template that does not load is made again once; a second failure is a real one.
      if (attempt > 1) throw error;
      rmSync(templatePath(), { force: true });
      templateBlob = undefined;
    }
  }
}

/**
 * Fills `<dataDir>/pgdata` (where `openDatabase` keeps the embedded database) with a migrated, empty database, so a
 * server or CLI started on `dataDir` in a test skips initdb. Does nothing when the directory already holds one.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const path = join(dataDir, "pgdata");
  if (existsSync(join(path, "PG_VERSION"))) return;
  mkdirSync(path, { recursive: true });
  compileWasmWithBaselineOnly();
  const client = new PGlite(path, { loadDataDir: await pgliteTemplate() });
  await client.waitReady;
  await client.close();
}

async function truncateAll(db: Db): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((row) => `"public"."${row.tablename.replaceAll('"', '""')}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/** Opens a migrated, empty database of `kind` for one suite. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openPgliteMemory();
    return {
      ...database,
      url: "memory://",
      connectAgain: async () => ({ db: database.db, kind: "pglite", close: async () => {} }),
      truncate: () => truncateAll(database.db),
      dispose: () => database.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set: PostgreSQL tests need a server to create databases on");
  const name = `showroom_test_${randomBytes(6).toString("hex")}`;
  const onAdmin = async (statement: string) => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(statement);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  const drop = () => onAdmin(`drop database if exists "${name}" with (force)`);
  await onAdmin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const others: Database[] = [];
  let database: Database;
  try {
    database = await openDatabase({ url: url.toString(), dataDir: "unused" });
  } catch (error) {
    // A migration that fails must not leave a database behind on the shared server.
    await drop();
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async connectAgain(options) {
      const other = await openDatabase({ url: url.toString(), dataDir: "unused", poolSize: options?.poolSize ?? 10 });
      others.push(other);
      return other;
    },
    truncate: () => truncateAll(database.db),
    async dispose() {
      await Promise.allSettled([database.close(), ...others.map((o) => o.close())]);
      await drop();
    },
  };
}

export interface TestDatabaseHandle {
  /** The suite's database; valid inside tests and hooks that run after the suite's beforeAll. */
  readonly database: TestDatabase;
  readonly db: Db;
}

/**
 * Gives the enclosing `describe` one database of `kind`: opened in beforeAll, emptied before each test (unless
 * `truncate: false`), disposed in afterAll.
 */
export function useTestDatabase(kind: TestDatabaseKind, options: { truncate?: boolean } = {}): TestDatabaseHandle {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind);
  });
  if (options.truncate !== false) {
    beforeEach(async () => {
      await current?.truncate();
    });
  }
  afterAll(async () => {
    await current?.dispose();
    current = undefined;
  });
  const get = (): TestDatabase => {
    if (!current) throw new Error("The test database is used before its suite's beforeAll ran");
    return current;
  };
  return {
    get database() {
      return get();
    },
    get db() {
      return get().db;
    },
  };
}
