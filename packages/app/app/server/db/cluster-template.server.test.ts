import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteTemplateFile, seedPgliteDataDir } from "../../../tests/support/databases";
import { openDatabase } from "./client.server";
import { stores } from "./schema.server";

// The build step itself, as `npm run build` runs it (a script, so imported by its file).
const { writeClusterTemplate } = (await import(
  pathToFileURL(join(import.meta.dirname, "../../../scripts/cluster-template.mjs")).href
)) as { writeClusterTemplate(output: string): Promise<string> };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `showroom-${name}-`));
  dirs.push(dir);
  return dir;
}

async function tableNames(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
}

describe("a new PGlite data directory starts from the build's empty cluster (ADR 326)", () => {
  it("the cluster the build writes opens as a new data directory, migrated, and reopens as an existing one", async () => {
    const template = await writeClusterTemplate(join(tempDir("cluster"), "pglite-cluster.tar.gz"));
    const dataDir = tempDir("data");
    const first = await openDatabase({ dataDir, clusterTemplate: template });
    // Unpacked beside pgdata and moved into place whole: nothing is left beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pgdata."))).toEqual([]);
    expect(await tableNames(first.db)).toEqual(expect.arrayContaining(["stores", "vehicles", "leads", "outbox"]));
    await first.db.insert(stores).values({ id: "s1", name: "Store", profile: {} });
    await first.close();
    const second = await openDatabase({ dataDir, clusterTemplate: template });
    expect((await second.db.select().from(stores)).map((r) => r.id)).toEqual(["s1"]);
    await second.close();
  }, 60_000);

  it("only a new data directory reads the template: an existing cluster keeps its own tables", async () => {
    // A cluster with a table of its own tells whether a database came from it.
    const marked = new PGlite();
    await marked.exec("create table came_from_template (id int)");
    const template = join(tempDir("marked"), "marked.tar.gz");
    writeFileSync(template, Buffer.from(await (await marked.dumpDataDir("gzip")).arrayBuffer()));
    await marked.close();

    const fromTemplate = tempDir("data");
    const opened = await openDatabase({ dataDir: fromTemplate, clusterTemplate: template });
    expect(await tableNames(opened.db)).toContain("came_from_template");
    await opened.close();

    // An existing cluster, made as the tests make one (from their migrated template, not initdb).
    const existing = tempDir("data");
    await seedPgliteDataDir(existing);
    const reopened = await openDatabase({ dataDir: existing, clusterTemplate: template });
    expect(await tableNames(reopened.db)).not.toContain("came_from_template");
    await reopened.close();
  }, 60_000);

  it("a template PGlite cannot read stops the start with the file named and leaves the directory empty for the next", async () => {
    const broken = join(tempDir("broken"), "pglite-cluster.tar.gz");
    writeFileSync(broken, "not a tarball");
    const dataDir = tempDir("data");
    const refused = await openDatabase({ dataDir, clusterTemplate: broken }).then(
      () => null,
      (error: Error) => error.message,
    );
    // The reason is what the unpacking process said of the file, not how that process ended.
    expect(refused?.startsWith(`The database could not start from ${broken} (`)).toBe(true);
    expect(refused).not.toMatch(/unpacking process/);
    expect(refused).toMatch(/; run `npm run build` again$/);
    expect(readdirSync(join(dataDir, "pgdata"))).toEqual([]);
    // Nor anything it unpacked beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pgdata."))).toEqual([]);
    // The data directory's lock was released: the next start (with a template it can read) opens it.
    const next = await openDatabase({ dataDir, clusterTemplate: await pgliteTemplateFile() });
    expect(existsSync(join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
    await next.close();
  }, 60_000);
});
