// Feed photos in an S3-compatible object store (issue 29, ADR 424), against a real S3 protocol peer in this process
// (s3rver, as the mail tests run a real SMTP peer): the job PUTs every file it makes there and nothing on disk, adds a
// missing feed JPEG from the WebP there, deletes an unused photo's objects, and a store that is down or refuses leaves
// the photo waiting on its backoff with the car on its drawing.
import { readdirSync } from "node:fs";
import { createServer } from "node:net";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { S3_PEER_KEYS, type S3Peer, startS3Peer } from "../../../tests/support/s3-peer";
import { loadConfig } from "../config.server";
import { vehiclePhotos, vehicles } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { accordFeedRow } from "../inventory/feed.test-support";
import { importFeed } from "../inventory/import.server";
import { type PhotoSettings, readyPhotos, retryDelayMs, runPhotos } from "./photo-job.server";
import { photoRowOf, photoWorkspace } from "./photo-job.test-support";
import { photoBaseOf, photoStoreOf } from "./photo-settings.server";
import type { PhotoStore } from "./photo-store";

// The fixtures' own photos are read from disk by the job: no photo host is needed.
const WHITE_1 = "/media/inventory/photos/white-1.jpg";
const WHITE_2 = "/media/inventory/photos/white-2.jpg";
const VIN_A = "1HGCM82633A004352";
const VIN_B = "5TDMK3DCXGS779786";
const DAY = 24 * 3_600_000;
const BUCKET = "showroom-photos";
const PREFIX = "cars/";
const KEYS = S3_PEER_KEYS;

