import type { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";

/** Private-inventory unlock (lead UNLOCK_INVENTORY): the four contact fields. */
export const privateInventoryUnlockSchema = formMeta.extend(profileShape);

export type PrivateInventoryUnlockInput = z.input<typeof privateInventoryUnlockSchema>;
export type PrivateInventoryUnlockSubmission = z.output<typeof privateInventoryUnlockSchema>;
