import * as z from "zod/mini";

/** FICO scores run from 300 to 850; every tier table must cover that whole range. */
export const FICO_MIN = 300;
export const FICO_MAX = 850;

/** True when `value` has at most two decimals (cents, or hundredths of an APR point). */
function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-7;
}

// zod/mini, as on every browser subpath (ADR 213): the file is checked when an analyst's copy is parsed, and a
// browser that imports one function from here does not pay for zod's full API.
const money = z
  .number()
  .check(
    z.nonnegative(),
    z.refine(hasAtMostTwoDecimals, { message: "Use dollars with at most two decimals (cents)." }),
  );

const aprPoints = z
  .number()
  .check(
    z.nonnegative(),
    z.maximum(100),
    z.refine(hasAtMostTwoDecimals, { message: "Use APR percentage points with at most two decimals." }),
  );

const score = z.int().check(z.minimum(FICO_MIN), z.maximum(FICO_MAX));

/**
 * A slider of the payment calculator (spec section 9): bounds, step and default. The default must be a value the
 * slider can show, so it lies inside the bounds and on the step grid counted from `min`.
 */
export const sliderSchema = z
  .strictObject({
    min: z.number().check(z.describe("The smallest value the slider shows, like 0.")),
    max: z.number().check(z.describe("The largest value the slider shows, like 20000.")),
    step: z.number().check(z.positive(), z.describe("The distance between two values, counted from min, like 100.")),
    default: z.number().check(z.describe("The value the slider starts at; it must be one the slider can show.")),
  })
  .check(
    z.superRefine((slider, ctx) => {
      if (slider.min >= slider.max) {
        ctx.addIssue({ code: "custom", path: ["max"], message: "max must be greater than min." });
        return;
      }
      if (slider.default < slider.min || slider.default > slider.max) {
        ctx.addIssue({ code: "custom", path: ["default"], message: "default must lie between min and max." });
      } else if (!isOnSlider(slider.default, slider)) {
        ctx.addIssue({ code: "custom", path: ["default"], message: "default must lie on the step grid from min." });
      }
    }),
  );

/** One slider: `{ min, max, step, default }`. */
export type Slider = z.infer<typeof sliderSchema>;

function isOnSlider(value: number, slider: Slider): boolean {
  const stepsFromMin = (value - slider.min) / slider.step;
  return value >= slider.min && value <= slider.max && Math.abs(stepsFromMin - Math.round(stepsFromMin)) < 1e-9;
}

const aprTierSchema = z.strictObject({
  minScore: score.check(
    z.describe("The lowest credit score (300–850) of this tier; it runs up to the previous tier's minimum, like 720."),
  ),
  apr: aprPoints.check(z.describe("The tier's base APR in percentage points, like 6.99.")),
});

const surchargeSchema = z.strictObject({
  minScore: score.check(z.describe("The lowest credit score of the band, inclusive, like 600.")),
  maxScore: score.check(z.describe("The highest credit score of the band, inclusive, like 619.")),
  add: aprPoints.check(z.describe("APR percentage points added for a score inside the band, like 1.5.")),
});

const feeSchema = z.strictObject({
  id: z
    .string()
    .check(
      z.regex(/^[a-z][a-z0-9-]*$/, { message: "Use a kebab-case id, e.g. document-fee." }),
      z.describe("A short name for the fee in lower-case words joined by hyphens, like document-fee."),
    ),
  label: z
    .string()
    .check(z.trim(), z.minLength(1), z.describe("The fee's name as shoppers read it, like Document fee.")),
  amount: money.check(z.describe("The fee in dollars and cents, financed with the vehicle, like 358.03.")),
});

const slider = (what: string) => sliderSchema.check(z.describe(what));

/** The financing rule file (`rules/financing.json`): everything the payment estimate and its sliders read. */
export const financingRulesSchema = z
  .strictObject({
    $schema: z.optional(
      z.string().check(z.describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
    ),
    baseApr: z
      .array(aprTierSchema)
      .check(
        z.minLength(1),
        z.describe("Base APR by credit score, highest tier first; the last tier must start at 300."),
      ),
    lowerCreditSurcharges: z
      .array(surchargeSchema)
      .check(z.describe("Extra APR points for lower credit scores, by credit score band; bands may not overlap.")),
    modelYearProgram: z
      .strictObject({
        fromYear: z
          .int()
          .check(
            z.minimum(1900),
            z.maximum(2100),
            z.describe("The first model year the program applies to, like 2018."),
          ),
        add: aprPoints.check(z.describe("APR percentage points added for those model years, like 2.")),
      })
      .check(z.describe("APR points added for vehicles of a model year or later.")),
    fees: z
      .array(feeSchema)
      .check(z.describe("Fees financed with the vehicle, like the document fee and the thirty-day drive fee.")),
    cashDownDefaultPercent: z
      .number()
      .check(
        z.minimum(0),
        z.maximum(100),
        z.describe(
          "The cash down a calculator starts at, as a percent of the price, like 10 (else the slider's default).",
        ),
      ),
    quoteTerms: z
      .strictObject({
        financeMonths: z
          .int()
          .check(z.positive(), z.describe("Months of the finance term a headline estimate uses, like 72.")),
        leaseMonths: z
          .int()
          .check(z.positive(), z.describe("Months of the lease term a headline estimate uses, like 36.")),
      })
      .check(z.describe("The terms of a headline estimate, shown before the shopper chooses a term.")),
    sliders: z
      .strictObject({
        price: slider(
          "The payment estimator's vehicle price in dollars, for a shopper who has not picked a car: 5000 to 60000 in steps of 500 by default.",
        ),
        cashDown: slider("Cash down in dollars: 0 to 20000 in steps of 100 by default."),
        tradeEquity: slider("Trade equity in dollars: 0 to 20000 in steps of 100 by default."),
        creditScore: slider("Credit score: 400 to 850 in steps of 10 by default."),
        financeTerm: slider("Finance term in months: 12 to 72 in steps of 12 by default."),
        leaseTerm: slider("Lease term in months: 24 to 39 in steps of 3 by default."),
        leaseMiles: slider("Lease miles a year: 10000 to 15000 in steps of 2500 by default."),
      })
      .check(z.describe("The payment calculator's sliders.")),
  })
  .check(
    z.superRefine((rules, ctx) => {
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
          ctx.addIssue({
            code: "custom",
            path: ["sliders", key, "min"],
            message: "A money slider starts at 0 or more.",
          });
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
    }),
  );

/** Parsed financing rules. */
export type FinancingRules = z.infer<typeof financingRulesSchema>;
