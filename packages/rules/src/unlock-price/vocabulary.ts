import type { ProfileField } from "./contact-draft";

/** The spec's message when saving the visitor's details fails. */
export const SAVE_PROFILE_ERROR = "There was an error saving your information.";

/** The three ways on once the price is unlocked (spec section 4), in the order the spec lists them. */
export const UNLOCK_PRICE_CHOICES = [
  { id: "keep-browsing", label: "Keep browsing" },
  { id: "get-pre-approved", label: "Get pre-approved" },
  { id: "value-my-trade", label: "Value my trade" },
] as const;
export type UnlockPriceChoice = (typeof UNLOCK_PRICE_CHOICES)[number]["id"];

/** The six steps, in order; `tradeEquity` is shown only to a shopper who is trading in. */
export const UNLOCK_PRICE_STEPS = ["downPayment", "tradeIn", "tradeEquity", "creditScore", "contact", "done"] as const;
export type UnlockPriceStep = (typeof UNLOCK_PRICE_STEPS)[number];

export type ContactError =
  | { reason: "invalid"; fields: ProfileField[] }
  | { reason: "save-failed"; message: typeof SAVE_PROFILE_ERROR };

/** The shopper's answers, each a value its slider can show. */
export interface UnlockPriceSelections {
  cashDown: number;
  trading: boolean;
  tradeEquity: number;
  creditScore: number;
  termMonths: number;
}
