import { emailSchema, phoneSchema } from "./contact-fields";
import { firstNameSchema, lastNameSchema } from "./text";

/**
 * The four contact fields every lead form collects (spec section 5: a profile is valid only when all four are).
 * Spread into a form's shape, so each form's Conform field names stay flat (`firstName`, not `user.firstName`).
 */
export const profileShape = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
};
