import * as z from "zod/mini";
import { defaultTrackingRules } from "./defaults";
import type { GoogleItemEvent, TrackingEventName } from "./event-names";
import type { TrackingRules } from "./tracking.schema";

/** What a conversion event is worth: its value and the currency it is counted in. */
export interface EventValue {
  readonly value: number;
  readonly currency: string;
}

/** The value of a conversion event from the event table (USD by default). */
export function eventValue(name: TrackingEventName, rules: TrackingRules = defaultTrackingRules): EventValue {
  return { value: rules.eventValues[name], currency: rules.currency };
}

/** The value of a Google ecommerce event (view_item 5, purchase 30, …). */
export function googleItemValue(event: GoogleItemEvent, rules: TrackingRules = defaultTrackingRules): EventValue {
  return { value: rules.googleItemValues[event], currency: rules.currency };
}

/**
 * Whether a route change sends the generic PageView. The vehicle detail route (`cars-direct-page`) is skipped: it
 * sends its own PageView once the vehicle is known, so counting it here would report the visit twice.
 */
export function shouldTrackPageView(routeId: string, rules: TrackingRules = defaultTrackingRules): boolean {
  return !rules.pageViewSkippedRoutes.includes(routeId);
}

/** A shopper's name split for a tracking event. */
export interface SplitName {
  readonly firstName: string;
  readonly lastName: string;
}

/** Splits a full name at its first space: "Mary Ann Smith" → first "Mary", last "Ann Smith". */
export function splitConversationName(name: string): SplitName {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space).trim() };
}

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
