// The estimate's arithmetic, on input already valid. This module imports no schema and no parser: a browser that
// recomputes an estimate as a slider moves loads it alone, without zod (ADR 427). estimate.ts validates first.
import { defaultFinancingRules } from "./defaults";
import type { FinancingRules } from "./financing.schema";
import type { PaymentInput } from "./payment-input.schema";

/** A payment estimate: APR in percentage points, dollars rounded to cents. */
export interface PaymentEstimate {
  apr: number;
  amountFinanced: number;
  monthly: number;
  termMonths: number;
}

/** Dollars to whole cents; money math runs in integers so no float drift reaches a total. */
function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** APR points to hundredths of a point, an integer, so tier plus surcharges add exactly. */
function toHundredths(points: number): number {
  return Math.round(points * 100);
}

function aprHundredths(creditScore: number, vehicleYear: number, rules: FinancingRules): number {
  // The schema makes the last tier reach down to 300, so every valid score finds one.
  return Math.round(aprBreakdown(creditScore, vehicleYear, rules).total * 100);
}

/** An APR in its parts: the score's base tier, the lower-credit surcharge, the model-year program; points each. */
export interface AprBreakdown {
  base: number;
  surcharge: number;
  program: number;
  total: number;
}

/** The parts {@link aprFor} adds up, so a page can say where a rate comes from. */
export function aprBreakdown(
  creditScore: number,
  vehicleYear: number,
  rules: FinancingRules = defaultFinancingRules,
): AprBreakdown {
  const tier = rules.baseApr.find((t) => creditScore >= t.minScore) ?? rules.baseApr.at(-1);
  const surcharge = rules.lowerCreditSurcharges.find((b) => creditScore >= b.minScore && creditScore <= b.maxScore);
  const base = toHundredths(tier?.apr ?? 0);
  const extra = toHundredths(surcharge?.add ?? 0);
  const program = vehicleYear >= rules.modelYearProgram.fromYear ? toHundredths(rules.modelYearProgram.add) : 0;
  return { base: base / 100, surcharge: extra / 100, program: program / 100, total: (base + extra + program) / 100 };
}

/**
 * The APR for a credit score and model year: the base tier (6.99 / 8.99 / 11.49 by default), plus the lower-credit
 * surcharge of the score's FICO band, plus the model-year program's points.
 */
export function aprFor(
  creditScore: number,
  vehicleYear: number,
  rules: FinancingRules = defaultFinancingRules,
): number {
  return aprHundredths(creditScore, vehicleYear, rules) / 100;
}

function monthlyCents(principalCents: number, apr: number, termMonths: number): number {
  if (principalCents === 0) return 0;
  if (apr === 0) return Math.round(principalCents / termMonths);
  const rate = apr / 100 / 12;
  // 1 − (1 + r)^−n through expm1/log1p keeps precision at small rates and long terms.
  const discount = -Math.expm1(-termMonths * Math.log1p(rate));
  return Math.round((principalCents * rate) / discount);
}

/**
 * The level monthly payment that repays `amountFinanced` dollars over `termMonths` at `apr` percent a year
 * (compounded monthly), rounded to cents; at APR 0 the amount divided by the term.
 */
export function monthlyPayment(amountFinanced: number, apr: number, termMonths: number): number {
  return monthlyCents(toCents(amountFinanced), apr, termMonths) / 100;
}

/**
 * {@link estimatePayment} without the input validation, for input already known valid: a browser's estimator, whose
 * sliders only reach values the rules allow, recomputing what the server (which validates) rendered. It loads no
 * zod, so a page that recomputes an estimate as a slider moves does not download a validator for its own numbers.
 */
export function estimateParsedPayment(
  input: PaymentInput,
  rules: FinancingRules = defaultFinancingRules,
): PaymentEstimate {
  const { price, cashDown, tradeEquity, creditScore, termMonths, vehicleYear } = input;
  const feesCents = rules.fees.reduce((sum, fee) => sum + toCents(fee.amount), 0);
  const financedCents = Math.max(0, toCents(price) + feesCents - toCents(cashDown) - toCents(tradeEquity));
  const apr = aprHundredths(creditScore, vehicleYear, rules) / 100;
  return {
    apr,
    amountFinanced: financedCents / 100,
    monthly: monthlyCents(financedCents, apr, termMonths) / 100,
    termMonths,
  };
}
