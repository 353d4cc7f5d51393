// The in-memory inventory of one database (docs/decisions/130), checked against `inventory_version` on every use (one
// primary-key read, none on PGlite). When the version has moved, the new index is built beside the one in use, off
// the request path, and swapped in whole when ready; searches meanwhile answer from the previous one, never empty
// and never waiting (docs/decisions/361). Only a process that has no index yet waits for its first.
import { defaultInventoryRules, type InventoryRules } from "@showroom/rules/inventory";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { inventoryVersion, vehiclePhotos, vehicles } from "../db/schema.server";
import { toTextArray } from "../inventory/import.server";
import type { KeptUntilChanged } from "../kept-until-changed";
import { logError } from "../log.server";
import { type InventoryIndex, type InventoryRow, inventoryIndexSteps } from "./inventory-index";
import { sortOrderSteps } from "./sort-order";

interface Loaded {
  /** The `inventory_version` the rows were read at; null before any vehicle was ever written. */
  version: string | null;
  index: InventoryIndex;
}

interface Snapshot {
  /** The index searches answer from: replaced whole, by one assignment, when a newer one is ready. */
  current?: Loaded;
  /** The rebuild under way: at most one per database, so a process never holds more than two indexes. */
  rebuilding?: Promise<Loaded>;
  /** The rules the searches ask with: their sort orders are worked out before a swap. */
  rules: InventoryRules;
  /** Awaited between a rebuild's build and its swap (a test's gate); a throw fails the rebuild. */
  beforeSwap?: (version: string | null) => Promise<void> | void;
  /** Set as the server shuts down: a rebuild still under way ends quietly, and none starts. */
  stopped?: boolean;
}

const snapshots = new WeakMap<Db, Snapshot>();

function snapshotOf(db: Db): Snapshot {
  let snapshot = snapshots.get(db);
  if (!snapshot) {
    snapshot = { rules: defaultInventoryRules };
    snapshots.set(db, snapshot);
  }
  return snapshot;
}

const versionColumn = sql<string>`${inventoryVersion.version}::text`;

const keptVersions = new WeakMap<Db, KeptUntilChanged<string | null>>();

/**
 * Lets searches on `db` take the inventory version from `kept` instead of reading it (docs/decisions/252): on the
 * embedded database, which tells this process of every write, an unchanged inventory costs no query at all.
 */
export function keepInventoryVersion(db: Db, kept: KeptUntilChanged<string | null>): void {
  keptVersions.set(db, kept);
}

/** `inventory_version` as the database holds it now (one primary-key read). */
async function storedVersion(db: Db): Promise<string | null> {
  const [row] = await db.select({ version: versionColumn }).from(inventoryVersion).where(eq(inventoryVersion.id, 1));
  return row?.version ?? null;
}

/**
 * The inventory's version now: `inventory_version` (one primary-key read), or the kept value where the database tells
 * this process of every write. Null before any vehicle was ever written.
 */
export async function inventoryVersionOf(db: Db): Promise<string | null> {
  const kept = keptVersions.get(db);
  return kept ? kept.read(() => storedVersion(db)) : storedVersion(db);
}

/** The same where the version is kept in this process (PGlite); undefined where reading it is a query. */
export async function keptInventoryVersionOf(db: Db): Promise<string | null | undefined> {
  const kept = keptVersions.get(db);
  return kept ? kept.read(() => storedVersion(db)) : undefined;
}

const firstReadyPhoto = sql`(select ${vehiclePhotos.name} || '-' || ${vehiclePhotos.width}
  from jsonb_array_elements_text(case when jsonb_typeof(${vehicles.details}->'images') = 'array'
    then ${vehicles.details}->'images' else '[]'::jsonb end) with ordinality as image(url, n)
  join ${vehiclePhotos} on ${vehiclePhotos.sourceUrl} = image.url and ${vehiclePhotos.status} = 'ready'
  order by image.n limit 1)`;

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
  // The first of the feed's photos that the photo job has made (ADR 380): `{name}-{width}`, or null for the drawing.
  ["photo", firstReadyPhoto],
  ["firstSeenAt", sql`${vehicles.firstSeenAt}`],
] as const;

