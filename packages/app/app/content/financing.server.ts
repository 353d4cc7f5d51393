import { estimatorModelYears, type PaymentEstimateChoices, readPaymentEstimateChoices } from "@showroom/forms";
import { aprBreakdown, defaultFinancingRules, estimatePayment, type ShopperNumbers } from "@showroom/rules/financing";
import type { EstimatorView } from "../components/financing/types";
import { formatMoney } from "./shell.server";
import { shopperNumbersWords } from "./shopper-numbers.server";

/** The estimator's query string for a set of choices: the link to the pre-approval carries it. */
function estimateQuery(choices: PaymentEstimateChoices): string {
  return new URLSearchParams(Object.entries(choices).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * What the payment estimator shows for a query (spec section 9's sliders and fees, the rules' APR): the choices,
 * clamped to what the sliders can show, the estimate and where its APR and amount financed come from. A choice the
 * query leaves out is the shopper's number when they gave one (ADR 375).
 */
export function estimatorView(params: URLSearchParams, numbers: ShopperNumbers | null = null): EstimatorView {
  const query = new URLSearchParams(params);
  for (const [key, value] of Object.entries(numbers ?? {})) {
    if (!query.get(key)) query.set(key, String(value));
  }
  const choices = readPaymentEstimateChoices(query);
  const rules = defaultFinancingRules;
  const estimate = estimatePayment(choices, rules);
  const apr = aprBreakdown(choices.creditScore, choices.vehicleYear, rules);
  const { sliders } = rules;
  const bounds = ({ min, max, step }: { min: number; max: number; step: number }) => ({ min, max, step });
  return {
    choices,
    sliders: {
      price: bounds(sliders.price),
      cashDown: bounds(sliders.cashDown),
      tradeEquity: bounds(sliders.tradeEquity),
      creditScore: bounds(sliders.creditScore),
      termMonths: bounds(sliders.financeTerm),
    },
    years: estimatorModelYears(),
    programFromYear: rules.modelYearProgram.fromYear,
    fees: rules.fees.map((fee) => ({ label: fee.label, amount: formatMoney(fee.amount) })),
    estimate: {
      monthly: formatMoney(estimate.monthly),
      amountFinanced: formatMoney(estimate.amountFinanced),
      apr: apr.total.toFixed(2),
      aprBase: apr.base.toFixed(2),
      aprSurcharge: apr.surcharge > 0 ? apr.surcharge.toFixed(2) : null,
      aprProgram: apr.program > 0 ? apr.program.toFixed(2) : null,
      termMonths: estimate.termMonths,
    },
    applyHref: `/auto-financing/apply-for-financing?${estimateQuery(choices)}`,
    yourNumbers: numbers ? shopperNumbersWords(numbers) : null,
  };
}

/** The estimate as one line a finance specialist reads in a lead. */
export function estimateSummary(choices: PaymentEstimateChoices): string {
  const estimate = estimatePayment(choices);
  return [
    `Payment estimate: ${formatMoney(estimate.monthly)}/mo for ${estimate.termMonths} months at ${estimate.apr.toFixed(2)}% APR`,
    `(vehicle price ${formatMoney(choices.price)}, ${choices.vehicleYear} model year, cash down ${formatMoney(choices.cashDown)},`,
    `trade-in equity ${formatMoney(choices.tradeEquity)}, credit score about ${choices.creditScore},`,
    `amount financed ${formatMoney(estimate.amountFinanced)} with fees).`,
  ].join(" ");
}
