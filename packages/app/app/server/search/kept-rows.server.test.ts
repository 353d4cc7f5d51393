// A vehicle page's row and ready photos kept per inventory version (docs/decisions/429): kept only where the database
// tells this process of every write, and never served after a write that changed them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { stores, vehiclePhotos, vehicles } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { accordFeedRow } from "../inventory/feed.test-support";
import { importFeed } from "../inventory/import.server";
import { KeptUntilChanged } from "../kept-until-changed";
import { readyPhotos } from "../photos/photo-job.server";
import { keptPerInventoryVersion } from "./kept-rows.server";
import { keepInventoryVersion } from "./snapshot.server";
import { getVehicleByVin } from "./vehicle.server";

const VIN = "JTDKTUK31GA050313";
const PHOTO = "https://photos.example/accord-1.jpg";

describe.each(testDatabaseKinds())("rows kept per inventory version on %s", (kind) => {
  const t = useTestDatabase(kind);

  /**
   * The database as the server wires it: on PGlite the version is kept until the trigger's notification on the
   * inventory channel (the test database offers that channel as `onInventoryNotice`).
   */
  async function wired() {
    const { database } = t;
    if (kind === "pglite" && database.onInventoryNotice) {
      const kept = new KeptUntilChanged<string | null>();
      await database.onInventoryNotice(() => kept.changed());
      keepInventoryVersion(database.db, kept);
    }
    await database.db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} }).onConflictDoNothing();
    await importFeed(database.db, "brentwood", parseJsonFeed([accordFeedRow(VIN, "B1", { images: [PHOTO] })]));
    return database.db;
  }

  it("a read is kept while the inventory version holds, on PGlite only, and read again once the version moves", async () => {
    const db = await wired();
    const keep = keptPerInventoryVersion<{ n: number }>(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await keep(db, "a", load);
    await keep(db, "a", load);
    await keep(db, "b", load);
    expect(loads).toBe(kind === "pglite" ? 2 : 3);
    await db.update(vehicles).set({ price: 17500 }).where(eq(vehicles.vin, VIN));
    expect(await keep(db, "a", load)).toEqual({ n: loads });
    expect(loads).toBe(kind === "pglite" ? 3 : 4);
  });

  it("a vehicle page never shows a row or photos from before a write to the car, to its photo's status or a deleted photo", async () => {
    const db = await wired();
    expect((await getVehicleByVin(db, VIN))?.price).toBe(18000);
    expect(await readyPhotos(db, [PHOTO])).toEqual([]);
    await db.update(vehicles).set({ price: 17500 }).where(eq(vehicles.vin, VIN));
    expect((await getVehicleByVin(db, VIN))?.price).toBe(17500);
    await db
      .insert(vehiclePhotos)
      .values({ sourceUrl: PHOTO, status: "waiting" })
      .onConflictDoUpdate({ target: vehiclePhotos.sourceUrl, set: { status: "waiting" } });
    expect(await readyPhotos(db, [PHOTO])).toEqual([]);
    await db
      .update(vehiclePhotos)
      .set({ status: "ready", name: "abc", width: 1280 })
      .where(eq(vehiclePhotos.sourceUrl, PHOTO));
    expect(await readyPhotos(db, [PHOTO])).toEqual(["abc-1280"]);
    // Its files found missing: back to waiting (the photo job's sweep), and the page names them no more (0022).
    await db.update(vehiclePhotos).set({ status: "waiting" }).where(eq(vehiclePhotos.sourceUrl, PHOTO));
    expect(await readyPhotos(db, [PHOTO])).toEqual([]);
    await db.update(vehiclePhotos).set({ status: "ready" }).where(eq(vehiclePhotos.sourceUrl, PHOTO));
    expect(await readyPhotos(db, [PHOTO])).toEqual(["abc-1280"]);
    await db.delete(vehiclePhotos).where(eq(vehiclePhotos.sourceUrl, PHOTO));
    expect(await readyPhotos(db, [PHOTO])).toEqual([]);
    await db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, VIN));
    expect(await getVehicleByVin(db, VIN)).toBeNull();
  });
});
