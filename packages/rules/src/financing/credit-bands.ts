import { defaultFinancingRules } from "./defaults";
import type { FinancingRules } from "./financing.schema";

/** A range of credit scores, both ends inclusive, inside which the rules give every score the same APR. */
export interface CreditBand {
  min: number;
  max: number;
}

/**
 * The credit bands of the credit-score slider: the slider's range cut wherever a base-APR tier or a lower-credit
 * surcharge starts or ends (ADR 375). Any score of a band has the APR of any other, so a band stands in for the score
 * in a payment without changing it, and tells less about the shopper than the score does.
 */
export function creditBands(rules: FinancingRules = defaultFinancingRules): CreditBand[] {
  const { min, max } = rules.sliders.creditScore;
  const cuts = new Set<number>([min]);
  for (const tier of rules.baseApr) cuts.add(tier.minScore);
  for (const band of rules.lowerCreditSurcharges) {
    cuts.add(band.minScore);
    cuts.add(band.maxScore + 1);
  }
  const starts = [...cuts].filter((cut) => cut >= min && cut <= max).sort((a, b) => a - b);
  return starts.map((start, i) => ({ min: start, max: (starts[i + 1] ?? max + 1) - 1 }));
}

/** The band holding `score` (a score outside the slider falls in its nearest band). */
export function creditBandOf(score: number, rules: FinancingRules = defaultFinancingRules): CreditBand {
  const bands = creditBands(rules);
  const first = bands[0] as CreditBand;
  return (
    bands.find((band) => score >= band.min && score <= band.max) ??
    (score < first.min ? first : (bands.at(-1) as CreditBand))
  );
}
