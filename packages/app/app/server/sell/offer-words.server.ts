import { OFFER_REASONS, type ValuationKey } from "@showroom/rules/offer";
import { hasText, t } from "../../content/translations.server";
import type { SavedOffer } from "./price-offer.server";

/** Translation keys are camelCase: `no-valuation` → `noValuation`. */
const camel = (code: string) => code.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Why the vehicle must be brought in, in plain words: the rules' reasons, or the valuation's. */
export function reasonText(code: SavedOffer["reasons"][number]): string {
  if (code in OFFER_REASONS) return OFFER_REASONS[code as keyof typeof OFFER_REASONS];
  return t(`sell-trade.offer.reasons.${camel(code)}`);
}

/** Why one offer is withheld, in words fit for that offer (More Cash Later's age limit is its own). */
export function withheldText(offer: "cashNow" | "moreCashLater", code: string | null): string | null {
  if (code === null) return null;
  const own = `sell-trade.offer.withheldReasons.${offer}.${camel(code)}`;
  if (hasText(own)) return t(own);
  return code in OFFER_REASONS ? OFFER_REASONS[code as keyof typeof OFFER_REASONS] : t("sell-trade.offer.withheld");
}

/** A cost rule's name in words: the known ones from the translations, an analyst's new one from its name. */
export function costLabel(name: string): string {
  const key = `sell-trade.offer.costs.${camel(name)}`;
  return hasText(key) ? t(key) : name.replace(/-/g, " ");
}

/**
 * Why the offer takes a cost, in plain words; an analyst's cost the translations do not know yet still says what
 * kind of cost it is rather than nothing.
 */
export function costReason(name: string): string {
  const key = `sell-trade.offer.costReasons.${camel(name)}`;
  return t(hasText(key) ? key : "sell-trade.offer.explain.costUnexplained");
}

/** Which valuation figure a base price came from, in words. */
export function valuationKeyLabel(key: ValuationKey): string {
  return t(`sell-trade.offer.valuationKeys.${key}`);
}
