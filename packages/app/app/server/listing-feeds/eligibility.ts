import type { FeedSite, FeedStore, FeedVehicle, Platform } from "./feed-vehicle";

/** Why a feed leaves an available car out, in the order they are checked: a car is counted under the first. */
export const LEFT_OUT_REASONS = [
  "private",
  "condition",
  "no-price",
  "price-locked",
  "no-photo",
  "no-exterior-color",
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** What the desk says of each reason. */
export const LEFT_OUT_LABELS: Readonly<Record<LeftOutReason, string>> = {
  private: "Private inventory: the site shows it only to shoppers who unlock it.",
  condition: "Its condition is one the site does not sell, so it has no page to link to.",
  "no-price": "Call for Price: both platforms require a price.",
  "price-locked": "Its price is behind Unlock Price, and the store’s setting keeps those prices out of ads.",
  "no-photo": "No photo: Meta requires a picture of the car, and the site’s drawing is not one.",
  "no-exterior-color": "No exterior colour: Meta requires one.",
};

/**
 * Whether the site hides this car's price behind Unlock Price. The gate is on for every listing (spec section 6): any
 * car with a price shows it only after the unlock, so every priced car is locked.
 */
function priceBehindUnlock(vehicle: Pick<FeedVehicle, "price">): boolean {
  return vehicle.price !== null;
}

/**
 * Why `platform`'s feed leaves `vehicle` out, or null when the feed lists it. Only cars the store may advertise are
 * listed: public, of a condition the site sells (their page exists), with a price both platforms require, shown only
 * with the store's consent since the site itself keeps it behind Unlock Price; Meta also needs a photo and a colour.
 */
export function leftOutReason(
  vehicle: FeedVehicle,
  store: FeedStore,
  site: FeedSite,
  platform: Platform,
): LeftOutReason | null {
  if (vehicle.private) return "private";
  if (!site.conditions.includes(vehicle.condition)) return "condition";
  if (vehicle.price === null || vehicle.price <= 0) return "no-price";
  if (priceBehindUnlock(vehicle) && !store.dealer.advertising.priceInAds) return "price-locked";
  if (platform === "meta" && vehicle.images.length === 0) return "no-photo";
  if (platform === "meta" && (vehicle.exteriorColor ?? "").trim() === "") return "no-exterior-color";
  return null;
}
