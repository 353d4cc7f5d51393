import { originOf, settingsFor } from "../content/site.server";
import { listStores } from "../content/stores.server";
import type { AppServices } from "../context";
import { feedPath } from "../server/listing-feeds/build.server";
import { LEFT_OUT_LABELS, type LeftOutReason } from "../server/listing-feeds/eligibility";
import { listingFeed } from "../server/listing-feeds/feed-cache.server";
import { type FeedSite, PLATFORMS, type Platform } from "../server/listing-feeds/feed-vehicle";
import { photoBaseOf } from "../server/photos/photo-settings.server";

const PLATFORM_NAMES: Record<Platform, string> = {
  google: "Google vehicle listings",
  meta: "Meta automotive catalog",
};

export interface DeskFeed {
  platform: Platform;
  name: string;
  /** The feed's address, to give the platform. */
  url: string;
  listed: number;
  /** ISO time of the build the figures come from. */
  builtAt: string;
  leftOut: {
    reason: LeftOutReason;
    label: string;
    count: number;
    cars: { vin: string; stockNumber: string; title: string }[];
  }[];
}

export interface DeskFeedStore {
  id: string;
  name: string;
  priceInAds: boolean;
  feeds: DeskFeed[];
}

/**
 * Every store's two feeds as the platforms fetch them now: how many cars each lists, and what it leaves out and why.
 * The kept builds: a page opened right after an import may show the feed of a few seconds before, with its time.
 */
export async function listingFeedsDesk(services: AppServices): Promise<DeskFeedStore[]> {
  const settings = settingsFor(services.config);
  const site: FeedSite = {
    origin: originOf(services),
    conditions: settings.vehicleConditions,
    currency: settings.tracking.currency,
    photoBase: photoBaseOf(services.config),
  };
  const stores = await listStores(services.db);
  return Promise.all(
    stores.map(async (store) => ({
      id: store.id,
      name: store.dealer.name,
      priceInAds: store.dealer.advertising.priceInAds,
      feeds: await Promise.all(
        PLATFORMS.map(async (platform) => {
          const feed = await listingFeed(services.db, store, site, platform);
          return {
            platform,
            name: PLATFORM_NAMES[platform],
            url: `${site.origin}${feedPath(store.id, platform)}`,
            listed: feed.listed,
            builtAt: feed.builtAt.toISOString(),
            leftOut: feed.leftOut.map((group) => ({ ...group, label: LEFT_OUT_LABELS[group.reason] })),
          };
        }),
      ),
    })),
  );
}
