import { z } from "zod";
import { VIN_PATTERN } from "../fields/vin";
import { MESSAGES } from "../messages";

/**
 * The heart of a vehicle card or page (saved vehicles): which vehicle, and whether to save or remove it. No form
 * meta: saving twice or removing twice leaves the same list, so there is nothing for an idempotency key to guard,
 * and a key minted per render would keep listings out of the HTML cache (docs/decisions/271).
 */
export const savedVehicleSchema = z.object({
  vin: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
    z.string({ error: MESSAGES.vin }).regex(VIN_PATTERN, { error: MESSAGES.vin }),
  ),
  intent: z.enum(["save", "remove"], { error: MESSAGES.choice }),
});

export type SavedVehicleInput = z.input<typeof savedVehicleSchema>;
export type SavedVehicleSubmission = z.output<typeof savedVehicleSchema>;
