import { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";

/**
 * A popup's lead form (spec sections 3 and 7: a popup submit sends the email template its config names): the four
 * contact fields, the popup's id (which lead it becomes is the popup's config, looked up on the server, never the
 * body's word) and the vehicle page it was sent from, when it was one.
 */
export const popupLeadSchema = formMeta.extend({
  ...profileShape,
  popupId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  vin: z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/i)
    .optional(),
});

export type PopupLeadInput = z.input<typeof popupLeadSchema>;
export type PopupLeadSubmission = z.output<typeof popupLeadSchema>;
