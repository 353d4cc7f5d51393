import type { PaymentEstimateChoices } from "@showroom/forms";
import type { SliderView } from "../forms/amount-slider";

/** An estimate as the estimator prints it. */
export interface EstimateFigures {
  readonly monthly: string;
  readonly amountFinanced: string;
  /** "8.99" */
  readonly apr: string;
  readonly aprBase: string;
  readonly aprSurcharge: string | null;
  readonly aprProgram: string | null;
  readonly termMonths: number;
}

/** The payment estimator's data: the choices, the sliders' bounds, the model years, the fees and the estimate. */
export interface EstimatorView {
  readonly choices: PaymentEstimateChoices;
  readonly sliders: Readonly<Record<"price" | "cashDown" | "tradeEquity" | "creditScore" | "termMonths", SliderView>>;
  readonly years: readonly number[];
  readonly programFromYear: number;
  readonly fees: readonly { label: string; amount: string }[];
  readonly estimate: EstimateFigures;
  /** The pre-approval, carrying these choices. */
  readonly applyHref: string;
  /** The shopper's saved numbers in words ("$2,000 down, no trade-in, credit 400–499"); null when none (ADR 375). */
  readonly yourNumbers: string | null;
}
