import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import { testSite } from "../content/test-site";
import { googleItems, metaListings } from "../server/listing-feeds/platform-schemas.test-support";
import { seedIfEmpty } from "../server/seed.server";
import { listingFeedResponse } from "./listing-feed.server";

const get = (headers: Record<string, string> = {}) => new Request("https://example.test/feed", { headers });

describe.each(testDatabaseKinds())("the feed routes on %s", (kind) => {
  const database = useTestDatabase(kind, { truncate: false });
  beforeAll(async () => {
    await seedIfEmpty(database.db);
  }, 120_000);

  it("a store's Google feed is XML, gzip-encoded for a client that takes gzip and plain for one that does not", async () => {
    const site = testSite("brentwood", database.db);
    const zipped = await listingFeedResponse(get({ "Accept-Encoding": "gzip, br" }), site, "brentwood", "google");
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(zipped.headers.get("content-length")).toBe(String(bytes.length));
    const xml = gunzipSync(bytes).toString("utf8");
    expect(googleItems(xml).length).toBeGreaterThan(100);

    const plain = await listingFeedResponse(get({ "Accept-Encoding": "identity" }), site, "brentwood", "google");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(xml);
    const none = await listingFeedResponse(get(), site, "brentwood", "google");
    expect(await none.text()).toBe(xml);
  });

  it("a fetcher that has the current feed gets 304 for its ETag, and the feed again for another", async () => {
    const site = testSite("st-peters", database.db);
    const first = await listingFeedResponse(get(), site, "st-peters", "meta");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    metaListings(await first.text());
    const again = await listingFeedResponse(get({ "If-None-Match": `"other", ${etag}` }), site, "st-peters", "meta");
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    const stale = await listingFeedResponse(get({ "If-None-Match": '"other"' }), site, "st-peters", "meta");
    expect(stale.status).toBe(200);
  });

  it("an unknown or malformed store id is a 404, never a 500", async () => {
    const site = testSite("brentwood", database.db);
    for (const id of ["downtown", "../brentwood", "BRENTWOOD", "", "a".repeat(500), "brentwood%00", undefined]) {
      const response = await listingFeedResponse(get(), site, id, "google");
      expect(response.status, String(id)).toBe(404);
    }
  });
});
