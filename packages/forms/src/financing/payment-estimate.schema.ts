import { clampToSlider, defaultCashDown, defaultFinancingRules, type FinancingRules } from "@showroom/rules/financing";
import { z } from "zod";
import { defaultFormContext, type FormContext } from "../fields/context";
import { parseMoneyInput } from "../fields/numbers";

/** The estimator's inputs, as query parameters (GET) and as hidden fields of the pre-approval form. */
export const PAYMENT_ESTIMATE_FIELDS = [
  "price",
  "cashDown",
  "tradeEquity",
  "creditScore",
  "termMonths",
  "vehicleYear",
] as const;
export type PaymentEstimateField = (typeof PAYMENT_ESTIMATE_FIELDS)[number];

/** The choices of one estimate, each a value the estimator can show. */
export type PaymentEstimateChoices = Record<PaymentEstimateField, number>;

/** How many model years back the estimator offers; older cars are financed like the oldest. */
export const ESTIMATOR_MODEL_YEARS = 20;

/** Model years the estimator offers, newest first: next year's models back to twenty years ago. */
export function estimatorModelYears(context: FormContext = defaultFormContext): number[] {
  const next = Number(context.today().slice(0, 4)) + 1;
  return Array.from({ length: ESTIMATOR_MODEL_YEARS + 1 }, (_, i) => next - i);
}

const number = z.preprocess(parseMoneyInput, z.number().finite()).optional().catch(undefined);

/**
 * The estimator's choices from a query string or hidden fields. A calculator is forgiving, not a gate: a value out
 * of range is moved to the nearest one the slider can show, and one that is missing or unreadable takes its default
 * (cash down: 10 percent of the price). Never fails, so a shared or mangled link still opens an estimate.
 */
export function paymentEstimateChoicesSchema(
  context: FormContext = defaultFormContext,
  rules: FinancingRules = defaultFinancingRules,
) {
  const { sliders } = rules;
  return z
    .object(
      Object.fromEntries(PAYMENT_ESTIMATE_FIELDS.map((field) => [field, number])) as Record<
        PaymentEstimateField,
        typeof number
      >,
    )
    .catch({})
    .transform((raw): PaymentEstimateChoices => {
      const years = estimatorModelYears(context);
      const newest = years[0] ?? 2026;
      const oldest = years.at(-1) ?? newest;
      const price = clampToSlider(raw.price ?? Number.NaN, sliders.price);
      const year = Math.round(raw.vehicleYear ?? Number.NaN);
      return {
        price,
        cashDown:
          raw.cashDown === undefined ? defaultCashDown(price, rules) : clampToSlider(raw.cashDown, sliders.cashDown),
        tradeEquity: clampToSlider(raw.tradeEquity ?? Number.NaN, sliders.tradeEquity),
        creditScore: clampToSlider(raw.creditScore ?? Number.NaN, sliders.creditScore),
        termMonths: clampToSlider(raw.termMonths ?? Number.NaN, sliders.financeTerm),
        vehicleYear: Number.isFinite(year) ? Math.min(newest, Math.max(oldest, year)) : newest - 4,
      };
    });
}

/** Reads estimator choices from a URL's query or a form's fields; see {@link paymentEstimateChoicesSchema}. */
export function readPaymentEstimateChoices(
  params: URLSearchParams | FormData,
  context: FormContext = defaultFormContext,
): PaymentEstimateChoices {
  const raw = Object.fromEntries(PAYMENT_ESTIMATE_FIELDS.map((field) => [field, params.get(field) ?? undefined]));
  return paymentEstimateChoicesSchema(context).parse(raw);
}

/** True when the query or form carries any estimator choice (a link from the estimator, not a bare visit). */
export function hasPaymentEstimate(params: URLSearchParams | FormData): boolean {
  return PAYMENT_ESTIMATE_FIELDS.some((field) => (params.get(field) ?? "") !== "");
}