/** Rows a page of the read holds: small enough that decoding one page keeps requests waiting for milliseconds. */
const PAGE_ROWS = 2_000;
/** Reads of the pages, the last of them in one snapshot transaction (which on PGlite holds other queries meanwhile). */
const READ_ATTEMPTS = 3;

const arrays = sql.join(
  COLUMNS.map(([, column]) => column),
  sql`, `,
);

/**
 * The available vehicles after `after` in VIN order, at most `pageRows`, in the shape of the index. They come as ONE
 * JSON array: a driver decodes one text value much faster than rows one by one (PGlite took 280 ms for the rows, 90
 * ms for the JSON, at 10,000). The subquery is named `vehicles`, so the columns name it as they name the table.
 */
async function readPage(db: Db, after: string, pageRows: number): Promise<InventoryRow[]> {
  return readRows(
    db,
    sql`select * from ${vehicles} where ${vehicles.status} = 'available' and ${vehicles.vin} > ${after}
        order by ${vehicles.vin} limit ${pageRows}`,
  );
}

/**
 * The available vehicles among `vins`, in the shape of the index (what an import changed, for the alerts: ADR 372).
 * One array parameter, however many VINs.
 */
export function readAvailableRows(db: Db, vins: readonly string[]): Promise<InventoryRow[]> {
  if (vins.length === 0) return Promise.resolve([]);
  return readRows(
    db,
    sql`select * from ${vehicles} where ${vehicles.status} = 'available'
        and ${vehicles.vin} = any(${toTextArray(vins)}::text[])`,
  );
}

