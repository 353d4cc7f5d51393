import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteTemplateFile } from "../../../tests/support/databases";
import { builtPackageRoot, type Database, MigrationError, migrationsFolder, openDatabase } from "./client.server";
import { openDatabaseForCommand } from "./command.server";
import { DataDirLockedError } from "./lock.server";
import { stores } from "./schema.server";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("database", () => {
  it("a data directory opened by one process refuses a second opener (a command is told to stop the server) until closed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-db-"));
    dirs.push(dir);
    const first: Database = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    // A command-line tool gets null and one sentence on what to do, not the error.
    const said: string[] = [];
    expect(await openDatabaseForCommand({ DATABASE_URL: undefined, DATA_DIR: dir }, (m) => said.push(m))).toBeNull();
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("stop it, then run this again");
    await first.db.insert(stores).values({ id: "s1", name: "Store", profile: {} });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(stores);
    expect(rows.map((r) => r.id)).toEqual(["s1"]);
    await second.close();
  }, 60_000);

  it("migrations create every table on an empty memory database", async () => {
    const { db, close } = await openDatabase({ url: "memory://", dataDir: "unused" });
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["stores", "vehicles", "visitors", "leads", "outbox", "rate_limits"]));
    await close();
  }, 60_000);

  it("a memory database starts from MEMORY_DATABASE_TEMPLATE's rows, gets the migrations it lacks, and changes no template", async () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-template-"));
    dirs.push(dir);
    const dump = async (client: PGlite, name: string) => {
      const path = join(dir, name);
      await client.waitReady;
      writeFileSync(path, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
      await client.close();
      return path;
    };
    // An empty cluster, before any migration: opening it applies all of them.
    const empty = await dump(new PGlite(), "empty.tar");
    const fromEmpty = await openDatabase({ url: "memory://", dataDir: "unused", memoryTemplate: empty });
    expect(await fromEmpty.db.select().from(stores)).toEqual([]);
    await fromEmpty.db.execute(sql`select count(*) from leads`);
    await fromEmpty.close();
    // A migrated cluster with a row: the row is there, and what one database writes the next does not see.
    const client = new PGlite();
    await migrate(drizzle(client) as never, { migrationsFolder: migrationsFolder() });
    await client.exec(`insert into stores (id, name, profile) values ('kept', 'Kept Store', '{}')`);
    const seeded = await dump(client, "seeded.tar");
    const before = readFileSync(seeded);
    const first = await openDatabase({ url: "memory://", dataDir: "unused", memoryTemplate: seeded });
    expect((await first.db.select().from(stores)).map((r) => r.id)).toEqual(["kept"]);
    await first.db.insert(stores).values({ id: "new", name: "New", profile: {} });
    await first.close();
    expect(readFileSync(seeded).equals(before)).toBe(true);
    const second = await openDatabase({ url: "memory://", dataDir: "unused", memoryTemplate: seeded });
    expect((await second.db.select().from(stores)).map((r) => r.id)).toEqual(["kept"]);
    await second.close();
  }, 60_000);

  it("a MEMORY_DATABASE_TEMPLATE that cannot be read stops the start with the setting and the file named", async () => {
    const missing = join(tmpdir(), "showroom-no-such-template.tar");
    await expect(openDatabase({ url: "memory://", dataDir: "unused", memoryTemplate: missing })).rejects.toThrow(
      `MEMORY_DATABASE_TEMPLATE: cannot read ${missing} (ENOENT)`,
    );
  });
});

describe("builtPackageRoot", () => {
  const app = join(sep, "srv", "showroom", "packages", "app");
  it("finds the package of a built server file in build/server or in any chunk folder below it", () => {
    expect(builtPackageRoot(join(app, "build", "server"))).toBe(app);
    expect(builtPackageRoot(join(app, "build", "server", "assets"))).toBe(app);
  });
  it("says null for a source file", () => {
    expect(builtPackageRoot(join(app, "app", "server", "db"))).toBeNull();
    expect(builtPackageRoot(join(app, "server"))).toBeNull();
  });
});

