import { z } from "zod";
import { moneySchema, percentSchema } from "../questionnaire/amounts.schema";
import { isUnconditional, topLevelConditionSchema } from "../questionnaire/conditions.schema";
import { SCHEMA_KEY } from "./outcomes.schema";

export const VALUATION_KEYS = ["roughWholesale", "adjustedWholesaleAvg", "adjustedRetailAvg"] as const;
export type ValuationKey = (typeof VALUATION_KEYS)[number];

const name = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase words joined by hyphens.")
  .describe(
    "The rule's name, lower-case words joined by hyphens, like reconditioning; shown in offers and simulations.",
  );
const rules = topLevelConditionSchema.optional().describe("json-rules-engine conditions; absent: always applies.");
const text = z.string().trim().min(1);
const percent = z
  .union([percentSchema, z.literal(false)])
  .describe("A percent as a number, like 2 for 2 %, or false when the amount applies.");
const amount = z
  .union([moneySchema, z.literal(false)])
  .describe("Dollars, like 300, or false when the percent applies.");

/** Picks the offer's base price from the valuation. The first base rule whose rules hold wins. */
export const baseRuleSchema = z.strictObject({
  name,
  logicOperation: z.literal("base").describe("base: this rule picks the offer's base price."),
  vehiclePriceKey: z.enum(VALUATION_KEYS).describe("The valuation figure the base is taken from."),
  percent: z
    .union([percentSchema, z.literal(false)])
    .describe("Percent of that figure to use as the base; false: the figure itself."),
  amount: z.literal(false).describe("Always false for a base rule."),
  rules,
});

/**
 * A cost subtracted from the base: `subtract` takes amount plus percent (either may be false); `subtract-greater`
 * takes the greater of the two. `minimum` is the least it subtracts.
 */
export const costRuleSchema = z
  .strictObject({
    name,
    logicOperation: z
      .enum(["subtract", "subtract-greater"])
      .describe("subtract: amount plus percent; subtract-greater: the greater of amount and percent."),
    vehiclePriceKey: z
      .enum(["basePrice", ...VALUATION_KEYS])
      .describe("The price the percent applies to: the offer's base price, or a valuation figure."),
    percent,
    amount,
    minimum: moneySchema.optional().describe("The least this cost subtracts, in dollars, like 1500."),
    rules,
  })
  .superRefine((rule, ctx) => {
    if (rule.percent === false && rule.amount === false) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: "Set percent, amount or both." });
    }
    if (rule.logicOperation === "subtract-greater" && (rule.percent === false || rule.amount === false)) {
      ctx.addIssue({
        code: "custom",
        path: ["logicOperation"],
        message: "subtract-greater compares amount with percent: set both.",
      });
    }
  });

export const priceRuleSchema = z.discriminatedUnion("logicOperation", [baseRuleSchema, costRuleSchema]);
export type BaseRule = z.infer<typeof baseRuleSchema>;
export type CostRule = z.infer<typeof costRuleSchema>;
export type PriceRule = z.infer<typeof priceRuleSchema>;

export function isBaseRule(rule: PriceRule): rule is BaseRule {
  return rule.logicOperation === "base";
}

const offerShape = {
  label: text.describe("The offer's name as shoppers read it, like Cash Now."),
  description: text.describe("One or two sentences shoppers read under the offer."),
  minimumPrice: moneySchema.describe("Below this the offer is withheld (reason below-minimum)."),
  priceRules: z
    .array(priceRuleSchema)
    .min(1)
    .describe(
      "Base rules (first that holds wins; the last has no rules) and cost rules. price = floor(base − deductions − costs).",
    ),
};

