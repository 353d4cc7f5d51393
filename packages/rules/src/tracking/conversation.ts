import * as z from "zod/mini";
import { type SplitName, splitConversationName } from "./events";

// A messaging provider's event is outside input, read with zod/mini (ADR 213) apart from events.ts, whose event
// values every page sends without parsing anything.
const optionalText = z.catch(z.optional(z.string()), undefined);

// A messaging provider's event is outside input: any field may be missing or of the wrong type.
const conversationEventSchema = z.looseObject({
  customer_name: optionalText,
  customer_phone_value: optionalText,
  customer_phone: optionalText,
});

/** The user of a ConversationStarted event, read from a messaging provider's event. */
export interface ConversationUser extends SplitName {
  readonly phone: string;
}

/**
 * Reads `customer_name` (split at the first space) and the phone (`customer_phone_value`, else `customer_phone`)
 * from a messaging provider's event. Returns null when the event is not an object.
 */
export function conversationStartedUser(event: unknown): ConversationUser | null {
  const parsed = conversationEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { customer_name, customer_phone_value, customer_phone } = parsed.data;
  const phone = customer_phone_value?.trim() || customer_phone?.trim() || "";
  return { ...splitConversationName(customer_name ?? ""), phone };
}
