/**
 * Financing: the personalized payment estimate (APR tiers, lower-credit surcharges, model-year program, fees) and
 * the calculator's sliders, all read from `rules/financing.json`.
 */
export { InputError, type InputProblem, ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export { type CreditBand, creditBandOf, creditBands } from "./credit-bands";
export { defaultFinancingRules } from "./defaults";
export { estimatePayment } from "./estimate";
export {
  FICO_MAX,
  FICO_MIN,
  type FinancingRules,
  financingRulesSchema,
  type Slider,
  sliderSchema,
} from "./financing.schema";
export { type ListingEstimate, listingEstimate, type ShopperNumbers } from "./listing-estimate";
export { parseFinancingRules } from "./parse-rules";
export {
  type AprBreakdown,
  aprBreakdown,
  aprFor,
  estimateParsedPayment,
  monthlyPayment,
  type PaymentEstimate,
} from "./payment";
export { type PaymentInput, paymentInputSchema } from "./payment-input.schema";
export { clampToSlider, defaultCashDown, isSliderValue, sliders } from "./sliders";
