import type { CardPrice, VehicleCardView } from "../components/vehicle/types";
import type { PriceDisplay, VehicleCard } from "../server/search/types";
import { formatMoney } from "./shell.server";

/** A gated price with its amounts formatted; an old price shows only when it is above the price (a sale). */
export function formattedPrice(price: PriceDisplay): CardPrice {
  if (price.kind !== "amount") return price;
  return {
    kind: "amount",
    amount: formatMoney(price.amount),
    oldAmount: price.oldAmount !== null && price.oldAmount > price.amount ? formatMoney(price.oldAmount) : null,
  };
}

/** A vehicle card as every listing shows it: the price gate already applied by the search, amounts formatted here. */
export function vehicleCard(vehicle: VehicleCard): VehicleCardView {
  return {
    vin: vehicle.vin,
    href: vehicle.href,
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    trim: vehicle.trim,
    bodyStyle: vehicle.bodyStyle,
    color: vehicle.exteriorColor,
    mileage: vehicle.mileage.toLocaleString("en-US"),
    stockNumber: vehicle.stockNumber,
    price: formattedPrice(vehicle.price),
    priceDrop: vehicle.priceDrop,
    premiumUpgrades: vehicle.premiumUpgrades,
    private: vehicle.private,
  };
}
