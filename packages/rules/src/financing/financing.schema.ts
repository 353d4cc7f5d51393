import { z } from "zod";

/** FICO scores run from 300 to 850; every tier table must cover that whole range. */
export const FICO_MIN = 300;
export const FICO_MAX = 850;

/** True when `value` has at most two decimals (cents, or hundredths of an APR point). */
function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-7;
}

const money = z
  .number()
  .finite()
  .nonnegative()
  .refine(hasAtMostTwoDecimals, { message: "Use dollars with at most two decimals (cents)." });

const aprPoints = z
  .number()
  .finite()
  .nonnegative()
  .max(100)
  .refine(hasAtMostTwoDecimals, { message: "Use APR percentage points with at most two decimals." });

const score = z.number().int().min(FICO_MIN).max(FICO_MAX);

/**
 * A slider of the payment calculator (spec section 9): bounds, step and default. The default must be a value the
 * slider can show, so it lies inside the bounds and on the step grid counted from `min`.
 */
export const sliderSchema = z
  .strictObject({
    min: z.number().finite(),
    max: z.number().finite(),
    step: z.number().finite().positive(),
    default: z.number().finite(),
  })
  .superRefine((slider, ctx) => {
    if (slider.min >= slider.max) {
      ctx.addIssue({ code: "custom", path: ["max"], message: "max must be greater than min." });
      return;
    }
    if (slider.default < slider.min || slider.default > slider.max) {
      ctx.addIssue({ code: "custom", path: ["default"], message: "default must lie between min and max." });
    } else if (!isOnSlider(slider.default, slider)) {
      ctx.addIssue({ code: "custom", path: ["default"], message: "default must lie on the step grid from min." });
    }
  });

/** One slider: `{ min, max, step, default }`. */
export type Slider = z.infer<typeof sliderSchema>;

function isOnSlider(value: number, slider: Slider): boolean {
  const stepsFromMin = (value - slider.min) / slider.step;
  return value >= slider.min && value <= slider.max && Math.abs(stepsFromMin - Math.round(stepsFromMin)) < 1e-9;
}

const aprTierSchema = z.strictObject({
  /** The tier applies to scores at or above this (and below the previous tier's minimum). */
  minScore: score,
  apr: aprPoints,
});

const surchargeSchema = z.strictObject({
  /** Inclusive FICO band, e.g. 600–619. */
  minScore: score,
  maxScore: score,
  /** APR points added for a score inside the band. */
  add: aprPoints,
});

const feeSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: "Use a kebab-case id, e.g. document-fee." }),
  label: z.string().trim().min(1),
  amount: money,
});

/** The financing rule file (`rules/financing.json`): everything the payment estimate and its sliders read. */
export const financingRulesSchema = z
  .strictObject({
    $schema: z.string().optional(),
    /** Base APR by credit score, highest tier first; the last tier must reach down to 300. */
    baseApr: z.array(aprTierSchema).min(1),
    /** Extra APR points for lower credit, by FICO band; bands may not overlap. */
    lowerCreditSurcharges: z.array(surchargeSchema),
    /** APR points added when the vehicle's model year is `fromYear` or later. */
    modelYearProgram: z.strictObject({ fromYear: z.number().int().min(1900).max(2100), add: aprPoints }),
    /** Fees financed with the vehicle: document fee, thirty-day-drive fee. */
    fees: z.array(feeSchema),
    /** Cash down defaults to this percent of the price when the price is known (else the slider default). */
    cashDownDefaultPercent: z.number().finite().min(0).max(100),
    /** The terms of a headline estimate, shown where the shopper has not chosen a term yet. */
    quoteTerms: z.strictObject({
      financeMonths: z.number().int().positive(),
      leaseMonths: z.number().int().positive(),
    }),
    sliders: z.strictObject({
      /** The payment estimator's vehicle price, for a shopper who has not picked a car yet. */
      price: sliderSchema,
      cashDown: sliderSchema,
      tradeEquity: sliderSchema,
      creditScore: sliderSchema,
      financeTerm: sliderSchema,
      leaseTerm: sliderSchema,
      leaseMiles: sliderSchema,
    }),
  })
  .superRefine((rules, ctx) => {
    rules.baseApr.forEach((tier, i) => {
      const previous = rules.baseApr[i - 1];
      if (previous && tier.minScore >= previous.minScore) {
        ctx.addIssue({
          code: "custom",
          path: ["baseApr", i, "minScore"],
          message: "Tiers go from the highest minScore to the lowest, each strictly lower than the one before.",
        });
      }
    });
    const lowest = rules.baseApr.at(-1);
    if (lowest && lowest.minScore > FICO_MIN) {
      ctx.addIssue({
        code: "custom",
        path: ["baseApr", rules.baseApr.length - 1, "minScore"],
        message: `The last tier must start at ${FICO_MIN} so every credit score has a base APR.`,
      });
    }
    rules.lowerCreditSurcharges.forEach((band, i) => {
      if (band.minScore > band.maxScore) {
        ctx.addIssue({
          code: "custom",
          path: ["lowerCreditSurcharges", i, "maxScore"],
          message: "maxScore must be at least minScore.",
        });
      }
      rules.lowerCreditSurcharges.slice(0, i).forEach((other, j) => {
        if (band.minScore <= other.maxScore && other.minScore <= band.maxScore) {
          ctx.addIssue({
            code: "custom",
            path: ["lowerCreditSurcharges", i],
            message: `This band overlaps band ${j} (${other.minScore}–${other.maxScore}).`,
          });
        }
      });
    });
    const ids = new Set<string>();
    rules.fees.forEach((fee, i) => {
      if (ids.has(fee.id)) {
        ctx.addIssue({ code: "custom", path: ["fees", i, "id"], message: `Fee id "${fee.id}" is used twice.` });
      }
      ids.add(fee.id);
    });
    const { cashDown, tradeEquity, creditScore, financeTerm, leaseTerm } = rules.sliders;
    for (const [key, slider] of [
      ["cashDown", cashDown],
      ["tradeEquity", tradeEquity],
    ] as const) {
      if (slider.min < 0) {
        ctx.addIssue({ code: "custom", path: ["sliders", key, "min"], message: "A money slider starts at 0 or more." });
      }
    }
    if (creditScore.min < FICO_MIN || creditScore.max > FICO_MAX) {
      ctx.addIssue({
        code: "custom",
        path: ["sliders", "creditScore"],
        message: `The credit score slider must stay within ${FICO_MIN}–${FICO_MAX}.`,
      });
    }
    for (const [key, slider] of [
      ["financeTerm", financeTerm],
      ["leaseTerm", leaseTerm],
    ] as const) {
      if (slider.min < 1 || !Number.isInteger(slider.min) || !Number.isInteger(slider.step)) {
        ctx.addIssue({
          code: "custom",
          path: ["sliders", key],
          message: "A term slider counts whole months: min, step at least 1 and whole.",
        });
      }
    }
    if (!isOnSlider(rules.quoteTerms.financeMonths, financeTerm)) {
      ctx.addIssue({
        code: "custom",
        path: ["quoteTerms", "financeMonths"],
        message: "The quote's finance term must be a value of the finance term slider.",
      });
    }
    if (!isOnSlider(rules.quoteTerms.leaseMonths, leaseTerm)) {
      ctx.addIssue({
        code: "custom",
        path: ["quoteTerms", "leaseMonths"],
        message: "The quote's lease term must be a value of the lease term slider.",
      });
    }
  });

/** Parsed financing rules. */
export type FinancingRules = z.infer<typeof financingRulesSchema>;
