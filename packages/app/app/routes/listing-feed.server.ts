import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import Negotiator from "negotiator";
import type { Site } from "../content/site.server";
import { listingFeed } from "../server/listing-feeds/feed-cache.server";
import type { FeedSite, Platform } from "../server/listing-feeds/feed-vehicle";
import { logError } from "../server/log.server";
import { photoBaseOf } from "../server/photos/photo-settings.server";

/** What the site adds to every feed: its origin, the conditions it sells, its currency. */
function feedSiteOf(site: Pick<Site, "origin" | "settings" | "services">): FeedSite {
  return {
    origin: site.origin,
    conditions: site.settings.vehicleConditions,
    currency: site.settings.tracking.currency,
    photoBase: photoBaseOf(site.services.config),
  };
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// Store ids are slugs; anything else names no store, and is refused before any lookup.
const STORE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Whether `header` (If-None-Match) names `etag`, or is `*`. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/**
 * A store's ad feed: the kept gzip bytes as they are to a client that takes gzip (both platforms' fetchers do),
 * decompressed on the way out to one that does not, 304 to a client that has this version already.
 */
export async function listingFeedResponse(
  request: Request,
  site: Site,
  storeId: string | undefined,
  platform: Platform,
): Promise<Response> {
  const store = storeId && STORE_ID.test(storeId) ? site.stores.find((s) => s.id === storeId) : undefined;
  if (!store) return plain(404, "There is no store with that id.");
  let feed: Awaited<ReturnType<typeof listingFeed>>;
  try {
    feed = await listingFeed(site.services.db, store, feedSiteOf(site), platform);
  } catch (error) {
    logError(`serving the ${platform} feed of ${store.id}`, error);
    return plain(503, "The feed cannot be built just now. Try again in a minute.");
  }
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    // Short: a fetcher comes back for the next import's cars, and the ETag makes an unchanged feed a 304.
    "Cache-Control": "public, max-age=300",
    ETag: feed.etag,
    Vary: "Accept-Encoding",
    "X-Robots-Tag": "noindex",
  });
  if (matches(request.headers.get("if-none-match"), feed.etag)) return new Response(null, { status: 304, headers });
  const negotiator = new Negotiator({ headers: { "accept-encoding": request.headers.get("accept-encoding") ?? "" } });
  if (negotiator.encoding(["gzip", "identity"]) === "gzip") {
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(feed.gzip.length));
    return new Response(new Uint8Array(feed.gzip), { status: 200, headers });
  }
  const body = Readable.from([feed.gzip]).pipe(createGunzip());
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