describe("onInventoryChange (PGlite)", () => {
  it("reports a write to vehicles before the writing statement returns, and nothing else", async () => {
    const database = await openDatabase({ url: "memory://", dataDir: "", memoryTemplate: await pgliteTemplateFile() });
    try {
      let changes = 0;
      const stop = await database.onInventoryChange?.(() => {
        changes += 1;
      });
      expect(stop).toBeTypeOf("function");
      await database.db.execute(sql`select count(*) from vehicles`);
      await database.db.execute(sql`delete from rate_limits`);
      expect(changes).toBe(0);
      await database.db.execute(sql`delete from vehicles`);
      expect(changes).toBe(1);
      await stop?.();
      await database.db.execute(sql`delete from vehicles`);
      expect(changes).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe("migration journal", () => {
  // Drizzle applies only migrations newer than the last one a database has: a timestamp out of order is skipped
  // on every database that already ran its predecessor.
  it("timestamps rise with the index and each snapshot names the one before it", () => {
    const folder = migrationsFolder();
    const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    let previous: { when: number; id: string } | null = null;
    for (const entry of journal.entries) {
      const tag = entry.tag.slice(0, 4);
      const snapshot = JSON.parse(readFileSync(join(folder, `meta/${tag}_snapshot.json`), "utf8")) as {
        id: string;
        prevId: string;
      };
      if (previous) {
        expect(entry.when, entry.tag).toBeGreaterThan(previous.when);
        expect(snapshot.prevId, entry.tag).toBe(previous.id);
      }
      previous = { when: entry.when, id: snapshot.id };
    }
    expect(journal.entries.length).toBeGreaterThan(10);
  });
});

/** A migrations folder of one migration that creates a table, then reads one that does not exist. */
function brokenMigrations(): string {
  const folder = mkdtempSync(join(tmpdir(), "showroom-broken-migrations-"));
  dirs.push(folder);
  mkdirSync(join(folder, "meta"));
  writeFileSync(
    join(folder, "meta/_journal.json"),
    JSON.stringify({
      version: "7",
      dialect: "postgresql",
      entries: [{ idx: 0, version: "7", when: 1_795_292_334_017, tag: "0000_broken", breakpoints: true }],
    }),
  );
  writeFileSync(
    join(folder, "0000_broken.sql"),
    'CREATE TABLE "kept_out" ("id" integer PRIMARY KEY);\n--> statement-breakpoint\nSELECT * FROM "no_such_table";\n',
  );
  return folder;
}

/** A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server, dropped by `drop`. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `showroom_race_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await again.end({ timeout: 5 });
      }
    },
  };
}

/** A failed migration's error carries the database's own words and code, never the statement it ran. */
function expectDatabaseMessage(error: unknown): void {
  expect(error).toBeInstanceOf(MigrationError);
  const message = (error as Error).message;
  expect(message).toContain('relation "no_such_table" does not exist');
  expect(message).toContain("42P01");
  expect(message).not.toMatch(/Failed query|CREATE TABLE|SELECT/);
}

describe("a migration that fails", () => {
  it("on PGlite, stops the open with the database's own message, not the statement", async () => {
    const failing = openDatabase({ url: "memory://", dataDir: "unused", migrationsFolder: brokenMigrations() });
    const error = await failing.then(
      () => null,
      (e: unknown) => e,
    );
    expectDatabaseMessage(error);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, stops the open with PostgreSQL's message, not the statement, and leaves nothing half made",
    async () => {
      const fresh = await freshPostgres();
      try {
        const error = await openDatabase({
          url: fresh.url,
          dataDir: "unused",
          migrationsFolder: brokenMigrations(),
        }).then(
          () => null,
          (e: unknown) => e,
        );
        expectDatabaseMessage(error);
        const check = postgres(fresh.url, { max: 1, onnotice: () => {} });
        try {
          const [row] = await check`select to_regclass('public.kept_out') as kept`;
          expect(row?.kept).toBeNull();
        } finally {
          await check.end({ timeout: 5 });
        }
      } finally {
        await fresh.drop();
      }
    },
    60_000,
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)("processes starting at once on a fresh PostgreSQL database", () => {
  it("three opening together all succeed, and each migration is applied once", async () => {
    // Four tries: the race this guards against lost 4 of 4 before migrations took the advisory lock.
    for (let attempt = 0; attempt < 4; attempt++) {
      const fresh = await freshPostgres();
      const opened: Database[] = [];
      try {
        const results = await Promise.allSettled(
          Array.from({ length: 3 }, () => openDatabase({ url: fresh.url, dataDir: "unused", poolSize: 2 })),
        );
        for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
        const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
        expect(failures, `attempt ${attempt}`).toEqual([]);
        const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
          entries: unknown[];
        };
        const applied = await opened[0]?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { n: number }[])[0]?.n, `attempt ${attempt}`).toBe(journal.entries.length);
        await opened[1]?.db.select().from(stores);
      } finally {
        await Promise.allSettled(opened.map((d) => d.close()));
        await fresh.drop();
      }
    }
  }, 120_000);
});
