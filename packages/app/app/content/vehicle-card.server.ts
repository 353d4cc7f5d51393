import { listingEstimate } from "@showroom/rules/financing";
import type { CardPrice, MonthlyView, VehicleCardView } from "../components/vehicle/types";
import type { PriceDisplay, VehicleCard } from "../server/search/types";
import { formatMoney } from "./shell.server";
import { t } from "./translations.server";

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * The estimated monthly payment of an unlocked price: the estimator's opening choices over the quote term, in words,
 * with a link to the estimator set the same way. Null for a price or model year the estimator cannot take.
 */
function monthlyView(price: number, vehicleYear: number): MonthlyView | null {
  let estimate: ReturnType<typeof listingEstimate>;
  try {
    estimate = listingEstimate(price, vehicleYear);
  } catch {
    return null;
  }
  const query = new URLSearchParams({
    price: String(estimate.price),
    cashDown: String(estimate.cashDown),
    tradeEquity: String(estimate.tradeEquity),
    creditScore: String(estimate.creditScore),
    termMonths: String(estimate.termMonths),
    vehicleYear: String(estimate.vehicleYear),
  });
  return {
    amount: cents.format(estimate.monthly),
    terms: t("inventory.card.monthlyTerms", {
      months: estimate.termMonths,
      apr: estimate.apr.toFixed(2),
      down: formatMoney(estimate.cashDown),
      score: estimate.creditScore,
    }),
    href: `/auto-financing?${query}#estimator`,
  };
}

/**
 * A gated price with its amounts formatted and, once unlocked, its estimated monthly payment; an old price shows
 * only when it is above the price (a sale).
 */
export function formattedPrice(price: PriceDisplay, vehicleYear: number): CardPrice {
  if (price.kind !== "amount") return price;
  return {
    kind: "amount",
    amount: formatMoney(price.amount),
    oldAmount: price.oldAmount !== null && price.oldAmount > price.amount ? formatMoney(price.oldAmount) : null,
    monthly: monthlyView(price.amount, vehicleYear),
  };
}

/**
 * A vehicle card as every listing shows it: the price gate already applied by the search, amounts formatted here,
 * the heart pressed when the VIN is on the visitor's saved list.
 */
function vehicleCard(vehicle: VehicleCard, saved: ReadonlySet<string> = NONE_SAVED): VehicleCardView {
  return {
    vin: vehicle.vin,
    href: vehicle.href,
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    trim: vehicle.trim,
    bodyStyle: vehicle.bodyStyle,
    color: vehicle.exteriorColor,
    photo: vehicle.photo ?? null,
    mileage: vehicle.mileage,
    stockNumber: vehicle.stockNumber,
    price: formattedPrice(vehicle.price, vehicle.year),
    priceDrop: vehicle.priceDrop,
    premiumUpgrades: vehicle.premiumUpgrades,
    private: vehicle.private,
    saved: saved.has(vehicle.vin),
  };
}

const NONE_SAVED: ReadonlySet<string> = new Set();

/** A card maker for one visitor's saved list, for `results.map(…)`. */
export function cardsFor(saved: readonly string[]): (vehicle: VehicleCard) => VehicleCardView {
  const set = new Set(saved);
  return (vehicle) => vehicleCard(vehicle, set);
}
