import { type Dealer, dealerSchema } from "@showroom/fixtures";
import type { Db } from "../server/db/client.server";
import { stores as storesTable } from "../server/db/schema.server";
import { KeptUntilChanged } from "../server/kept-until-changed";
import { siteContent } from "./fixtures.server";

/** A store of the group: its id and its dealer profile (spec section 3). */
export interface Store {
  readonly id: string;
  readonly dealer: Dealer;
}

// A profile row is parsed again only when its JSON changes, so a request pays one small query, not a validation.
const parsedProfiles = new Map<string, { json: string; dealer: Dealer }>();

function parseProfile(id: string, profile: unknown): Dealer | null {
  const json = JSON.stringify(profile);
  const known = parsedProfiles.get(id);
  if (known?.json === json) return known.dealer;
  const result = dealerSchema.safeParse(profile);
  if (!result.success) {
    console.error(`stores: the profile of store ${id} is not a valid dealer profile; it is left out`, result.error);
    return null;
  }
  parsedProfiles.set(id, { json, dealer: result.data });
  return result.data;
}

/**
 * The stores as last read, kept while the database tells this process of every write to stores (PGlite, where this
 * process is the only writer; docs/decisions/299).
 */
export class KeptStores extends KeptUntilChanged<Store[]> {}

const keptStores = new WeakMap<Db, KeptStores>();

/** Lets `listStores(db)` answer from `kept` while it holds the stores, instead of reading them on every page. */
export function keepStores(db: Db, kept: KeptStores): void {
  keptStores.set(db, kept);
}

/**
 * The group's stores: the `stores` table when it holds any (the server seeds it from `fixtures/dealers` on an empty
 * database), otherwise the fixture profiles themselves. Ordered as the group lists them, then by name. The same
 * array for every caller while kept: not to be modified.
 */
export async function listStores(db: Db): Promise<Store[]> {
  const kept = keptStores.get(db);
  return kept ? kept.read(() => readStores(db)) : readStores(db);
}

async function readStores(db: Db): Promise<Store[]> {
  const { group, dealers } = siteContent();
  const rows = await db.select({ id: storesTable.id, profile: storesTable.profile }).from(storesTable);
  const fromDb = rows.flatMap((row) => {
    const dealer = parseProfile(row.id, row.profile);
    return dealer ? [{ id: row.id, dealer }] : [];
  });
  const list = fromDb.length > 0 ? fromDb : dealers.map((dealer) => ({ id: dealer.id, dealer }));
  const rank = (id: string) => {
    const i = group.storeIds.indexOf(id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return list.sort((a, b) => rank(a.id) - rank(b.id) || a.dealer.name.localeCompare(b.dealer.name, "en"));
}

/** The store a new visitor sees: the group's default when it exists, else the first. */
export function defaultStore(stores: readonly Store[]): Store {
  const { group } = siteContent();
  const store = stores.find((s) => s.id === group.defaultStoreId) ?? stores[0];
  if (!store) throw new Error("stores: the group has no store");
  return store;
}