async function readRows(db: Db, subquery: SQL): Promise<InventoryRow[]> {
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_array(${arrays}) order by ${vehicles.vin}), '[]')::text as rows
      from (${subquery}) as ${vehicles}`,
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

export interface ReadOptions {
  /** Rows a page holds (default {@link PAGE_ROWS}). */
  pageRows?: number;
  /** Awaited after each page: a test's write between two pages. */
  afterPage?: () => Promise<void>;
}

/** Every available vehicle, a page at a time, with requests served between pages. */
async function readPages(db: Db, options: ReadOptions): Promise<InventoryRow[]> {
  const pageRows = options.pageRows ?? PAGE_ROWS;
  const rows: InventoryRow[] = [];
  for (let after = ""; ; ) {
    const page = await readPage(db, after, pageRows);
    for (const row of page) rows.push(row);
    await options.afterPage?.();
    if (page.length < pageRows) return rows;
    after = (page.at(-1) as InventoryRow).vin;
  }
}

/**
 * Every available vehicle, in VIN order, and the version they are the rows of. The pages are read outside a
 * transaction (on PGlite a transaction would hold every request's query until the last page), between two reads of
 * the version: a write that commits meanwhile moves it, and the rows are read again. When writes keep landing, the
 * last attempt reads in one REPEATABLE READ snapshot.
 */
export async function readAvailableInventory(
  db: Db,
  options: ReadOptions = {},
): Promise<{ version: string | null; rows: InventoryRow[] }> {
  for (let attempt = 1; attempt < READ_ATTEMPTS; attempt++) {
    const version = await storedVersion(db);
    const rows = await readPages(db, options);
    if ((await storedVersion(db)) === version) return { version, rows };
  }
  return db.transaction(
    async (tx) => ({
      version: await storedVersion(tx as unknown as Db),
      rows: await readPages(tx as unknown as Db, options),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The feed's `dateAdded` (validated `yyyy-mm-dd` by the importer), else the UTC day we first saw the vehicle. */
export function listedOn(dateAdded: string | null, firstSeenAt: Date): string {
  return dateAdded && /^\d{4}-\d{2}-\d{2}$/.test(dateAdded) ? dateAdded : firstSeenAt.toISOString().slice(0, 10);
}

/** Lets pending I/O (requests) run before the next step of a rebuild. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `steps` to their end, letting requests run between every two. */
async function stepByStep<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** Reads the inventory and builds its index step by step, with the rules' sort orders worked out (no shopper pays). */
async function load(db: Db, rules: InventoryRules): Promise<Loaded> {
  const { version, rows } = await readAvailableInventory(db);
  const index = await stepByStep(inventoryIndexSteps(rows));
  for (const option of rules.sort.search.options) await stepByStep(sortOrderSteps(index, option));
  return { version, index };
}

const order = (version: string | null) => (version === null ? -1n : BigInt(version));

/** The rebuild under way, or a new one: built beside the index in use, then swapped in by one assignment. */
function rebuild(db: Db, snapshot: Snapshot): Promise<Loaded> {
  if (snapshot.rebuilding) return snapshot.rebuilding;
  const run = (async () => {
    const loaded = await load(db, snapshot.rules);
    await snapshot.beforeSwap?.(loaded.version);
    // Searches under way keep the index they hold; every later one takes this.
    if (!snapshot.current || order(loaded.version) >= order(snapshot.current.version)) snapshot.current = loaded;
    return loaded;
  })();
  snapshot.rebuilding = run;
  run.then(
    async (loaded) => {
      if (snapshot.rebuilding === run) snapshot.rebuilding = undefined;
      // A write committed while this index was built: build again, behind the one just swapped in.
      try {
        if (order(await storedVersion(db)) > order(loaded.version)) rebuildInBackground(db, snapshot);
      } catch (error) {
        if (!snapshot.stopped) logError("reading the inventory version after a rebuild of the search index", error);
      }
    },
    () => {
      if (snapshot.rebuilding === run) snapshot.rebuilding = undefined;
    },
  );
  return run;
}

function rebuildInBackground(db: Db, snapshot: Snapshot): void {
  if (snapshot.stopped) return;
  rebuild(db, snapshot).catch((error) => {
    if (!snapshot.stopped) logError("rebuilding the search index (searches answer from the previous inventory)", error);
  });
}

/**
 * The inventory index of `db` for a search: the one in use, also while a newer inventory is being indexed beside it.
 * A version newer than the index's starts that rebuild (when none is under way) without waiting for it, so a write
 * another process made, or a notice this one missed, is picked up by the next search. Only a process that has no
 * index yet waits, for its first, shared by every search that arrives meanwhile.
 */
export async function inventoryIndex(db: Db, rules: InventoryRules = defaultInventoryRules): Promise<InventoryIndex> {
  const snapshot = snapshotOf(db);
  snapshot.rules = rules;
  const version = await inventoryVersionOf(db);
  const current = snapshot.current;
  if (!current) return (await rebuild(db, snapshot)).index;
  if (order(version) > order(current.version) && !snapshot.rebuilding) rebuildInBackground(db, snapshot);
  return current.index;
}

/**
 * An import (or any write to vehicles) was noticed: starts building the new index now, off any request, when this
 * process has one to replace. A server builds its first before it opens its port (server/app.ts).
 */
export function inventoryChanged(db: Db): void {
  const snapshot = snapshots.get(db);
  if (snapshot?.current) rebuildInBackground(db, snapshot);
}

/**
 * The `inventory_version` of the index searches answer from now; undefined before this process built one. The HTML
 * cache keeps no page rendered while the index was behind the database (docs/decisions/361).
 */
export function indexedInventoryVersion(db: Db): string | null | undefined {
  return snapshots.get(db)?.current?.version;
}

/**
 * Resolves once the index searches answer from is as new as the inventory was when this was called, rebuilding as
 * needed: for an importer that wants its rows listed before it returns, the benchmarks, and tests.
 */
export async function inventoryIndexCaughtUp(db: Db): Promise<void> {
  const snapshot = snapshotOf(db);
  const wanted = order(await storedVersion(db));
  while (!snapshot.current || order(snapshot.current.version) < wanted) await rebuild(db, snapshot);
}

/**
 * The server shuts down: forgets `db`'s index, starts no more rebuilds, and lets one under way end without a word
 * (its database is about to close under it).
 */
export function stopInventoryIndex(db: Db): void {
  const snapshot = snapshots.get(db);
  if (snapshot) snapshot.stopped = true;
  snapshots.delete(db);
}

/**
 * Test seam: `gate` runs in every rebuild of `db`'s index after the build and before the swap (a deferred promise
 * holds the rebuild there; a throw fails it). Returns the function that removes it.
 */
export function beforeInventorySwap(db: Db, gate: (version: string | null) => Promise<void> | void): () => void {
  const snapshot = snapshotOf(db);
  snapshot.beforeSwap = gate;
  return () => {
    if (snapshot.beforeSwap === gate) snapshot.beforeSwap = undefined;
  };
}
