// The in-memory inventory of one database, checked against `inventory_version` on every use: exact (a write to
// vehicles changes the version in the same transaction) and cheap (one primary-key read), so N processes on one
// PostgreSQL each keep their own copy without ever serving a stale one (docs/decisions/130).
import { defaultInventoryRules, type InventoryRules } from "@showroom/rules/inventory";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { inventoryVersion, vehicles } from "../db/schema.server";
import type { KeptUntilChanged } from "../kept-until-changed";
import { buildInventoryIndex, type InventoryIndex, type InventoryRow, warmSortOrders } from "./inventory-index";

interface Loaded {
  /** The `inventory_version` the rows were read at; null before any vehicle was ever written. */
  version: string | null;
  index: InventoryIndex;
}

interface Cache {
  current?: Loaded;
  /** A load in progress, shared by the requests that arrive meanwhile. */
  loading?: Promise<Loaded>;
}

const caches = new WeakMap<Db, Cache>();

const versionColumn = sql<string>`${inventoryVersion.version}::text`;

const keptVersions = new WeakMap<Db, KeptUntilChanged<string | null>>();

/**
 * Lets searches on `db` take the inventory version from `kept` instead of reading it (docs/decisions/252): on the
 * embedded database, which tells this process of every write, an unchanged inventory costs no query at all.
 */
export function keepInventoryVersion(db: Db, kept: KeptUntilChanged<string | null>): void {
  keptVersions.set(db, kept);
}

/**
 * The inventory's version now: `inventory_version` (one primary-key read), or the kept value where the database tells
 * this process of every write. Null before any vehicle was ever written.
 */
export async function inventoryVersionOf(db: Db): Promise<string | null> {
  const read = async () => {
    const [row] = await db.select({ version: versionColumn }).from(inventoryVersion).where(eq(inventoryVersion.id, 1));
    return row?.version ?? null;
  };
  const kept = keptVersions.get(db);
  return kept ? kept.read(read) : read();
}

// The loader's columns, in the order of the JSON arrays it reads.
const COLUMNS = [
  ["vin", sql`${vehicles.vin}`],
  ["storeId", sql`${vehicles.storeId}`],
  ["condition", sql`${vehicles.condition}`],
  ["year", sql`${vehicles.year}`],
  ["make", sql`${vehicles.make}`],
  ["makeSlug", sql`${vehicles.makeSlug}`],
  ["model", sql`${vehicles.model}`],
  ["modelSlug", sql`${vehicles.modelSlug}`],
  ["trim", sql`${vehicles.trim}`],
  ["bodyStyle", sql`${vehicles.bodyStyle}`],
  ["mileage", sql`${vehicles.mileage}`],
  ["price", sql`${vehicles.price}`],
  ["oldPrice", sql`${vehicles.oldPrice}`],
  ["stockNumber", sql`${vehicles.stockNumber}`],
  ["exteriorColor", sql`${vehicles.exteriorColor}`],
  ["fuelType", sql`${vehicles.fuelType}`],
  ["transmission", sql`${vehicles.transmission}`],
  ["drivetrain", sql`${vehicles.details}->>'drivetrain'`],
  ["priceDrop", sql`${vehicles.priceDrop}`],
  ["premiumUpgrades", sql`${vehicles.premiumUpgrades}`],
  ["private", sql`${vehicles.private}`],
  ["dateAdded", sql`${vehicles.details}->>'dateAdded'`],
  ["features", sql`coalesce(${vehicles.details}->'features', '[]'::jsonb)`],
  ["photo", sql`${vehicles.details}->'images'->>0`],
  ["firstSeenAt", sql`${vehicles.firstSeenAt}`],
] as const;

/**
 * Every available vehicle, in the shape of the index. The rows come as ONE JSON array: a driver decodes one text
 * value much faster than ten thousand rows (PGlite took 280 ms for the rows, 90 ms for the JSON, at 10,000).
 */
async function readRows(db: Db): Promise<InventoryRow[]> {
  const arrays = sql.join(
    COLUMNS.map(([, column]) => column),
    sql`, `,
  );
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_array(${arrays}) order by ${vehicles.vin}), '[]')::text as rows
      from ${vehicles} where ${vehicles.status} = 'available'`,
  );
  const [first] = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    rows: string;
  }[];
  const arraysOf = JSON.parse(first?.rows ?? "[]") as unknown[][];
  return arraysOf.map((values) => {
    const record = Object.fromEntries(COLUMNS.map(([key], i) => [key, values[i] ?? null])) as Record<string, unknown>;
    const { dateAdded, firstSeenAt, features, ...row } = record;
    return {
      ...(row as Omit<InventoryRow, "listedOn" | "features">),
      // The importer checked the feed's features; a hand-edited row with something else there finds nothing.
      features: Array.isArray(features) ? features.filter((f): f is string => typeof f === "string") : [],
      // JSON writes a timestamptz with the session's offset; Date reads any offset.
      listedOn: listedOn((dateAdded as string | null) ?? null, new Date(firstSeenAt as string)),
    };
  });
}

/** The feed's `dateAdded` (validated `yyyy-mm-dd` by the importer), else the UTC day we first saw the vehicle. */
export function listedOn(dateAdded: string | null, firstSeenAt: Date): string {
  return dateAdded && /^\d{4}-\d{2}-\d{2}$/.test(dateAdded) ? dateAdded : firstSeenAt.toISOString().slice(0, 10);
}

async function load(db: Db, rules: InventoryRules): Promise<Loaded> {
  // One consistent view: the version read is the version of exactly these rows.
  const { version, rows } = await db.transaction(
    async (tx) => ({
      version: await inventoryVersionOf(tx as unknown as Db),
      rows: await readRows(tx as unknown as Db),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const index = buildInventoryIndex(rows);
  warmSortOrders(index, rules);
  return { version, index };
}

const order = (version: string | null) => (version === null ? -1n : BigInt(version));

function startLoad(db: Db, cache: Cache, rules: InventoryRules): Promise<Loaded> {
  const loading = load(db, rules).then((loaded) => {
    if (!cache.current || order(loaded.version) >= order(cache.current.version)) cache.current = loaded;
    return loaded;
  });
  cache.loading = loading;
  // Cleared on failure too, so the next search tries again; the failure itself reaches the searches awaiting it.
  const clear = () => {
    if (cache.loading === loading) cache.loading = undefined;
  };
  loading.then(clear, clear);
  return loading;
}

/**
 * The inventory index of `db` as of now: the cached one when `inventory_version` has not moved since it was read,
 * otherwise a fresh load, shared by every search that waits for it.
 */
export async function inventoryIndex(db: Db, rules: InventoryRules = defaultInventoryRules): Promise<InventoryIndex> {
  let cache = caches.get(db);
  if (!cache) {
    cache = {};
    caches.set(db, cache);
  }
  const version = await inventoryVersionOf(db);
  if (cache.current && cache.current.version === version) return cache.current.index;
  let loaded = await (cache.loading ?? startLoad(db, cache, rules));
  // A load that began before the write this search saw is too old for it: load again, from after that write.
  if (order(loaded.version) < order(version)) loaded = await startLoad(db, cache, rules);
  return loaded.index;
}
