// `npm run import` and the mass-sold hold (issue 29, ADR 397), as an operator runs it on an embedded database: a full
// feed that would mark more than FEED_HOLD_PERCENT % of the store's cars sold changes nothing and says why, in the
// scheduled pull's words; `--force` applies it; a partial feed, which sells nothing, is never held.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/server/db/client.server";
import { vehicles } from "../app/server/db/schema.server";
import { holdReason } from "../app/server/inventory/feed-hold";
import { seedIfEmpty } from "../app/server/seed.server";
import { runScript } from "../tests/support/commands";
import { seedPgliteDataDir } from "../tests/support/databases";

const APP = new URL("..", import.meta.url).pathname;
const VINS = ["1HGCM82633A004352", "1M8GDM9AXKP042788"] as const;
const FEED = [
  "VIN,Stock,Year,Make,Model,Body,Condition,Mileage,Price",
  ...VINS.map((vin, i) => `${vin},CLI${i},2019,Honda,Accord,Sedan,Used,41200,${18_000 + i}`),
].join("\n");
let dataDir: string;
let feed: string;

function cli(args: string[], env: Record<string, string> = {}) {
  return runScript("import", args, { DATA_DIR: dataDir, INIT_CWD: APP, ...env });
}

/** The store's cars in stock, read between two runs (a run holds the data directory's lock). */
async function brentwood(): Promise<{ available: string[]; sold: number }> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .select({ vin: vehicles.vin, status: vehicles.status })
      .from(vehicles)
      .where(eq(vehicles.storeId, "brentwood"));
    return {
      available: rows.filter((r) => r.status === "available").map((r) => r.vin),
      sold: rows.filter((r) => r.status === "sold").length,
    };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-import-cli-"));
  await seedPgliteDataDir(dataDir);
  // The fixtures' inventory, as the server's first start writes it.
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
  } finally {
    await database.close();
  }
  feed = join(dataDir, "feed.csv");
  writeFileSync(feed, FEED);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run import and the mass-sold hold", () => {
  it("holds a full feed that would sell most of the store, with the pull's reason; --force applies it", async () => {
    const before = await brentwood();
    expect(before.available.length).toBeGreaterThan(3);
    const share = { available: before.available.length, wouldSell: before.available.length };

    const held = await cli([feed, "--store", "brentwood"]);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(`Nothing changed: ${holdReason(share, 30)}.`);
    expect(held.stderr).toContain("run the import again with --force");
    expect(await brentwood()).toEqual(before);

    // A partial feed sells nothing, so it is never held, even with the threshold at 0 %.
    const lifted = await cli([feed, "--store", "brentwood", "--partial"], { FEED_HOLD_PERCENT: "0" });
    expect([lifted.code, lifted.stdout.trim()]).toEqual([0, "added 2 / updated 0 / sold 0 / rejected 0"]);

    const forced = await cli([feed, "--store", "brentwood", "--force"]);
    expect(forced.stderr).toBe("");
    expect([forced.code, forced.stdout.trim()]).toEqual([
      0,
      `added 0 / updated 2 / sold ${before.available.length} / rejected 0`,
    ]);
    const after = await brentwood();
    expect(after.available.sort()).toEqual([...VINS].sort());
    expect(after.sold).toBe(before.sold + before.available.length);
  }, 180_000);
});
