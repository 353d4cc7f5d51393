import { UNLOCK_PRICE_STEPS } from "@showroom/rules/unlock-price";
import { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { optionalVinSchema } from "../fields/vin";
import { MESSAGES } from "../messages";

/**
 * The contact step of the Unlock Price / Personalize My Price stepper (lead UNLOCK_PRICE): the four contact fields
 * and, when the stepper was opened from a vehicle, its VIN. The slider choices live in the stepper machine.
 */
export const unlockPriceContactSchema = formMeta.extend({
  ...profileShape,
  vin: optionalVinSchema,
});

export type UnlockPriceContactInput = z.input<typeof unlockPriceContactSchema>;
export type UnlockPriceContactSubmission = z.output<typeof unlockPriceContactSchema>;

/**
 * A slider's posted number: "$1,000" reads as 1000; a blank is missing; anything else that is not a number is
 * refused with `message`. Out-of-range numbers (negative, huge, infinite) are accepted: the stepper machine clamps
 * them to its sliders.
 */
function sliderAmountSchema(message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.replace(/[$,\s]/g, "");
      if (text === "") return undefined;
      const number = Number(text);
      if (Number.isNaN(number)) return value;
      // "1e400" overflows to Infinity: a hostile number like any other, clamped to its slider's end.
      return Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, number));
    },
    z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : message) }),
  );
}

const tradingSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(["yes", "no"], { error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.choice) }),
);

/** The fields each stepper step posts, besides `step` and `intent`. */
export const unlockPriceStepSchemas = {
  downPayment: z.object({ cashDown: sliderAmountSchema(MESSAGES.money) }),
  tradeIn: z.object({ trading: tradingSchema }),
  tradeEquity: z.object({ tradeEquity: sliderAmountSchema(MESSAGES.money) }),
  creditScore: z.object({
    creditScore: sliderAmountSchema(MESSAGES.wholeNumber),
    termMonths: sliderAmountSchema(MESSAGES.wholeNumber),
  }),
  contact: unlockPriceContactSchema,
} as const;

/** The whole journey the dialog posts when its contact step saves: every answer, then the contact form. */
export const unlockPriceJourneySchema = unlockPriceStepSchemas.downPayment
  .extend(unlockPriceStepSchemas.tradeIn.shape)
  .extend({ tradeEquity: sliderAmountSchema(MESSAGES.money).optional() })
  .extend(unlockPriceStepSchemas.creditScore.shape)
  .extend(unlockPriceContactSchema.shape);

/** What every stepper post says it is: the button pressed and the step the form was rendered for. */
export const unlockPricePostSchema = z.object({
  intent: z.enum(["next", "back", "restart", "journey"], { error: MESSAGES.choice }),
  step: z.enum(UNLOCK_PRICE_STEPS, { error: MESSAGES.slug }).optional(),
});
