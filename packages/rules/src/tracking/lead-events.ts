import type { FormKind } from "../leads/lead.schema";
import { defaultTrackingRules } from "./defaults";
import type { TrackingEventName } from "./event-names";
import { type EventValue, eventValue } from "./events";
import type { TrackingRules } from "./tracking.schema";

/**
 * The conversion event each form kind's lead reports (spec sections 7 and 9): the full credit application is worth
 * the most, the pre-approval is the instant screen, the price stepper is Personalize, a test drive Schedule, and every
 * message to the dealership a Contact. A kind with no event of its own reports the generic Lead.
 */
export const LEAD_KIND_EVENTS: Readonly<Record<FormKind, TrackingEventName>> = {
  DEFAULT: "Lead",
  UNLOCK_INVENTORY: "UnlockInventory",
  UNLOCK_PRICE: "Personalize",
  SCHEDULE_TEST_DRIVE: "Schedule",
  SELL_OR_TRADE: "SellTrade",
  CONTACT_SALES: "Contact",
  CONTACT_DEALERSHIP: "Contact",
  CONTACT_FINANCE: "Contact",
  CONTACT_SERVICE: "Contact",
  CAREERS: "SubmitApplication",
  SERVICE: "Contact",
  APPLY_FINANCING: "InstantScreen",
  FULL_CREDIT_APP: "FullCreditApplication",
  STAFF_MEMBER: "Contact",
};

/** The event a lead of `kind` reports with its value; an unknown kind reports the generic Lead (worth 0). */
export function leadEvent(
  kind: string,
  rules: TrackingRules = defaultTrackingRules,
): { readonly name: TrackingEventName } & EventValue {
  const name = Object.hasOwn(LEAD_KIND_EVENTS, kind) ? LEAD_KIND_EVENTS[kind as FormKind] : "Lead";
  return { name, ...eventValue(name, rules) };
}

/**
 * The event id a lead's conversion is reported under, in the browser and on the server alike, so Meta and Google
 * count it once: derived from the lead id, so a second report of the same lead carries the same id.
 */
export function leadEventId(leadId: string, name: TrackingEventName): string {
  return `${name}.${leadId}`;
}
