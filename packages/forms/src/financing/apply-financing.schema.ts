import type { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { optionalVinSchema } from "../fields/vin";
import { leadUserShape } from "../leads/lead-user.schema";

/**
 * Apply for financing, the instant pre-approval (lead APPLY_FINANCING): the lead user record (contact fields,
 * optional home or delivery address, comments) and the VIN of the car it is for, when there is one.
 */
export const applyFinancingSchema = formMeta.extend({
  ...leadUserShape,
  vin: optionalVinSchema,
});

export type ApplyFinancingInput = z.input<typeof applyFinancingSchema>;
export type ApplyFinancingSubmission = z.output<typeof applyFinancingSchema>;
