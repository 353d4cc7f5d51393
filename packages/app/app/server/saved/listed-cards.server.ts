import type { Condition } from "@showroom/rules/inventory";
import type { Db } from "../db/client.server";
import { toCard } from "../search/cards";
import { inventoryIndex } from "../search/snapshot.server";
import type { VehicleCard } from "../search/types";

/**
 * Cards of the vehicles named by `vins` that are for sale, in the order given: from the search's in-memory index,
 * so sold vehicles, conditions the site does not sell and (before the inventory unlock) private vehicles drop out
 * exactly as they do from a search, and the price gate is the search's.
 */
export async function listedCards(
  db: Db,
  vins: readonly string[],
  options: { conditions: readonly Condition[]; priceUnlocked: boolean; privateUnlocked: boolean; now?: Date },
): Promise<VehicleCard[]> {
  if (vins.length === 0) return [];
  const index = await inventoryIndex(db);
  const wanted = new Set(vins);
  const byVin = new Map(index.vehicles.filter((v) => wanted.has(v.vin)).map((v) => [v.vin, v]));
  const now = options.now ?? new Date();
  return vins.flatMap((vin) => {
    const vehicle = byVin.get(vin);
    if (!vehicle) return [];
    if (vehicle.private && !options.privateUnlocked) return [];
    if (!options.conditions.includes(vehicle.condition)) return [];
    return [toCard(vehicle, { priceUnlocked: options.priceUnlocked, now })];
  });
}
