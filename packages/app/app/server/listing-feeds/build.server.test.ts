import { gunzipSync } from "node:zlib";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { siteContent } from "../../content/fixtures.server";
import { vehiclePhotos, vehicles } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";
import { seedIfEmpty } from "../seed.server";
import { fixtureStores } from "./arbitraries.test-support";
import { LEFT_OUT_REASONS } from "./eligibility";
import { listingFeed } from "./feed-cache.server";
import { absoluteUrl, type FeedSite, type FeedStore, PLATFORMS } from "./feed-vehicle";
import {
  type GoogleItem,
  googleItemSchema,
  googleItems,
  type MetaListing,
  metaListingSchema,
  metaListings,
} from "./platform-schemas.test-support";

// The site as development runs it: the base settings' conditions (new and used).
const site: FeedSite = {
  origin: "https://www.confluencemotors.example",
  conditions: siteContent().settings.base.vehicleConditions,
  currency: "USD",
};

const storeOf = (id: string): FeedStore => {
  const store = fixtureStores().find((s) => s.id === id);
  if (!store) throw new Error(`no fixture store ${id}`);
  return store;
};
const xmlOf = (gzip: Buffer) => gunzipSync(gzip).toString("utf8");

describe.each(testDatabaseKinds())("the ad feeds on %s", (kind) => {
  const database = useTestDatabase(kind, { truncate: false });
  beforeAll(async () => {
    await seedIfEmpty(database.db);
  }, 120_000);

  async function availableCars(storeId: string) {
    return database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.storeId, storeId), eq(vehicles.status, "available")));
  }

  describe("the fixture stores' ad feeds", () => {
    for (const store of fixtureStores())
      for (const platform of PLATFORMS)
        it(`${store.id}'s ${platform} feed lists every car the store may advertise, each valid against the platform's field list`, async () => {
          const feed = await listingFeed(database.db, store, site, platform, { fresh: true });
          const xml = xmlOf(feed.gzip);
          const items = platform === "google" ? googleItems(xml) : metaListings(xml);
          const schema = platform === "google" ? googleItemSchema : metaListingSchema;
          for (const item of items) {
            const result = schema.safeParse(item);
            expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
          }
          expect(items).toHaveLength(feed.listed);

          // Every available car is either listed or counted under one reason.
          const cars = await availableCars(store.id);
          const leftOut = feed.leftOut.reduce((sum, group) => sum + group.count, 0);
          expect(feed.listed + leftOut).toBe(cars.length);
          const listedVins = new Set(
            platform === "google"
              ? (items as GoogleItem[]).map((i) => i["g:vin"])
              : (items as MetaListing[]).map((l) => l.vin),
          );
          const advertisable = cars.filter(
            (car) =>
              !car.private &&
              car.price !== null &&
              site.conditions.includes(car.condition) &&
              (platform === "google" || ((car.details as { images?: unknown[] }).images ?? []).length > 0),
          );
          expect([...listedVins].sort()).toEqual(advertisable.map((car) => car.vin).sort());
          expect(feed.leftOut.map((group) => group.reason)).toEqual(
            LEFT_OUT_REASONS.filter((reason) => feed.leftOut.some((group) => group.reason === reason)),
          );
        });

    it("the fixture stores allow their prices in ads, so Google lists cars of both and Meta the ones with photos", async () => {
      for (const store of fixtureStores()) {
        expect(store.dealer.advertising.priceInAds).toBe(true);
        expect((await listingFeed(database.db, store, site, "google", { fresh: true })).listed).toBeGreaterThan(100);
      }
      expect((await listingFeed(database.db, storeOf("brentwood"), site, "meta", { fresh: true })).listed).toBe(3);
    });
  });

  describe("the kept feeds", () => {
    it("an unchanged inventory is answered from the kept build: the same bytes, no new build", async () => {
      const store = storeOf("st-peters");
      const first = await listingFeed(database.db, store, site, "google");
      expect(await listingFeed(database.db, store, site, "google")).toBe(first);
    });

    it("after an import the kept feed is answered at once while the new one is built, and the new one follows", async () => {
      const store = storeOf("brentwood");
      const before = await listingFeed(database.db, store, site, "google", { fresh: true });
      const [listed] = googleItems(xmlOf(before.gzip)) as GoogleItem[];
      if (!listed) throw new Error("brentwood lists no car");
      const [row] = await database.db.select().from(vehicles).where(eq(vehicles.vin, listed["g:vin"]));
      if (!row || row.price === null) throw new Error("the listed car has no row");
      const fixture = (await import("@showroom/fixtures/server")).readFixtureJson("inventory/vehicles.json") as Record<
        string,
        unknown
      >[];
      const car = fixture.find((v) => v.vin === row.vin);
      const summary = await importFeed(database.db, store.id, parseJsonFeed([{ ...car, price: row.price + 1000 }]), {
        full: false,
      });
      expect(summary).toMatchObject({ applied: true, updated: 1 });

      expect(await listingFeed(database.db, store, site, "google")).toBe(before);
      const after = await listingFeed(database.db, store, site, "google", { fresh: true });
      expect(after.etag).not.toBe(before.etag);
      const item = (googleItems(xmlOf(after.gzip)) as GoogleItem[]).find((i) => i["g:vin"] === row.vin);
      expect(item?.["g:price"]).toBe(`${row.price + 1000}.00 USD`);
      expect(await listingFeed(database.db, store, site, "google")).toBe(after);
    });

    it("a store that takes its consent to price ads back lists no car at once: nobody is answered the kept feed", async () => {
      const store = storeOf("st-peters");
      expect((await listingFeed(database.db, store, site, "google")).listed).toBeGreaterThan(0);
      const withdrawn: FeedStore = { id: store.id, dealer: { ...store.dealer, advertising: { priceInAds: false } } };
      const feed = await listingFeed(database.db, withdrawn, site, "google");
      expect(feed.listed).toBe(0);
      expect(googleItems(xmlOf(feed.gzip))).toEqual([]);
      const priced = (await availableCars(store.id)).filter(
        (car) => !car.private && car.price !== null && site.conditions.includes(car.condition),
      );
      expect(feed.leftOut.find((group) => group.reason === "price-locked")?.count).toBe(priced.length);
    });

    it("sold cars are in no feed", async () => {
      const store = storeOf("brentwood");
      const before = await listingFeed(database.db, store, site, "google", { fresh: true });
      const [first] = googleItems(xmlOf(before.gzip)) as GoogleItem[];
      if (!first) throw new Error("brentwood lists no car");
      await database.db
        .update(vehicles)
        .set({ status: "sold" })
        .where(inArray(vehicles.vin, [first["g:vin"]]));
      const after = await listingFeed(database.db, store, site, "google", { fresh: true });
      expect(after.listed).toBe(before.listed - 1);
      expect((googleItems(xmlOf(after.gzip)) as GoogleItem[]).map((i) => i["g:vin"])).not.toContain(first["g:vin"]);
    });
  });
  // Last: making photos moves the inventory version, which the kept-feed tests above do not expect between them.
  describe("the site's own photos", () => {
    it("a car's photos the server has made go out as the site's absolute JPEG URLs; the others as the feed gave them", async () => {
      const store = storeOf("brentwood");
      const [listing] = metaListings(
        xmlOf((await listingFeed(database.db, store, site, "meta", { fresh: true })).gzip),
      ) as MetaListing[];
      const [row] = await database.db
        .select()
        .from(vehicles)
        .where(eq(vehicles.vin, listing?.vin ?? ""));
      const [first, second, ...rest] = (row?.details as { images?: string[] } | undefined)?.images ?? [];
      if (!first || !second) throw new Error("the car has fewer than two photos");
      const name = "0123456789abcdef0123456789abcdef";
      // Queued, then made as the photo job makes them: turning ready moves the inventory version the feeds are kept
      // by. The first is made with its JPEG; the second was made before the feeds' JPEG existed (ADR 407).
      await database.db.insert(vehiclePhotos).values([{ sourceUrl: first }, { sourceUrl: second }]);
      await database.db
        .update(vehiclePhotos)
        .set({ status: "ready", name, width: 1440, feedJpeg: true })
        .where(eq(vehiclePhotos.sourceUrl, first));
      await database.db
        .update(vehiclePhotos)
        .set({ status: "ready", name: name.replace("0", "f"), width: 1440 })
        .where(eq(vehiclePhotos.sourceUrl, second));
      try {
        const expected = [
          `${site.origin}/media/photos/${name}-1440.jpg`,
          ...[second, ...rest].map((url) => absoluteUrl(site, url)),
        ];
        const google = (
          googleItems(
            xmlOf((await listingFeed(database.db, store, site, "google", { fresh: true })).gzip),
          ) as GoogleItem[]
        ).find((item) => item["g:vin"] === row?.vin);
        expect(googleItemSchema.safeParse(google).success).toBe(true);
        expect([google?.["g:image_link"], ...(google?.["g:additional_image_link"] ?? [])]).toEqual(expected);
        const meta = (
          metaListings(
            xmlOf((await listingFeed(database.db, store, site, "meta", { fresh: true })).gzip),
          ) as MetaListing[]
        ).find((l) => l.vin === row?.vin);
        expect(metaListingSchema.safeParse(meta).success).toBe(true);
        expect(meta?.image.map((image) => image.url)).toEqual(expected);
      } finally {
        await database.db.delete(vehiclePhotos);
      }
    });

    it("the platforms' schemas refuse an AVIF or WebP address, which neither platform shows", () => {
      const name = "0123456789abcdef0123456789abcdef";
      for (const format of ["avif", "webp"]) {
        const image = `${site.origin}/media/photos/${name}-1440.${format}`;
        const google = googleItemSchema.shape["g:image_link"].safeParse(image);
        const meta = metaListingSchema.shape.image.safeParse([{ url: image }]);
        expect([google.success, meta.success]).toEqual([false, false]);
      }
    });
  });
});
