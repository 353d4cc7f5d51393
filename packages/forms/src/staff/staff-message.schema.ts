import { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { messageSchema } from "../fields/text";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";

/** A staff member's slug as used in /our-company/meet-our-team/{slug}. */
export const staffSlugSchema = z
  .string({ error: MESSAGES.slug })
  .trim()
  .max(MAX_LENGTH.staffSlug, { error: MESSAGES.slug })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: MESSAGES.slug });

/**
 * A message to one staff member from their team page (lead STAFF_MEMBER; also sent to the member's primary email):
 * the four contact fields, the member's slug (a hidden field) and the message.
 */
export const staffMessageSchema = formMeta.extend({
  ...profileShape,
  staffSlug: staffSlugSchema,
  message: messageSchema,
});

export type StaffMessageInput = z.input<typeof staffMessageSchema>;
export type StaffMessageSubmission = z.output<typeof staffMessageSchema>;
