import type { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { optionalVinSchema } from "../fields/vin";

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
