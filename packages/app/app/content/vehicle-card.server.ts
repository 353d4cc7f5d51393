import { defaultFinancingRules, listingEstimate, type ShopperNumbers } from "@showroom/rules/financing";
import type { CardPrice, MonthlyView, VehicleCardView } from "../components/vehicle/types";
import type { PriceDisplay, VehicleCard } from "../server/search/types";
import { formatMoney } from "./shell.server";
import { shopperNumbersWords } from "./shopper-numbers.server";
import { t } from "./translations.server";

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * The estimated monthly payment of an unlocked price, with a link to the estimator set the same way: on the shopper's
 * numbers when they gave some (ADR 375), else on the estimator's opening choices over the quote term, labelled as an
 * example. Null for a price or model year the estimator cannot take.
 */
function monthlyView(price: number, vehicleYear: number, numbers: ShopperNumbers | null): MonthlyView | null {
  let estimate: ReturnType<typeof listingEstimate>;
  try {
    estimate = listingEstimate(price, vehicleYear, defaultFinancingRules, numbers);
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
  const months = estimate.termMonths;
  const apr = estimate.apr.toFixed(2);
  return {
    amount: t("inventory.card.monthly", { amount: cents.format(estimate.monthly) }),
    terms: numbers
      ? t("inventory.card.monthlyYours", { numbers: shopperNumbersWords(numbers), months, apr })
      : t("inventory.card.monthlyExample", {
          months,
          apr,
          down: formatMoney(estimate.cashDown),
          score: estimate.creditScore,
        }),
    change: t(numbers ? "inventory.card.changeNumbers" : "inventory.card.giveNumbers"),
    href: `/auto-financing?${query}#estimator`,
  };
}

/**
 * A gated price with its amounts formatted and, once unlocked, its estimated monthly payment (on the shopper's
 * numbers, if any); an old price shows only when it is above the price (a sale).
 */
export function formattedPrice(price: PriceDisplay, vehicleYear: number, numbers: ShopperNumbers | null): CardPrice {
  if (price.kind !== "amount") return price;
  return {
    kind: "amount",
    amount: formatMoney(price.amount),
    oldAmount: price.oldAmount !== null && price.oldAmount > price.amount ? formatMoney(price.oldAmount) : null,
    monthly: monthlyView(price.amount, vehicleYear, numbers),
  };
}

/**
 * A vehicle card as every listing shows it: the price gate already applied by the search, amounts formatted here,
 * the heart pressed when the VIN is on the visitor's saved list.
 */
function vehicleCard(
  vehicle: VehicleCard,
  saved: ReadonlySet<string>,
  numbers: ShopperNumbers | null,
): VehicleCardView {
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
    price: formattedPrice(vehicle.price, vehicle.year, numbers),
    priceDrop: vehicle.priceDrop,
    premiumUpgrades: vehicle.premiumUpgrades,
    private: vehicle.private,
    saved: saved.has(vehicle.vin),
  };
}

/** A card maker for one visitor's saved list and numbers (ADR 375), for `results.map(…)`. */
export function cardsFor(
  saved: readonly string[],
  numbers: ShopperNumbers | null,
): (vehicle: VehicleCard) => VehicleCardView {
  const set = new Set(saved);
  return (vehicle) => vehicleCard(vehicle, set, numbers);
}
