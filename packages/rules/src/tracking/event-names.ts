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
