import { estimatorModelYears, type PaymentEstimateChoices, readPaymentEstimateChoices } from "@showroom/forms";
import { aprBreakdown, defaultFinancingRules, estimatePayment } from "@showroom/rules/financing";
import type { EstimatorView } from "../components/financing/types";
import { formatMoney } from "./shell.server";

/** The estimator's query string for a set of choices: the link to the pre-approval carries it. */
function estimateQuery(choices: PaymentEstimateChoices): string {
  return new URLSearchParams(Object.entries(choices).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * What the payment estimator shows for a query (spec section 9's sliders and fees, the rules' APR): the choices,
 * clamped to what the sliders can show, the estimate and where its APR and amount financed come from.
 */
export function estimatorView(params: URLSearchParams): EstimatorView {
  const choices = readPaymentEstimateChoices(params);
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
