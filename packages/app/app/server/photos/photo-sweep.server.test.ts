import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { rowsOf } from "../db/rows";
import { vehiclePhotos, vehicles } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { accordFeedRow } from "../inventory/feed.test-support";
import { importFeed } from "../inventory/import.server";
import { type PhotoSettings, runPhotos } from "./photo-job.server";
import { photoRowOf, photoWorkspace } from "./photo-job.test-support";
import { alive, watchedProcess } from "./photo-process.test-support";

// The fixtures' own photos are read from disk by the job: no host is needed.
const WHITE_1 = "/media/inventory/photos/white-1.jpg";
const WHITE_2 = "/media/inventory/photos/white-2.jpg";
const DAY = 24 * 3_600_000;

const car = (vin: string, stockNumber: string, images: string[]) => accordFeedRow(vin, stockNumber, { images });
const VIN_A = "1HGCM82633A004352";
const VIN_B = "5TDMK3DCXGS779786";

describe.each(testDatabaseKinds())("photos no car names any more, on %s", (kind) => {
  const t = useTestDatabase(kind);
  let dir = "";
  let settings: PhotoSettings;

  beforeEach(async () => {
    const workspace = await photoWorkspace(t.db);
    ({ dir, settings } = workspace);
    return workspace.dispose;
  });

  async function importCars(cars: ReturnType<typeof car>[]) {
    const feed = parseJsonFeed(cars);
    expect(feed.rejected).toEqual([]);
    expect((await importFeed(t.db, "brentwood", feed, { full: false })).applied).toBe(true);
  }
  const rowOf = (url: string) => photoRowOf(t.db, url);
  const filesOf = (name: string | null | undefined) => readdirSync(dir).filter((file) => file.startsWith(`${name}-`));
  const at = (ms: number) => () => new Date(ms);

  it("a sold car's photo files stay for the grace period, then go with its row; files another address shares stay", async () => {
    await importCars([car(VIN_A, "A1", [WHITE_1, WHITE_2]), car(VIN_B, "B1", [WHITE_2])]);
    const t0 = Date.now();
    expect(await runPhotos(t.db, settings, at(t0))).toEqual({ ready: 2, refused: 0, failed: 0 });
    const white1 = await rowOf(WHITE_1);
    const white2 = await rowOf(WHITE_2);
    // Every width in both formats, and the feeds' JPEG at the widest.
    expect(filesOf(white1?.name)).toHaveLength(7);
    expect(filesOf(white2?.name)).toHaveLength(7);

    await t.db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, VIN_A));
    await runPhotos(t.db, settings, at(t0 + 1000));
    expect((await rowOf(WHITE_1))?.unusedSince?.getTime()).toBe(t0 + 1000);
    // Still named by the other car.
    expect((await rowOf(WHITE_2))?.unusedSince).toBeNull();

    await runPhotos(t.db, settings, at(t0 + 1000 + 7 * DAY - 1));
    expect(await rowOf(WHITE_1)).toBeDefined();
    expect(filesOf(white1?.name)).toHaveLength(7);

    await runPhotos(t.db, settings, at(t0 + 1000 + 7 * DAY));
    expect(await rowOf(WHITE_1)).toBeUndefined();
    expect(filesOf(white1?.name)).toEqual([]);
    expect(filesOf(white2?.name)).toHaveLength(7);

    // Two addresses of the same bytes share one name and one set of files: forgetting one keeps the other's.
    const mirror = "https://photos.dealer.example/white-2.jpg";
    if (!white2) throw new Error("no row for the second photo");
    await t.db.insert(vehiclePhotos).values({ ...white2, sourceUrl: mirror, unusedSince: null });
    await t.db.execute(
      sql`update vehicles set details = jsonb_set(details, '{images}', ${JSON.stringify([mirror])}::jsonb) where vin = ${VIN_B}`,
    );
    await runPhotos(t.db, settings, at(t0 + 8 * DAY));
    await runPhotos(t.db, settings, at(t0 + 15 * DAY + 1000));
    expect(await rowOf(WHITE_2)).toBeUndefined();
    expect(await rowOf(mirror)).toMatchObject({ status: "ready", name: white2?.name });
    expect(filesOf(white2?.name)).toHaveLength(7);
  });

  it("a car's changed photos: the dropped one goes after the grace period; one named again within it is kept, not made again", async () => {
    await importCars([car(VIN_A, "A1", [WHITE_1])]);
    const t0 = Date.now();
    await runPhotos(t.db, settings, at(t0));
    const made = await rowOf(WHITE_1);
    expect(made).toMatchObject({ status: "ready", attempts: 1 });

    await importCars([car(VIN_A, "A1", [WHITE_2])]);
    expect(await runPhotos(t.db, settings, at(t0 + DAY))).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect((await rowOf(WHITE_1))?.unusedSince?.getTime()).toBe(t0 + DAY);

    await importCars([car(VIN_A, "A1", [WHITE_1])]);
    expect(await runPhotos(t.db, settings, at(t0 + 2 * DAY))).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(await rowOf(WHITE_1)).toMatchObject({ status: "ready", attempts: 1, unusedSince: null });
    expect((await rowOf(WHITE_2))?.unusedSince?.getTime()).toBe(t0 + 2 * DAY);

    await runPhotos(t.db, settings, at(t0 + 9 * DAY));
    expect(await rowOf(WHITE_2)).toBeUndefined();
    expect(filesOf(made?.name)).toHaveLength(7);
  });

  it("a photo no car names is not fetched, and its waiting row goes after the grace period", async () => {
    await importCars([car(VIN_A, "A1", [WHITE_1])]);
    await t.db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, VIN_A));
    const t0 = Date.now();
    // Queued while the car was available (a run that an import's nudge started), then the car sold.
    await t.db.insert(vehiclePhotos).values({ sourceUrl: WHITE_2, nextAttemptAt: new Date(t0) });
    expect(await runPhotos(t.db, settings, at(t0))).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(await rowOf(WHITE_2)).toMatchObject({ status: "waiting", attempts: 0 });
    await runPhotos(t.db, settings, at(t0 + 7 * DAY));
    expect(await rowOf(WHITE_2)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a photo made before the feeds' JPEG gets one from its WebP, without a download, and the feeds' version moves", async () => {
    await importCars([car(VIN_A, "A1", [WHITE_1, WHITE_2])]);
    await runPhotos(t.db, settings);
    const row = await rowOf(WHITE_1);
    const jpeg = join(dir, `${row?.name}-${row?.width}.jpg`);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1440, 810]);

    // As a photo made before migration 0020 is: no JPEG, and its row says so. The other one's WebP is lost.
    rmSync(jpeg);
    const other = await rowOf(WHITE_2);
    rmSync(join(dir, `${other?.name}-${other?.width}.webp`));
    await t.db.update(vehiclePhotos).set({ feedJpeg: false });
    const version = async () =>
      rowsOf<{ version: string }>(await t.db.execute(sql`select version::text from inventory_version`))[0]?.version;
    const before = await version();

    const maker = watchedProcess();
    expect(await runPhotos(t.db, settings, undefined, undefined, maker)).toEqual({ ready: 0, refused: 0, failed: 0 });
    // Both asked of one photo process, gone once the run returns: the site never converts with sharp itself (ADR 410).
    expect(maker.feedJpegs.sort()).toEqual([`${row?.name}-${row?.width}`, `${other?.name}-${other?.width}`].sort());
    expect(maker.pids).toHaveLength(1);
    expect(maker.pids[0]).not.toBe(process.pid);
    expect(alive(maker.pids[0] ?? process.pid)).toBe(false);
    expect(existsSync(jpeg)).toBe(true);
    expect(await rowOf(WHITE_1)).toMatchObject({ status: "ready", feedJpeg: true, attempts: 1 });
    expect(await version()).not.toBe(before);
    // Its files unreadable, the other is made again from its address, JPEG and all.
    expect(await rowOf(WHITE_2)).toMatchObject({ status: "waiting", feedJpeg: false });
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect(await rowOf(WHITE_2)).toMatchObject({ status: "ready", feedJpeg: true });
  });

  it("a photo process that dies adding a feed JPEG costs that photo a new download; the rest of the batch is made", async () => {
    await importCars([car(VIN_A, "A1", [WHITE_1, WHITE_2])]);
    await runPhotos(t.db, settings);
    const rows = [await rowOf(WHITE_1), await rowOf(WHITE_2)];
    for (const row of rows) rmSync(join(dir, `${row?.name}-${row?.width}.jpg`));
    await t.db.update(vehiclePhotos).set({ feedJpeg: false });

    const maker = watchedProcess({ signalOnFeedJpeg: { photo: 1, signal: "SIGKILL" } });
    expect(await runPhotos(t.db, settings, undefined, undefined, maker)).toEqual({ ready: 0, refused: 0, failed: 0 });
    // The second JPEG was made by a process forked after the first died.
    expect(maker.feedJpegs).toHaveLength(2);
    expect(maker.pids).toHaveLength(2);
    expect(maker.pids.some(alive)).toBe(false);
    const killed = rows.find((row) => `${row?.name}-${row?.width}` === maker.feedJpegs[0]);
    const made = rows.find((row) => row !== killed);
    expect(await rowOf(killed?.sourceUrl ?? "")).toMatchObject({
      status: "waiting",
      feedJpeg: false,
      reason: "its files were unread",
    });
    expect(await rowOf(made?.sourceUrl ?? "")).toMatchObject({ status: "ready", feedJpeg: true });
    expect(existsSync(join(dir, `${made?.name}-${made?.width}.jpg`))).toBe(true);

    expect(await runPhotos(t.db, settings)).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect(await rowOf(killed?.sourceUrl ?? "")).toMatchObject({ status: "ready", feedJpeg: true });
    expect(existsSync(join(dir, `${killed?.name}-${killed?.width}.jpg`))).toBe(true);
  });
});
