import { z } from "zod";
import { leadAddressSchema, optionalGroup } from "../fields/address";
import { profileShape } from "../fields/profile-fields";
import { commentsSchema } from "../fields/text";

/**
 * The user record of a lead (spec section 3): the four contact fields, an optional address (home or delivery) and
 * optional comments. An address left entirely blank is no address; a started one must be complete.
 */
export const leadUserShape = {
  ...profileShape,
  address: optionalGroup(leadAddressSchema, ["type", "country"]),
  comments: commentsSchema,
};

export const leadUserSchema = z.object(leadUserShape);

export type LeadUserInput = z.input<typeof leadUserSchema>;
export type LeadUser = z.output<typeof leadUserSchema>;
