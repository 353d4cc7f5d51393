// Matching after an import (ADR 372): only the rows the import changed are looked at, never the whole inventory per
// alert. Vehicle alerts are found by their VIN (an index); search alerts run the site's own search engine over an
// index built of the changed rows alone, so an alert matches exactly what its search page would list.
import { randomUUID } from "node:crypto";
import { defaultInventoryRules, type SearchCriteria, searchSortOption } from "@showroom/rules/inventory";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { alertSubscriptions, stores } from "../db/schema.server";
import { toTextArray } from "../inventory/import.server";
import { checkCriteria } from "../search/criteria";
import { runSearch } from "../search/engine";
import { buildInventoryIndex, type IndexedVehicle } from "../search/inventory-index";
import { readAvailableRows } from "../search/snapshot.server";
import { queueMatchEmails } from "./subscriptions.server";

/** What an import changed that an alert may care about. */
export interface AlertChange {
  vin: string;
  event: "new" | "price-drop";
  oldPrice: number | null;
}

/** One vehicle as an alert email lists it: what the email needs, so it is composed without reading the inventory. */
export interface AlertMatch {
  vin: string;
  event: "new" | "price-drop";
  year: number;
  make: string;
  model: string;
  trim: string | null;
  condition: string;
  price: number | null;
  oldPrice: number | null;
  mileage: number;
  /** The store that lists it, named in the email of an alert at every store. */
  store?: string;
}

/** Vehicles one email lists; the rest are counted and left to the search page. */
const MATCHES_PER_EMAIL = 10;

function matchOf(vehicle: IndexedVehicle, change: AlertChange): AlertMatch {
  return {
    vin: vehicle.vin,
    event: change.event,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    condition: vehicle.condition,
    price: vehicle.price,
    oldPrice: change.oldPrice,
    mileage: vehicle.mileage,
  };
}

/**
 * Queues one email per active alert that the import's changes match, in the caller's (the import's) transaction, so
 * an import and its alerts commit together; each email is keyed by a fresh import id, one per alert at most.
 */
export async function queueAlertMatches(
  db: Db,
  options: { storeId: string; changes: readonly AlertChange[]; messageDomain: string },
): Promise<number> {
  const { storeId, changes, messageDomain } = options;
  if (changes.length === 0) return 0;
  const importId = randomUUID();
  const byVin = new Map(changes.map((c) => [c.vin, c]));
  // Private vehicles are never mailed: the list is for the unlocked only, and the email is not.
  const rows = (await readAvailableRows(db, [...byVin.keys()])).filter((r) => !r.private && r.storeId === storeId);
  if (rows.length === 0) return 0;
  const perAlert = new Map<string, AlertMatch[]>();

  const drops = rows.filter((r) => byVin.get(r.vin)?.event === "price-drop");
  if (drops.length > 0) {
    const watching = await db
      .select({ id: alertSubscriptions.id, vin: alertSubscriptions.vin })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.status, "active"),
          eq(alertSubscriptions.kind, "vehicle"),
          sql`${alertSubscriptions.vin} = any(${toTextArray(drops.map((r) => r.vin))}::text[])`,
        ),
      );
    const dropByVin = new Map(drops.map((r) => [r.vin, r]));
    for (const alert of watching) {
      const row = dropByVin.get(alert.vin ?? "");
      if (row) perAlert.set(alert.id, [matchOf(row, byVin.get(row.vin) as AlertChange)]);
    }
  }

  const searches = await db
    .select({
      id: alertSubscriptions.id,
      criteria: alertSubscriptions.criteria,
      everyStore: alertSubscriptions.everyStore,
    })
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.status, "active"),
        eq(alertSubscriptions.kind, "search"),
        or(eq(alertSubscriptions.storeId, storeId), eq(alertSubscriptions.everyStore, true)),
      ),
    );
  if (searches.length > 0) {
    const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
    const index = buildInventoryIndex(rows);
    for (const alert of searches) {
      let criteria: SearchCriteria;
      try {
        criteria = checkCriteria({ ...(alert.criteria as object), page: 1 });
      } catch {
        // Criteria the rules no longer accept (a sort since removed) match nothing rather than stop the import.
        continue;
      }
      const sort = searchSortOption(criteria.sort, defaultInventoryRules);
      const found = runSearch(
        index,
        criteria,
        { storeId, privateUnlocked: false },
        {
          sort,
          offset: 0,
          limit: MATCHES_PER_EMAIL,
          facets: false,
        },
      );
      if (found.total > 0)
        perAlert.set(
          alert.id,
          found.vehicles.map((v) => {
            const match = matchOf(v, byVin.get(v.vin) as AlertChange);
            return alert.everyStore && store ? { ...match, store: store.name } : match;
          }),
        );
    }
  }

  return queueMatchEmails(db, importId, perAlert, messageDomain);
}
