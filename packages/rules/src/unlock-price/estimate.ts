import { defaultFinancingRules, estimatePayment, type FinancingRules, type PaymentEstimate } from "../financing";
import type { UnlockPriceSelections } from "./vocabulary";

/**
 * The payment estimate of a stepper's answers: trade equity counts only when trading. The machine's personalized
 * estimate at done is this; screens use it for the live preview as the sliders move.
 */
export function unlockPriceEstimate(
  context: UnlockPriceSelections & { readonly price: number; readonly vehicleYear: number },
  rules: FinancingRules = defaultFinancingRules,
): PaymentEstimate {
  return estimatePayment(
    {
      price: context.price,
      cashDown: context.cashDown,
      tradeEquity: context.trading ? context.tradeEquity : 0,
      creditScore: context.creditScore,
      termMonths: context.termMonths,
      vehicleYear: context.vehicleYear,
    },
    rules,
  );
}
