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
 * The Google ecommerce event a lead's conversion also sends (spec section 9's add_to_cart 20 and purchase 30): a
 * vehicle chosen for a price or a drive is put in the cart, a financing application is the purchase. Null: none.
 */
export function googleItemEventOfLead(
  name: TrackingEventName,
  rules: TrackingRules = defaultTrackingRules,
): "add_to_cart" | "purchase" | null {
  // Own keys only: a name read from a cookie may be "constructor".
  return Object.hasOwn(rules.googleLeadItemEvents, name) ? (rules.googleLeadItemEvents[name] ?? null) : null;
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
