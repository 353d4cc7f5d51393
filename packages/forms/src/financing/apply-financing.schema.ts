import type { z } from "zod";
import { leadAddressSchema } from "../fields/address";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { commentsSchema } from "../fields/text";
import { optionalVinSchema } from "../fields/vin";

/**
 * Apply for financing, the instant pre-approval (lead APPLY_FINANCING): the four contact fields, the home address a
 * lender needs (`address.street`, `address.apartment`, `address.city`, `address.regioncode`, `address.postalcode`),
 * comments, and the VIN of the car it is for, when there is one. The phone must have been verified by SMS; that is
 * the server's check, not the schema's. The estimator's choices ride along as hidden fields, read leniently with
 * `readPaymentEstimateChoices`.
 */
export const applyFinancingSchema = formMeta.extend({
  ...profileShape,
  address: leadAddressSchema,
  comments: commentsSchema,
  vin: optionalVinSchema,
});

export type ApplyFinancingInput = z.input<typeof applyFinancingSchema>;
export type ApplyFinancingSubmission = z.output<typeof applyFinancingSchema>;