/** A port nothing listens on: a store that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDatabaseKinds())("feed photos in an object store, on %s", (kind) => {
  const t = useTestDatabase(kind);
  let peer: S3Peer;
  let endpoint = "";
  let store: PhotoStore;
  let s3: S3Client;
  let dir = "";
  let settings: PhotoSettings;

  beforeAll(async () => {
    peer = await startS3Peer(BUCKET);
    ({ endpoint, s3 } = peer);
    store = { bucket: BUCKET, prefix: PREFIX, endpoint, region: "us-east-1", pathStyle: true, credentials: KEYS };
  });
  afterAll(() => peer?.close());
  beforeEach(async () => {
    const workspace = await photoWorkspace(t.db);
    ({ dir } = workspace);
    settings = { ...workspace.settings, store };
    return async () => {
      workspace.dispose();
      // Each test starts from an empty bucket.
      for (const key of await keys("")) await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    };
  });

  /** The bucket's keys under `cars/{start}`, sorted. */
  async function keys(start: string): Promise<string[]> {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${start}` }));
    return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
  }
  async function importCars(cars: [vin: string, stock: string, images: string[]][]) {
    const feed = parseJsonFeed(cars.map(([vin, stock, images]) => accordFeedRow(vin, stock, { images })));
    expect(feed.rejected).toEqual([]);
    expect((await importFeed(t.db, "brentwood", feed, { full: false })).applied).toBe(true);
  }
  const rowOf = (url: string) => photoRowOf(t.db, url);
  const at = (ms: number) => () => new Date(ms);

  it("every file the job makes is PUT to the store with its Content-Type and a year's immutable cache, none to disk", async () => {
    await importCars([[VIN_A, "A1", [WHITE_1]]]);
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 1, refused: 0, failed: 0 });
    const row = await rowOf(WHITE_1);
    expect(row).toMatchObject({ status: "ready", width: 1440, feedJpeg: true, reason: null });
    const name = row?.name ?? "";
    const files = [480, 960, 1440]
      .flatMap((w) => [`${name}-${w}.avif`, `${name}-${w}.webp`])
      .concat(`${name}-1440.jpg`)
      .sort();
    expect(await keys("")).toEqual(files.map((file) => `${PREFIX}${file}`).sort());
    for (const file of files) {
      const key = `${PREFIX}${file}`;
      const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      const format = file.split(".").at(-1);
      expect([head.ContentType, head.CacheControl], file).toEqual([
        format === "jpg" ? "image/jpeg" : `image/${format}`,
        "public, max-age=31536000, immutable",
      ]);
      const body = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      const meta = await sharp(Buffer.from((await body.Body?.transformToByteArray()) ?? [])).metadata();
      const width = Number(/-(\d+)\./.exec(file)?.[1]);
      expect([meta.format, meta.width, meta.height], file).toEqual([
        format === "avif" ? "heif" : format === "jpg" ? "jpeg" : "webp",
        width,
        (width * 9) / 16,
      ]);
    }
    // Nothing under the photos folder: not a file, not a half-written part.
    expect(readdirSync(dir)).toEqual([]);
    expect(await readyPhotos(t.db, [WHITE_1])).toEqual([`${name}-1440`]);
  });

  it("a ready photo without its feed JPEG gets it from its WebP in the store; one whose WebP is gone is made again", async () => {
    await importCars([[VIN_A, "A1", [WHITE_1]]]);
    await runPhotos(t.db, settings);
    const name = (await rowOf(WHITE_1))?.name ?? "";
    const jpeg = `${PREFIX}${name}-1440.jpg`;
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: jpeg }));
    await t.db.update(vehiclePhotos).set({ feedJpeg: false }).where(eq(vehiclePhotos.sourceUrl, WHITE_1));
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(await rowOf(WHITE_1)).toMatchObject({ status: "ready", feedJpeg: true });
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: jpeg }));
    expect([head.ContentType, head.CacheControl]).toEqual(["image/jpeg", "public, max-age=31536000, immutable"]);

    // A store that does not answer says nothing of the photo's files: it stays ready, its JPEG tried again next run.
    await t.db.update(vehiclePhotos).set({ feedJpeg: false }).where(eq(vehiclePhotos.sourceUrl, WHITE_1));
    const down = { ...settings, store: { ...store, endpoint: `http://127.0.0.1:${await closedPort()}` } };
    await runPhotos(t.db, down);
    expect(await rowOf(WHITE_1)).toMatchObject({ status: "ready", feedJpeg: false, name });
    expect(await readyPhotos(t.db, [WHITE_1])).toEqual([`${name}-1440`]);

    // The WebP the JPEG is made from is gone too: the photo is made again from its address, every file back.
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: jpeg }));
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${name}-1440.webp` }));
    await t.db.update(vehiclePhotos).set({ feedJpeg: false }).where(eq(vehiclePhotos.sourceUrl, WHITE_1));
    await runPhotos(t.db, settings);
    expect(await rowOf(WHITE_1)).toMatchObject({ status: "waiting", reason: "its files were unread" });
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect(await keys(name)).toHaveLength(7);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a photo no car names any more has its objects deleted after the grace period; a photo still named keeps its own", async () => {
    await importCars([
      [VIN_A, "A1", [WHITE_1]],
      [VIN_B, "B1", [WHITE_2]],
    ]);
    const t0 = Date.now();
    expect(await runPhotos(t.db, settings, at(t0))).toEqual({ ready: 2, refused: 0, failed: 0 });
    const gone = (await rowOf(WHITE_1))?.name ?? "";
    const kept = (await rowOf(WHITE_2))?.name ?? "";
    expect(await keys(gone)).toHaveLength(7);

    await t.db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, VIN_A));
    await runPhotos(t.db, settings, at(t0 + 1000));
    await runPhotos(t.db, settings, at(t0 + 1000 + 7 * DAY - 1));
    // Within the grace period pages and feeds fetched before still load their photo.
    expect(await keys(gone)).toHaveLength(7);
    await runPhotos(t.db, settings, at(t0 + 1000 + 7 * DAY));
    expect(await rowOf(WHITE_1)).toBeUndefined();
    expect(await keys(gone)).toEqual([]);
    expect(await keys(kept)).toHaveLength(7);
  });

  it.each([
    ["down", async () => ({ endpoint: `http://127.0.0.1:${await closedPort()}` })],
    ["refusing (an unknown key)", async () => ({ credentials: { ...KEYS, accessKeyId: "NOT-S3RVER" } })],
    ["without the bucket", async () => ({ bucket: "no-such-bucket" })],
  ] as const)(
    "a store that is %s leaves the photo waiting on its backoff, the car on its drawing; made once it takes them",
    async (_, broken) => {
      await importCars([[VIN_A, "A1", [WHITE_1]]]);
      const t0 = Date.now();
      const failing = { ...settings, store: { ...store, ...(await broken()) } };
      expect(await runPhotos(t.db, failing, at(t0))).toEqual({ ready: 0, refused: 0, failed: 1 });
      const row = await rowOf(WHITE_1);
      expect(row).toMatchObject({ status: "waiting", attempts: 1, name: null });
      expect(row?.reason).toMatch(/^the photo store did not take its files \(.+\)$/);
      // Tried again after the first attempt's backoff, not at once and not never.
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(t0 + retryDelayMs(1));
      expect(await readyPhotos(t.db, [WHITE_1])).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
      // Not due before its backoff, even with the store back.
      expect(await runPhotos(t.db, settings, at(t0 + 1000))).toEqual({ ready: 0, refused: 0, failed: 0 });
      const due = at((row?.nextAttemptAt.getTime() ?? 0) + 1);
      expect(await runPhotos(t.db, settings, due)).toEqual({ ready: 1, refused: 0, failed: 0 });
      expect(await rowOf(WHITE_1)).toMatchObject({ status: "ready", reason: null });
      expect(await keys("")).toHaveLength(7);
    },
  );
});

