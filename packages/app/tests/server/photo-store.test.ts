// The built site with its photos in an S3-compatible object store (issue 29, ADRs 424 and 425), against a real S3
// protocol peer in this process (s3rver): the fixtures' photos are made into the bucket, never DATA_DIR/media/photos;
// the pages (srcset, og:image, JSON-LD) and both ad feeds link the public URL; img-src names its origin; the site's
// own photo path answers 301 there. A store that refuses leaves the cars on their drawings.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { readFixtureJson } from "@showroom/fixtures/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Running } from "../../server/app";
import { rowsOf } from "../support/databases";
import { S3_PEER_KEYS, type S3Peer, startS3Peer } from "../support/s3-peer";
import { until, waitForPhotos } from "../support/wait";
import { startInProcess } from "./support/built-server";
import { request } from "./support/requests";

const BUCKET = "showroom-photos";
const KEYS = S3_PEER_KEYS;

type Node = Record<string, unknown> & { "@type": string };

const photographed = (readFixtureJson("inventory/vehicles.json") as { url: string; images?: string[] }[]).filter(
  (v) => v.images?.length,
);

/** The site on the store, started once the peer listens (its port is in the settings). */
function siteOnStore(env: (endpoint: string) => Record<string, string>) {
  let peer: S3Peer | undefined;
  const state = { site: undefined as Running | undefined, endpoint: "", s3: undefined as S3Client | undefined };
  beforeAll(async () => {
    peer = await startS3Peer(BUCKET);
    state.endpoint = peer.endpoint;
    state.s3 = peer.s3;
    state.site = await startInProcess({
      PHOTO_WORKERS: "2",
      PHOTO_STORE: `s3://${BUCKET}/cars`,
      PHOTO_STORE_ENDPOINT: state.endpoint,
      PHOTO_STORE_PATH_STYLE: "true",
      // The bucket's own address on the peer, path-style: http is taken for a store on this machine.
      PHOTO_PUBLIC_URL: `${state.endpoint}/${BUCKET}/cars`,
      ...env(state.endpoint),
    });
  }, 120_000);
  afterAll(async () => {
    await state.site?.close();
    await peer?.close();
  });
  return state;
}

describe("a site whose photos are in an object store", () => {
  const state = siteOnStore(() => ({
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  }));
  const publicUrl = () => `${state.endpoint}/${BUCKET}/cars`;
  const url = (path: string) => `${state.site?.url}${path}`;
  let made = false;

  /** Every fixture photo made, once for the file. */
  async function photosMade() {
    if (made) return;
    for (const vehicle of photographed) await waitForPhotos(url(vehicle.url), vehicle.images?.length ?? 0);
    made = true;
  }

  it("makes every photo into the bucket, each file with its type and a year's cache, and nothing in DATA_DIR/media/photos", async () => {
    await photosMade();
    const listed = await state.s3?.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "cars/" }));
    const keys = (listed?.Contents ?? []).map((object) => object.Key ?? "");
    // Nine fixture photos, each 3 widths × 2 formats and a feed JPEG (1600 px sources: every width is made).
    expect(keys).toHaveLength(9 * 7);
    const jpeg = keys.find((key) => key.endsWith(".jpg")) ?? "";
    const head = await state.s3?.send(new HeadObjectCommand({ Bucket: BUCKET, Key: jpeg }));
    expect([head?.ContentType, head?.CacheControl]).toEqual(["image/jpeg", "public, max-age=31536000, immutable"]);
    const photosDir = join(state.site?.config.DATA_DIR ?? "", "media", "photos");
    expect(existsSync(photosDir) ? readdirSync(photosDir) : []).toEqual([]);
  });

  it("a vehicle page's srcset, og:image and JSON-LD image name the public URL, and the picture loads from there", async () => {
    await photosMade();
    const vehicle = photographed[0];
    const { status, body } = await request(url(vehicle?.url ?? ""));
    expect(status).toBe(200);
    expect(body).not.toContain("/media/photos/");
    const srcsets = [...body.matchAll(/srcSet="([^"]+)"/gi)].flatMap((m) => (m[1] ?? "").split(", "));
    expect(srcsets.length).toBeGreaterThanOrEqual(vehicle?.images?.length ?? 1);
    for (const entry of srcsets)
      expect(entry).toMatch(new RegExp(`^${publicUrl()}/[0-9a-f]{32}-\\d+\\.(avif|webp) \\d+w$`));
    const og = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1] ?? "";
    expect(og).toMatch(new RegExp(`^${publicUrl()}/[0-9a-f]{32}-1440\\.webp$`));
    const car = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .flatMap((m) => [JSON.parse(m[1] ?? "null") as Node | Node[]].flat())
      .find((node) => node["@type"] === "Car");
    expect(car?.image).toBe(og);
    const picture = await fetch(og);
    expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });

  it("the Google and Meta feeds name each made photo's JPEG at the public URL", async () => {
    await photosMade();
    const feeds = await Promise.all(
      ["google-vehicle-listings.xml", "meta-catalog.xml"].map((file) => request(url(`/feeds/brentwood/${file}`))),
    );
    for (const feed of feeds) {
      expect(feed.status).toBe(200);
      expect(feed.body).not.toContain("/media/photos/");
      const jpegs = feed.body.match(new RegExp(`${publicUrl()}/[0-9a-f]{32}-1440\\.jpg`, "g")) ?? [];
      expect(jpegs.length).toBeGreaterThanOrEqual(photographed.length);
    }
  });

  it("img-src names the store's public origin, and /media/photos answers 301 there for a photo's name, 404 for anything else", async () => {
    const home = await request(url("/"));
    const imgSrc = /img-src ([^;]+)/.exec(home.headers.get("content-security-policy") ?? "")?.[1]?.split(" ");
    expect(imgSrc).toEqual(["'self'", "data:", "https:", state.endpoint]);
    const name = `${"0123456789abcdef".repeat(2)}-960.avif`;
    const moved = await fetch(url(`/media/photos/${name}`), { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, `${publicUrl()}/${name}`]);
    for (const bad of ["..%2Fsecret.avif", `${name}.exe`, "0123-960.avif"]) {
      const answer = await fetch(url(`/media/photos/${bad}`), { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")], bad).toEqual([404, null]);
    }
  });
});

describe("a site whose object store refuses its uploads", () => {
  // An access key the store does not know: every PUT is answered 403.
  const state = siteOnStore(() => ({ AWS_ACCESS_KEY_ID: "NOT-S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" }));

  it("keeps its photographed cars listed on their drawings, every photo waiting with the store's refusal as its reason", async () => {
    const db = state.site?.database.db;
    if (!db) throw new Error("no site");
    const reasons = async () =>
      rowsOf<{ status: string; reason: string | null }>(
        await db.execute(sql`select status, reason from vehicle_photos`),
      );
    await until(
      "every photo tried once",
      async () => {
        const rows = await reasons();
        return rows.length === 9 && rows.every((row) => row.reason !== null);
      },
      { timeoutMs: 60_000, everyMs: 200 },
    );
    for (const row of await reasons()) {
      expect(row.status).toBe("waiting");
      expect(row.reason).toMatch(/^the photo store did not take its files \(InvalidAccessKeyId 403\)$/);
    }
    for (const vehicle of photographed) {
      const { status, body } = await request(`${state.site?.url}${vehicle.url}`);
      expect(status, vehicle.url).toBe(200);
      expect(body, vehicle.url).not.toContain("<picture");
      expect(/<meta property="og:image" content="([^"]+)"/.exec(body)?.[1], vehicle.url).toMatch(
        /\/media\/vehicles\/.+\.svg$/,
      );
    }
  });
});
