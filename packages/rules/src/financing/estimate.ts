import { parseInput } from "../shared/parse-input";
import { defaultFinancingRules } from "./defaults";
import type { FinancingRules } from "./financing.schema";
import { estimateParsedPayment, type PaymentEstimate } from "./payment";
import { type PaymentInput, paymentInputSchema } from "./payment-input.schema";

/**
 * A personalized payment estimate. amountFinanced = max(0, price + fees − cash down − trade equity), computed in
 * cents; the APR comes from `aprFor`; monthly is the amortized payment rounded to cents. The input is validated, then
 * computed by {@link estimateParsedPayment}.
 * Throws an `InputError` when an input is not a finite non-negative amount or the score is outside 300–850.
 */
export function estimatePayment(input: PaymentInput, rules: FinancingRules = defaultFinancingRules): PaymentEstimate {
  return estimateParsedPayment(parseInput(paymentInputSchema, input, "payment input"), rules);
}