describe("the object store's settings", () => {
  const good = {
    PHOTO_STORE: "s3://showroom-photos/cars",
    PHOTO_STORE_ENDPOINT: "https://minio.internal:9000",
    PHOTO_STORE_PATH_STYLE: "true",
    PHOTO_PUBLIC_URL: "https://photos.example-dealer.com/cars/",
  };

  it("unset, the photos stay in DATA_DIR/media/photos and are linked at /media/photos", () => {
    const config = loadConfig({});
    expect(photoStoreOf(config)).toBeNull();
    expect(photoBaseOf(config)).toBe("/media/photos");
  });

  it("a bucket, its folder, endpoint, region, addressing, credentials and public URL are read into the store", () => {
    const config = loadConfig({ ...good, AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret/example" });
    expect(photoStoreOf(config)).toEqual({
      bucket: "showroom-photos",
      prefix: "cars/",
      endpoint: "https://minio.internal:9000",
      region: "us-east-1",
      pathStyle: true,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret/example", sessionToken: undefined },
    });
    expect(photoBaseOf(config)).toBe("https://photos.example-dealer.com/cars");
    // On AWS: the region from AWS_REGION, virtual-hosted addressing, credentials from the SDK's default chain.
    const aws = loadConfig({
      PHOTO_STORE: "s3://showroom-photos",
      AWS_REGION: "us-east-2",
      PHOTO_PUBLIC_URL: good.PHOTO_PUBLIC_URL,
    });
    expect(photoStoreOf(aws)).toMatchObject({
      bucket: "showroom-photos",
      prefix: "",
      region: "us-east-2",
      pathStyle: false,
    });
    expect(photoStoreOf(aws)?.credentials).toBeUndefined();
  });

  it.each([
    [{ PHOTO_STORE: "showroom-photos" }, "PHOTO_STORE: must be s3://bucket or s3://bucket/folder"],
    [{ PHOTO_STORE: "s3://Showroom_Photos" }, "PHOTO_STORE: must name a bucket of 3 to 63 lowercase letters"],
    [{ PHOTO_STORE: "s3://showroom-photos/cars/../keys" }, "PHOTO_STORE: must have a folder of letters"],
    [{ PHOTO_STORE: "s3://showroom-photos//cars" }, "PHOTO_STORE: must have a folder of letters"],
    [{ PHOTO_PUBLIC_URL: undefined }, "PHOTO_PUBLIC_URL: is required when PHOTO_STORE is set"],
    [{ PHOTO_PUBLIC_URL: "http://photos.example-dealer.com" }, "PHOTO_PUBLIC_URL: must start with https://"],
    [{ PHOTO_PUBLIC_URL: "https://photos.example-dealer.com/?v=1" }, "PHOTO_PUBLIC_URL: must have no query"],
    [{ PHOTO_STORE_ENDPOINT: "ftp://minio.internal" }, "PHOTO_STORE_ENDPOINT: must start with https:// or http://"],
    [{ PHOTO_STORE_PATH_STYLE: "yes" }, 'PHOTO_STORE_PATH_STYLE: must be "true" or "false"'],
    [
      { PHOTO_STORE_ENDPOINT: undefined, PHOTO_STORE_PATH_STYLE: undefined },
      "PHOTO_STORE_REGION: is required for a bucket on AWS",
    ],
    [{ PHOTO_STORE_REGION: "US East" }, "PHOTO_STORE_REGION: must be a region name"],
    [{ AWS_ACCESS_KEY_ID: "AKIDEXAMPLE" }, "AWS_SECRET_ACCESS_KEY: is required when AWS_ACCESS_KEY_ID is set"],
    [{ PHOTO_STORE: undefined }, "PHOTO_STORE_ENDPOINT: is set but PHOTO_STORE is not"],
  ])("a bad setting stops the start with a message naming it: %o", (change, message) => {
    const env = Object.fromEntries(
      Object.entries({ ...good, ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    expect(() => loadConfig(env)).toThrow(`Invalid configuration:\n  ${message}`);
  });

  it("http is taken only for a store on this machine, for a developer's local MinIO", () => {
    expect(photoBaseOf(loadConfig({ ...good, PHOTO_PUBLIC_URL: "http://127.0.0.1:9000/showroom-photos" }))).toBe(
      "http://127.0.0.1:9000/showroom-photos",
    );
  });
});
