// Each feed is built once per inventory version and kept compressed (docs/decisions/351): a request for an unchanged
// inventory costs one version read (none on PGlite) and sends the kept bytes, whatever the store's size.
import type { Dealer } from "@showroom/fixtures";
import type { Db } from "../db/client.server";
import { logError } from "../log.server";
import { inventoryVersionOf } from "../search/snapshot.server";
import { type BuiltFeed, buildFeed } from "./build.server";
import type { FeedSite, FeedStore, Platform } from "./feed-vehicle";

interface Inputs {
  /** The store's parsed profile: the same object while its row is unchanged (stores.server keeps one per JSON). */
  dealer: Dealer;
  site: string;
}

interface Slot {
  current?: { feed: BuiltFeed; inputs: Inputs };
  building?: { done: Promise<BuiltFeed>; inputs: Inputs };
}

const slots = new WeakMap<Db, Map<string, Slot>>();

const siteKey = (site: FeedSite) => `${site.origin}|${site.conditions.join(",")}|${site.currency}`;
const sameInputs = (a: Inputs, b: Inputs) => a.dealer === b.dealer && a.site === b.site;
const order = (version: string | null) => (version === null ? -1n : BigInt(version));

function slotOf(db: Db, storeId: string, platform: Platform): Slot {
  let perDb = slots.get(db);
  if (!perDb) {
    perDb = new Map();
    slots.set(db, perDb);
  }
  const key = `${storeId}\n${platform}`;
  let slot = perDb.get(key);
  if (!slot) {
    slot = {};
    perDb.set(key, slot);
  }
  return slot;
}

function startBuild(db: Db, slot: Slot, store: FeedStore, site: FeedSite, platform: Platform, inputs: Inputs) {
  const building: NonNullable<Slot["building"]> = { inputs, done: build() };
  async function build(): Promise<BuiltFeed> {
    // Read before the rows: a write during the build leaves this version behind, and the next request builds again.
    const version = await inventoryVersionOf(db);
    const feed = await buildFeed(db, store, site, platform, version);
    const kept = slot.current;
    // Never over a newer build of the same inputs, nor over another's inputs once a build for newer ones has begun.
    const keep = !kept
      ? true
      : sameInputs(kept.inputs, inputs)
        ? order(version) >= order(kept.feed.version)
        : slot.building === building;
    if (keep) slot.current = { feed, inputs };
    return feed;
  }
  slot.building = building;
  const clear = () => {
    if (slot.building === building) slot.building = undefined;
  };
  building.done.then(clear, clear);
  return building.done;
}

/**
 * `platform`'s feed of `store`, as of the current inventory. When only the inventory moved since the kept build, the
 * kept one is answered at once and the new one is built behind it (the platforms fetch on their own schedule; a feed
 * seconds old is what they would have fetched a moment earlier); `fresh` waits for it instead. When the store's
 * profile or the site's settings changed, every caller waits: a store that took its consent to show prices back must
 * not have them published again.
 */
export async function listingFeed(
  db: Db,
  store: FeedStore,
  site: FeedSite,
  platform: Platform,
  options: { fresh?: boolean } = {},
): Promise<BuiltFeed> {
  const slot = slotOf(db, store.id, platform);
  const inputs: Inputs = { dealer: store.dealer, site: siteKey(site) };
  const version = await inventoryVersionOf(db);
  const kept = slot.current && sameInputs(slot.current.inputs, inputs) ? slot.current.feed : null;
  if (kept && kept.version === version) return kept;
  const building =
    slot.building && sameInputs(slot.building.inputs, inputs)
      ? slot.building.done
      : startBuild(db, slot, store, site, platform, inputs);
  if (kept && !options.fresh) {
    building.catch((error) => logError(`building the ${platform} feed of ${store.id}`, error));
    return kept;
  }
  const feed = await building;
  // A build that began before the write this caller saw is too old for it: build again, from after that write.
  return order(feed.version) < order(version) ? startBuild(db, slot, store, site, platform, inputs) : feed;
}
