/**
 * Why a vehicle must be brought in, or why one offer is withheld. The app shows `OFFER_REASONS[code]`; analysts use
 * the codes in `offer-outcomes.json`, where the schema lets only these through so every code has words to show.
 */
export const OFFER_REASONS = {
  age: "The vehicle is too old for an online offer.",
  "recent-model-year": "The vehicle is too new for an online offer: it is from a recent model year.",
  mileage: "The mileage is too high for an online offer.",
  "hail-rust": "Hail damage or rust was reported.",
  frame: "Frame damage was reported.",
  salvage: "The vehicle has a salvage or rebuilt title.",
  inoperable: "The vehicle does not run.",
  transmission: "Transmission problems were reported.",
  "below-minimum": "The offer would fall below our minimum.",
  "no-online-offer": "Neither offer can be made online.",
} as const;

export type OfferReason = keyof typeof OFFER_REASONS;

/** Codes a rule in `offer-outcomes.json` may raise: all but the two the engine decides itself. */
export const RULE_REASONS = [
  "age",
  "recent-model-year",
  "mileage",
  "hail-rust",
  "frame",
  "salvage",
  "inoperable",
  "transmission",
] as const satisfies readonly OfferReason[];

export type RuleReason = (typeof RULE_REASONS)[number];