function checkPriceRules(priceRules: readonly PriceRule[], ctx: z.RefinementCtx): void {
  const bases = [...priceRules.entries()].filter(([, r]) => isBaseRule(r));
  const last = bases.at(-1);
  if (!last) {
    ctx.addIssue({ code: "custom", path: ["priceRules"], message: "Add a base rule (logicOperation base)." });
    return;
  }
  if (!isUnconditional(last[1].rules)) {
    ctx.addIssue({
      code: "custom",
      path: ["priceRules", last[0], "rules"],
      message: "The last base rule is the fallback: give it no rules so every vehicle gets a base.",
    });
  }
  for (const [i, rule] of bases.slice(0, -1)) {
    if (isUnconditional(rule.rules)) {
      ctx.addIssue({
        code: "custom",
        path: ["priceRules", i, "rules"],
        message: "This base rule always holds, so the base rules after it never apply.",
      });
    }
  }
  const names = new Set<string>();
  for (const [i, rule] of priceRules.entries()) {
    if (!isBaseRule(rule) && names.has(rule.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["priceRules", i, "name"],
        message: `The cost "${rule.name}" is listed twice.`,
      });
    }
    names.add(rule.name);
  }
}

export const cashNowSettingsSchema = z
  .strictObject(offerShape)
  .superRefine((s, ctx) => checkPriceRules(s.priceRules, ctx));

const stepShape = {
  label: text.describe("The check's name as shoppers read it, like Reserve check."),
  disclaimer: text.describe("The small print under the check."),
};

/** More Cash Later pays in two checks: a reserve check now and a profit-sharing check after the sale. */
export const moreCashLaterSettingsSchema = z
  .strictObject({
    ...offerShape,
    stepPayments: z
      .tuple([
        z.strictObject({
          ...stepShape,
          percent: percent.describe(
            "The reserve check as a percent of the price, like 68, or false for a flat amount.",
          ),
          amount: amount.describe("The reserve check in dollars, or false when it is a percent."),
          logicOperation: z.literal("floor").describe("floor: whole dollars, rounded down."),
        }),
        z.strictObject({
          ...stepShape,
          percent: percent.describe(
            "The profit-sharing check as a percent of the price, like 32; false after a flat reserve.",
          ),
          amount: z.literal(false).describe("Always false: the profit-sharing check is the rest of the price."),
          logicOperation: z.literal("remainder").describe("remainder: the price minus the reserve check."),
        }),
      ])
      .describe("[reserve check, profit-sharing check]"),
  })
  .superRefine((s, ctx) => {
    checkPriceRules(s.priceRules, ctx);
    const [reserve, profitShare] = s.stepPayments;
    if ((reserve.percent === false) === (reserve.amount === false)) {
      ctx.addIssue({
        code: "custom",
        path: ["stepPayments", 0, "percent"],
        message: "Set exactly one of percent and amount; the other is false.",
      });
    }
    if (reserve.percent !== false && profitShare.percent !== false && reserve.percent + profitShare.percent !== 100) {
      ctx.addIssue({
        code: "custom",
        path: ["stepPayments", 1, "percent"],
        message: `The two checks must add up to 100 %; they add up to ${reserve.percent + profitShare.percent} %.`,
      });
    }
    if (reserve.amount !== false && profitShare.percent !== false) {
      ctx.addIssue({
        code: "custom",
        path: ["stepPayments", 1, "percent"],
        message: "With a flat reserve check the profit share is simply the rest: set its percent to false.",
      });
    }
  });

/** `offer-settings.json`: how each offer's price is built, its minimum, and how More Cash Later is paid. */
export const offerSettingsSchema = z.strictObject({
  $schema: z.string().optional().describe(SCHEMA_KEY),
  bringVehicleIn: z
    .strictObject({
      label: text.describe("The outcome's name as shoppers read it, like Bring it in."),
      description: text.describe("What shoppers read when there is no online price."),
    })
    .describe("The words shown when the vehicle must be brought in."),
  cashNow: cashNowSettingsSchema.describe("Cash Now: we buy the vehicle outright."),
  moreCashLater: moreCashLaterSettingsSchema.describe("More Cash Later: we sell it and pay in two checks."),
  validForDays: z.int().min(1).max(90).describe("Days an offer stands, counting from its date."),
});

export type CashNowSettings = z.infer<typeof cashNowSettingsSchema>;
export type MoreCashLaterSettings = z.infer<typeof moreCashLaterSettingsSchema>;
export type OfferSettings = z.infer<typeof offerSettingsSchema>;
