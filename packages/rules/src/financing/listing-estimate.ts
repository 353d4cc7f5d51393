import { defaultFinancingRules } from "./defaults";
import { estimatePayment } from "./estimate";
import type { FinancingRules } from "./financing.schema";
import type { PaymentEstimate } from "./payment";
import { defaultCashDown } from "./sliders";

/** A listing's "est. $…/mo": the estimate and the choices it assumed, so a page can say them in words. */
export interface ListingEstimate extends PaymentEstimate {
  /** The price it was computed from; the estimator link carries it. */
  price: number;
  vehicleYear: number;
  cashDown: number;
  tradeEquity: number;
  creditScore: number;
}

/** The shopper's own numbers (ADR 375): what the stepper, the estimator or a pre-approval was told. */
export interface ShopperNumbers {
  cashDown: number;
  tradeEquity: number;
  /** The lowest score of the shopper's credit band: every score of the band has its APR. */
  creditScore: number;
  termMonths: number;
}

/**
 * The monthly payment a listing shows next to an unlocked price: the payment estimator of /auto-financing with the
 * choices it opens with for that price (cash down at the rules' percent of the price, no trade, the credit-score
 * slider's default) over the quote term (72 months by default, ADR 020), fees included. Throws an `InputError` for
 * a price or model year `estimatePayment` refuses.
 * With the shopper's `numbers` it is their cash down, trade equity, credit and term instead, on every listing alike.
 */
export function listingEstimate(
  price: number,
  vehicleYear: number,
  rules: FinancingRules = defaultFinancingRules,
  numbers: ShopperNumbers | null = null,
): ListingEstimate {
  const choices = numbers
    ? { price, vehicleYear, ...numbers }
    : {
        price,
        vehicleYear,
        cashDown: defaultCashDown(price, rules),
        tradeEquity: rules.sliders.tradeEquity.default,
        creditScore: rules.sliders.creditScore.default,
        termMonths: rules.quoteTerms.financeMonths,
      };
  return { ...choices, ...estimatePayment(choices, rules) };
}
