import * as z from "zod/mini";
import { FICO_MAX, FICO_MIN } from "./financing.schema";

const dollars = z.number().check(z.nonnegative());

/** What a payment estimate needs; money in dollars. */
export const paymentInputSchema = z.object({
  price: dollars,
  cashDown: dollars,
  tradeEquity: dollars,
  creditScore: z.int().check(z.minimum(FICO_MIN), z.maximum(FICO_MAX)),
  termMonths: z.int().check(z.minimum(1), z.maximum(600)),
  vehicleYear: z.int().check(z.minimum(1900), z.maximum(2100)),
});

export type PaymentInput = z.infer<typeof paymentInputSchema>;
