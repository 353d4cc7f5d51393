// How an indexed vehicle becomes a result card, with the Unlock Price gate of spec section 6.
import { vehiclePath } from "@showroom/rules/inventory";
import type { IndexedVehicle } from "./inventory-index";
import type { PriceDisplay, VehicleCard } from "./types";

/** The Unlock Price gate: no price is "Call for Price" even before the unlock; otherwise the unlock shows amounts. */
export function priceDisplay(
  vehicle: { price: number | null; oldPrice: number | null },
  priceUnlocked: boolean,
): PriceDisplay {
  if (vehicle.price === null) return { kind: "call" };
  if (!priceUnlocked) return { kind: "unlock" };
  return { kind: "amount", amount: vehicle.price, oldAmount: vehicle.oldPrice };
}

/** How long a vehicle counts as a new arrival. */
const NEW_ARRIVAL_DAYS = 7;
const DAY = 86_400_000;

/** Whether a vehicle listed on `listedOn` (`yyyy-mm-dd`) arrived within {@link NEW_ARRIVAL_DAYS} of `now` (UTC days). */
export function isNewArrival(listedOn: string, now: Date): boolean {
  const age = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) - Date.parse(`${listedOn}T00:00:00Z`);
  return age >= 0 && age < NEW_ARRIVAL_DAYS * DAY;
}

// A detail path costs a slugify; an indexed vehicle never changes, so each is built once, when first shown.
const hrefs = new WeakMap<IndexedVehicle, string>();
function hrefOf(vehicle: IndexedVehicle): string {
  let href = hrefs.get(vehicle);
  if (href === undefined) {
    href = vehiclePath(vehicle);
    hrefs.set(vehicle, href);
  }
  return href;
}

/** A card from an indexed vehicle. The price reaches the card only once the visitor has unlocked prices. */
export function toCard(vehicle: IndexedVehicle, options: { priceUnlocked: boolean; now: Date }): VehicleCard {
  const { price, oldPrice, makeSlug: _make, modelSlug: _model, ...rest } = vehicle;
  return {
    ...rest,
    href: hrefOf(vehicle),
    price: priceDisplay({ price, oldPrice }, options.priceUnlocked),
    newArrival: isNewArrival(vehicle.listedOn, options.now),
  };
}
