// The search index rebuilt beside the one in use (docs/decisions/361). A gate between a rebuild's build and its swap
// makes every moment of it a state the test holds, so nothing here waits on a clock: a search during the rebuild must
// answer from the previous inventory (a search that waited for the rebuild would never return while the gate is shut).
import { randomUUID } from "node:crypto";
import type { SearchCriteria } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rowsOf, testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import type { Db } from "../db/client.server";
import { parseJsonFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";
import { seedGeneratedInventory } from "./inventory.test-support";
import { searchVehicles } from "./search.server";
import {
  beforeInventorySwap,
  indexedInventoryVersion,
  inventoryChanged,
  inventoryIndexCaughtUp,
  inventoryVersionOf,
  readAvailableInventory,
  stopInventoryIndex,
} from "./snapshot.server";

const everything: SearchCriteria = {
  sort: "priceLow",
  page: 1,
  fuel: [],
  transmission: [],
  exteriorColor: [],
  drivetrain: [],
};

/** A promise and its resolve and reject, to hold a rebuild at its gate and to learn that it got there. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The VINs a search lists: every available vehicle of the index it answered from (the seeds stay under 100). */
async function listed(db: Db): Promise<{ total: number; vins: Set<string> }> {
  const result = await searchVehicles(db, { criteria: everything, privateUnlocked: true, pages: 10 });
  return { total: result.total, vins: new Set(result.vehicles.map((v) => v.vin)) };
}

type FeedRow = Record<string, unknown> & { vin: string };

describe.each(testDatabaseKinds())("the search index rebuilt beside the one in use on %s", (kind) => {
  const t = useTestDatabase(kind);
  let removeGate: (() => void) | undefined;

  afterEach(() => {
    removeGate?.();
    removeGate = undefined;
    vi.restoreAllMocks();
  });

  /** Seeds 30 vehicles, all at brentwood, and builds the first index; returns the feed. */
  async function seeded(): Promise<FeedRow[]> {
    const feed = (await seedGeneratedInventory(t.db, { count: 30, seed: 11, privateShare: 0 })) as FeedRow[];
    await inventoryIndexCaughtUp(t.db);
    return feed;
  }

  /** A full feed of brentwood without its first car and with one new car: a dealer's next export. */
  async function importChange(feed: FeedRow[], db: Db = t.db): Promise<{ sold: string; added: string }> {
    const brentwood = feed.filter((_, i) => i % 7 !== 0);
    const [gone, ...kept] = brentwood;
    const added = { ...(kept[0] as FeedRow), vin: "1HGCM82633A004352", stockNumber: `NEW-${randomUUID().slice(0, 6)}` };
    const summary = await importFeed(db, "brentwood", parseJsonFeed([...kept, added]));
    expect(summary).toMatchObject({ applied: true, added: 1, sold: 1 });
    return { sold: (gone as FeedRow).vin, added: added.vin };
  }

  it("a search during a rebuild answers from the previous inventory, never empty and never blocked; after the swap the new inventory answers", async () => {
    const feed = await seeded();
    const before = await listed(t.db);
    expect(before.total).toBe(30);
    const gate = deferred();
    const built = deferred<string | null>();
    removeGate = beforeInventorySwap(t.db, (version) => {
      built.resolve(version);
      return gate.promise;
    });

    const { sold, added } = await importChange(feed);
    // The first search after the import: the previous inventory, at once, and the rebuild starts behind it.
    const during = await listed(t.db);
    expect(during).toEqual(before);
    expect(during.vins.has(sold)).toBe(true);
    expect(during.vins.has(added)).toBe(false);
    // The rebuild got as far as its swap while that search had long answered; searches still answer from before.
    const builtVersion = await built.promise;
    expect(builtVersion).toBe(await inventoryVersionOf(t.db));
    expect(indexedInventoryVersion(t.db)).not.toBe(builtVersion);
    const stillDuring = await Promise.all([listed(t.db), listed(t.db), listed(t.db)]);
    for (const answer of stillDuring) expect(answer).toEqual(before);

    gate.resolve();
    await inventoryIndexCaughtUp(t.db);
    const after = await listed(t.db);
    expect(after.total).toBe(30);
    expect(after.vins.has(sold)).toBe(false);
    expect(after.vins.has(added)).toBe(true);
    expect(indexedInventoryVersion(t.db)).toBe(builtVersion);
  });

  it("the database's notice of an import another connection committed starts the rebuild before any search asks", async () => {
    const feed = await seeded();
    const gate = deferred();
    const built = deferred<string | null>();
    removeGate = beforeInventorySwap(t.db, (version) => {
      built.resolve(version);
      return gate.promise;
    });
    const stop = await t.database.onInventoryNotice?.(() => inventoryChanged(t.db));
    expect(stop).toBeTypeOf("function");
    try {
      // Another server instance's pool on PostgreSQL (a dealer's import job); on PGlite the server is the only writer.
      const other = await t.database.connectAgain();
      const { added } = await importChange(feed, other.db);
      expect(await built.promise).toBe(await inventoryVersionOf(t.db));
      expect((await listed(t.db)).vins.has(added)).toBe(false);
      gate.resolve();
      await inventoryIndexCaughtUp(t.db);
      expect((await listed(t.db)).vins.has(added)).toBe(true);
    } finally {
      await stop?.();
    }
  });

  it("a write while the new index is built is picked up by another rebuild that starts by itself", async () => {
    const feed = await seeded();
    const gates = [deferred(), deferred()];
    const reached = [deferred<string | null>(), deferred<string | null>()];
    let rebuilds = 0;
    removeGate = beforeInventorySwap(t.db, (version) => {
      const n = rebuilds++;
      reached[n]?.resolve(version);
      return gates[n]?.promise;
    });
    const { added } = await importChange(feed);
    await listed(t.db);
    const first = await reached[0]?.promise;
    // Held at its swap; meanwhile the dealer's car is repriced.
    await t.db.execute(sql`update vehicles set price = 1234 where vin = ${added}`);
    gates[0]?.resolve();
    // No search asks: the first rebuild, once swapped in, sees the newer version and starts the second.
    const second = await reached[1]?.promise;
    expect(BigInt(second ?? "0")).toBeGreaterThan(BigInt(first ?? "0"));
    expect((await listed(t.db)).vins.has(added)).toBe(true);
    gates[1]?.resolve();
    await inventoryIndexCaughtUp(t.db);
    const cheapest = await searchVehicles(t.db, { criteria: everything, privateUnlocked: true, priceUnlocked: true });
    expect(cheapest.vehicles[0]).toMatchObject({ vin: added, price: { kind: "amount", amount: 1_234 } });
  });

  it("a rebuild that fails leaves the previous inventory answering, and a later search starts another", async () => {
    const feed = await seeded();
    const failed = deferred();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    removeGate = beforeInventorySwap(t.db, () => {
      attempts += 1;
      if (attempts === 1) {
        failed.resolve();
        throw new Error("the rebuild failed in the test");
      }
    });
    const { sold, added } = await importChange(feed);
    expect((await listed(t.db)).vins.has(sold)).toBe(true);
    await failed.promise;
    // The failure is logged, and searches go on answering from the previous inventory.
    await vi.waitFor(() => expect(String(logged.mock.calls[0]?.[0])).toMatch(/the rebuild failed in the test/), {
      interval: 5,
    });
    expect((await listed(t.db)).vins.has(sold)).toBe(true);
    await inventoryIndexCaughtUp(t.db);
    expect(attempts).toBeGreaterThanOrEqual(2);
    const after = await listed(t.db);
    expect(after.vins.has(sold)).toBe(false);
    expect(after.vins.has(added)).toBe(true);
  });

  it("once the server stops the index, a rebuild under way ends without a word, and the index is forgotten", async () => {
    const feed = await seeded();
    const gate = deferred();
    const built = deferred();
    removeGate = beforeInventorySwap(t.db, () => {
      built.resolve();
      return gate.promise;
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { added } = await importChange(feed);
    expect((await listed(t.db)).vins.has(added)).toBe(false);
    await built.promise;
    stopInventoryIndex(t.db);
    // As when the database closes under it. The rejection is handled in microtasks, all run before the next check.
    gate.reject(new Error("the database closed"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).not.toHaveBeenCalled();
    // A server started again in this process builds an index of its own, with the import in it.
    expect((await listed(t.db)).vins.has(added)).toBe(true);
  });

  it("the pages read are every available vehicle in VIN order, whatever their size, and a write between two pages makes the read start again", async () => {
    await seedGeneratedInventory(t.db, { count: 23, seed: 3, soldShare: 0.2 });
    const available = async () =>
      rowsOf<{ vin: string }>(
        await t.db.execute(sql`select vin from vehicles where status = 'available' order by vin`),
      ).map((r) => r.vin);
    const all = await available();
    for (const pageRows of [1, 4, 7, 100]) {
      const { version, rows } = await readAvailableInventory(t.db, { pageRows });
      expect(rows.map((r) => r.vin)).toEqual(all);
      expect(version).toBe(await inventoryVersionOf(t.db));
    }
    // After the second page, another process sells the first car: the read starts again, and its rows are the rows of
    // the version it names.
    let pages = 0;
    const sold = all[0] as string;
    const { version, rows } = await readAvailableInventory(t.db, {
      pageRows: 5,
      afterPage: async () => {
        pages += 1;
        if (pages === 2) await t.db.execute(sql`update vehicles set status = 'sold' where vin = ${sold}`);
      },
    });
    expect(rows.map((r) => r.vin)).toEqual(all.slice(1));
    expect(version).toBe(await inventoryVersionOf(t.db));
  });
});
