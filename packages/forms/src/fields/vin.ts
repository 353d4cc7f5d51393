import { z } from "zod";
import { MESSAGES } from "../messages";
import { blankToUndefined } from "./text";

/** 17 characters of the VIN alphabet (no I, O or Q). The check digit is the inventory's business, not the form's. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** A VIN carried by a hidden field (the vehicle a form is about); upper-cased, optional. */
export const optionalVinSchema = z.preprocess<unknown, z.ZodOptional<z.ZodString>, string | undefined>(
  (value) => (typeof value === "string" ? blankToUndefined(value.trim().toUpperCase()) : value),
  z.string({ error: MESSAGES.vin }).regex(VIN_PATTERN, { error: MESSAGES.vin }).optional(),
);
