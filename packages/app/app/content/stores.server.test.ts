import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTemplateFile } from "../../tests/support/databases";
import { type Database, openDatabase } from "../server/db/client.server";
import { stores } from "../server/db/schema.server";
import { siteContent } from "./fixtures.server";
import { KeptStores, keepStores, listStores } from "./stores.server";

let database: Database;
let stopWatching: () => Promise<void>;
const kept = new KeptStores();

beforeAll(async () => {
  database = await openDatabase({ url: "memory://", dataDir: "./unused", memoryTemplate: await pgliteTemplateFile() });
  if (!database.onStoresChange) throw new Error("PGlite offers store notifications");
  stopWatching = await database.onStoresChange(() => kept.changed());
  keepStores(database.db, kept);
}, 60_000);

afterAll(async () => {
  await stopWatching?.();
  await database?.close();
});

describe("stores kept between requests on PGlite", () => {
  it("are read once, then answered from memory until a write to stores, which the next read sees", async () => {
    const [dealer] = siteContent().dealers;
    if (!dealer) throw new Error("no dealer fixture");
    // An empty table: the fixture profiles stand in, and the answer is kept.
    const fallback = await listStores(database.db);
    expect(fallback.map((s) => s.id)).toEqual(expect.arrayContaining([dealer.id]));
    expect(await listStores(database.db)).toBe(fallback);

    await database.db.insert(stores).values({ id: dealer.id, name: dealer.name, profile: dealer });
    const seeded = await listStores(database.db);
    expect(seeded).not.toBe(fallback);
    expect(seeded.map((s) => s.id)).toEqual([dealer.id]);
    expect(await listStores(database.db)).toBe(seeded);

    await database.db
      .update(stores)
      .set({ profile: { ...dealer, name: "Confluence Motors Renamed" } })
      .where(eq(stores.id, dealer.id));
    const renamed = await listStores(database.db);
    expect(renamed[0]?.dealer.name).toBe("Confluence Motors Renamed");

    await database.db.delete(stores);
    expect((await listStores(database.db)).map((s) => s.id)).toEqual(fallback.map((s) => s.id));
  });

  it("a read that began before a write never keeps what it read", () => {
    const cache = new KeptStores();
    const generation = cache.begin();
    cache.changed();
    cache.settle(generation, []);
    expect(cache.get()).toBeUndefined();
    cache.settle(cache.begin(), []);
    expect(cache.get()).toEqual([]);
  });
});
