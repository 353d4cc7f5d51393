import { z } from "zod";
import { profileShape } from "../fields/profile-fields";

/**
 * The visitor profile form (spec sections 3 and 5): first name, last name, email and phone, valid only when all four
 * are. Not a lead by itself, so it carries no form meta; saving it stamps `unlockPrice` in the app.
 */
export const visitorProfileSchema = z.object(profileShape);

export type VisitorProfileInput = z.input<typeof visitorProfileSchema>;
export type VisitorProfileValues = z.output<typeof visitorProfileSchema>;
