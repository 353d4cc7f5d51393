/**
 * Financing: the personalized payment estimate (APR tiers, lower-credit surcharges, model-year program, fees) and
 * the calculator's sliders, all read from `rules/financing.json`.
 */
export { defaultFinancingRules, parseFinancingRules } from "./defaults";
export {
  type AprBreakdown,
  aprBreakdown,
  aprFor,
  estimatePayment,
  monthlyPayment,
  type PaymentEstimate,
  type PaymentInput,
  paymentInputSchema,
} from "./estimate";
export {
  FICO_MAX,
  FICO_MIN,
  type FinancingRules,
  financingRulesSchema,
  type Slider,
  sliderSchema,
} from "./financing.schema";
export { clampToSlider, defaultCashDown, isSliderValue, sliders } from "./sliders";
