import * as z from "zod/mini";
import { paymentInputSchema } from "../financing/payment-input.schema";

/** What the app knows when the stepper opens: the vehicle, and the visitor's saved profile if any (zod/mini, ADR 213). */
export const unlockPriceInputSchema = z.object({
  price: paymentInputSchema.shape.price,
  vehicleYear: paymentInputSchema.shape.vehicleYear,
  /** A saved profile prefills the contact step; partial profiles prefill what they have. */
  profile: z.nullish(
    z.object({
      firstName: z.optional(z.string()),
      lastName: z.optional(z.string()),
      email: z.optional(z.string()),
      phone: z.optional(z.string()),
    }),
  ),
  /**
   * The cash down the first step opens at; 10 percent of the price when absent (ADR 020). While the visitor has not
   * unlocked prices the app passes the slider's default instead, since a tenth of the price gives the price away.
   */
  cashDown: z.optional(z.number()),
  /** The finance term of the estimate; the rules' quote term (72 months) when absent. */
  termMonths: z.optional(z.number()),
});
export type UnlockPriceInput = z.input<typeof unlockPriceInputSchema>;
