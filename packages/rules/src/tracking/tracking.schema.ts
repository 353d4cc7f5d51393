import { z } from "zod";

/** The conversion events the site reports, each with a value in the event table of spec section 9. */
export const TRACKING_EVENT_NAMES = [
  "PageView",
  "Lead",
  "FullCreditApplication",
  "InstantScreen",
  "Personalize",
  "Schedule",
  "ConversationStarted",
  "SellTrade",
  "ClickToCall",
  "UnlockInventory",
  "Contact",
  "SubmitApplication",
] as const;

/** One of {@link TRACKING_EVENT_NAMES}. */
export type TrackingEventName = (typeof TRACKING_EVENT_NAMES)[number];

/** The Google Analytics ecommerce events the site sends, each with an item value (spec section 9). */
export const GOOGLE_ITEM_EVENTS = [
  "view_search_results",
  "view_item_list",
  "view_item",
  "add_to_cart",
  "purchase",
] as const;

/** One of {@link GOOGLE_ITEM_EVENTS}. */
export type GoogleItemEvent = (typeof GOOGLE_ITEM_EVENTS)[number];

export const trackingEventNameSchema = z.enum(TRACKING_EVENT_NAMES);

const usd = z.number().finite().nonnegative();

// Query parameter names as a browser sends them: letters, digits and underscores, so a typo such as "utm-source"
// is caught at load instead of silently never matching.
const adParameterName = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, { message: "An ad parameter is a lower-case query parameter name, e.g. utm_source." });

function everyKey<K extends string>(keys: readonly K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, usd])) as Record<K, typeof usd>);
}

/** `rules/tracking.json`: what each tracked event is worth, which ad parameters are kept, which routes skip PageView. */
export const trackingRulesSchema = z.strictObject({
  $schema: z.string().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: "currency is an ISO 4217 code such as USD." }),
  eventValues: everyKey(TRACKING_EVENT_NAMES).meta({ description: "Value of each conversion event, in currency." }),
  googleItemValues: everyKey(GOOGLE_ITEM_EVENTS).meta({ description: "Value of each Google ecommerce event." }),
  adParameters: z
    .array(adParameterName)
    .min(1)
    .refine((names) => new Set(names).size === names.length, { message: "Each ad parameter is listed once." })
    .meta({ description: "Query parameters kept from a landing URL and attached to leads and events." }),
  pageViewSkippedRoutes: z
    .array(z.string().min(1))
    .meta({ description: "Route ids that send their own PageView (with the vehicle) instead of the generic one." }),
});

/** The parsed `rules/tracking.json`. */
export type TrackingRules = z.infer<typeof trackingRulesSchema>;
