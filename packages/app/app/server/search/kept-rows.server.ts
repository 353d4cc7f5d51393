import { LRUCache } from "lru-cache";
import type { Db } from "../db/client.server";
import { keptInventoryVersionOf } from "./snapshot.server";

/**
 * What `load` read for `key`, kept for the inventory version it was read at, where the database tells this process of
 * every write (PGlite, docs/decisions/156): a vehicle page's row and its ready photos, which every write to vehicles
 * or to a photo's status changes with the version (docs/decisions/429). The most recently read `max` keys per
 * database are kept; elsewhere (PostgreSQL, with other writers) every call reads.
 */
export function keptPerInventoryVersion<T extends {}>(max: number) {
  const caches = new WeakMap<Db, LRUCache<string, { version: string; value: T }>>();
  return async (db: Db, key: string, load: () => Promise<T>): Promise<T> => {
    const version = await keptInventoryVersionOf(db);
    if (version === undefined || version === null) return load();
    let cache = caches.get(db);
    if (!cache) {
      cache = new LRUCache({ max });
      caches.set(db, cache);
    }
    const kept = cache.get(key);
    if (kept?.version === version) return kept.value;
    // Read after the version: a write in between makes the next call's version newer, so what is stored here is
    // never served under a version it does not belong to.
    const value = await load();
    cache.set(key, { version, value });
    return value;
  };
}
