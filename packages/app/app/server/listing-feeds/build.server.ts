import { createHash } from "node:crypto";
import { once } from "node:events";
import { setImmediate as turn } from "node:timers/promises";
import { createGzip } from "node:zlib";
import type { Db } from "../db/client.server";
import { LEFT_OUT_REASONS, type LeftOutReason, leftOutReason } from "./eligibility";
import { type FeedSite, type FeedStore, type FeedVehicle, type Platform, vehicleTitle } from "./feed-vehicle";
import { GOOGLE_FEED_END, googleFeedStart, googleItem } from "./google";
import { META_FEED_END, metaFeedStart, metaListing } from "./meta";
import { storeVehiclePages } from "./read-vehicles.server";

/** The cars of one reason the desk names; the rest are counted. */
const LEFT_OUT_SAMPLE = 50;

interface LeftOutCar {
  vin: string;
  stockNumber: string;
  title: string;
}

/** What a feed leaves out for one reason: how many cars, and the first {@link LEFT_OUT_SAMPLE} of them by VIN. */
export interface LeftOutGroup {
  reason: LeftOutReason;
  count: number;
  cars: LeftOutCar[];
}

/** A feed as built: its gzip bytes and ETag, and what it listed and left out. */
export interface BuiltFeed {
  platform: Platform;
  storeId: string;
  /** The `inventory_version` read before the rows. */
  version: string | null;
  builtAt: Date;
  gzip: Buffer;
  /** Strong: a hash of the document. */
  etag: string;
  listed: number;
  leftOut: LeftOutGroup[];
}

/** The feed's path on the site, which Meta's document names as its own link. */
export function feedPath(storeId: string, platform: Platform): string {
  return `/feeds/${storeId}/${platform === "google" ? "google-vehicle-listings.xml" : "meta-catalog.xml"}`;
}

function parts(platform: Platform, store: FeedStore, site: FeedSite) {
  return platform === "google"
    ? { start: googleFeedStart(store, site), item: googleItem, end: GOOGLE_FEED_END }
    : { start: metaFeedStart(store, site, feedPath(store.id, platform)), item: metaListing, end: META_FEED_END };
}

/**
 * Builds `platform`'s feed of `store` at inventory `version`: the store's available cars are read a page at a time,
 * each page written into gzip as one piece, so a 100,000-car store never sits in memory as text; only the compressed
 * document is kept.
 */
export async function buildFeed(
  db: Db,
  store: FeedStore,
  site: FeedSite,
  platform: Platform,
  version: string | null,
): Promise<BuiltFeed> {
  const { start, item, end } = parts(platform, store, site);
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = once(gzip, "end");
  // Awaited below; a failure before then is the build's own and is thrown from there.
  finished.catch(() => {});
  const hash = createHash("sha256");
  const write = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await once(gzip, "drain");
  };
  const groups = new Map<LeftOutReason, LeftOutGroup>();
  let listed = 0;
  try {
    await write(start);
    for await (const page of storeVehiclePages(db, store.id, site.photoBase)) {
      let text = "";
      for (const vehicle of page) {
        const reason = leftOutReason(vehicle, store, site, platform);
        if (reason === null) {
          text += item(vehicle, store, site);
          listed += 1;
        } else note(groups, reason, vehicle);
      }
      await write(text);
      // PGlite answers in this thread, and a write that needs no drain does not wait: without a turn of the event
      // loop here, a 100,000-car build would hold every request until it ends.
      await turn();
    }
    await write(end);
    gzip.end();
    await finished;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  return {
    platform,
    storeId: store.id,
    version,
    builtAt: new Date(),
    gzip: Buffer.concat(chunks),
    etag: `"${hash.digest("base64url").slice(0, 27)}"`,
    listed,
    leftOut: LEFT_OUT_REASONS.flatMap((reason) => groups.get(reason) ?? []),
  };
}

function note(groups: Map<LeftOutReason, LeftOutGroup>, reason: LeftOutReason, vehicle: FeedVehicle): void {
  let group = groups.get(reason);
  if (!group) {
    group = { reason, count: 0, cars: [] };
    groups.set(reason, group);
  }
  group.count += 1;
  if (group.cars.length < LEFT_OUT_SAMPLE)
    group.cars.push({ vin: vehicle.vin, stockNumber: vehicle.stockNumber, title: vehicleTitle(vehicle) });
}
