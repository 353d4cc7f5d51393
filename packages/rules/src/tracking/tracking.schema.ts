import * as z from "zod/mini";
import { GOOGLE_ITEM_EVENTS, TRACKING_EVENT_NAMES } from "./event-names";

// zod/mini, as on every browser subpath (ADR 213).
export const trackingEventNameSchema = z.enum(TRACKING_EVENT_NAMES);

const usd = z.number().check(z.nonnegative(), z.describe("The value in the file's currency, like 20."));

// Query parameter names as a browser sends them: letters, digits and underscores, so a typo such as "utm-source"
// is caught at load instead of silently never matching.
const adParameterName = z
  .string()
  .check(
    z.regex(/^[a-z][a-z0-9_]*$/, { message: "An ad parameter is a lower-case query parameter name, e.g. utm_source." }),
  );

function everyKey<K extends string>(keys: readonly K[]) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, usd])) as Record<K, typeof usd>);
}

/** `rules/tracking.json`: what each tracked event is worth, which ad parameters are kept, which routes skip PageView. */
export const trackingRulesSchema = z.strictObject({
  $schema: z.optional(
    z.string().check(z.describe("Where an editor finds this file's JSON Schema, for autocompletion and checks.")),
  ),
  currency: z
    .string()
    .check(
      z.regex(/^[A-Z]{3}$/, { message: "currency is an ISO 4217 code such as USD." }),
      z.describe("The currency of every value in this file, as a three-letter code, like USD."),
    ),
  eventValues: everyKey(TRACKING_EVENT_NAMES).check(
    z.describe("What each conversion event is worth, in the file's currency, like FullCreditApplication: 50."),
  ),
  googleItemValues: everyKey(GOOGLE_ITEM_EVENTS).check(
    z.describe("What each Google ecommerce event is worth, like view_item: 5."),
  ),
  googleLeadItemEvents: z
    .partialRecord(trackingEventNameSchema, z.enum(["add_to_cart", "purchase"]))
    .check(
      z.describe(
        "The Google ecommerce event a lead's conversion also sends, with the vehicle as its item, like Schedule: add_to_cart.",
      ),
    ),
  adParameters: z.array(adParameterName).check(
    z.minLength(1),
    z.refine((names) => new Set(names).size === names.length, { message: "Each ad parameter is listed once." }),
    z.describe("Query parameters kept from a landing URL and attached to leads and events, like utm_source."),
  ),
  pageViewSkippedRoutes: z
    .array(z.string().check(z.minLength(1)))
    .check(
      z.describe(
        "Route ids that send their own PageView (with the vehicle) instead of the generic one, like cars-direct-page.",
      ),
    ),
});

/** The parsed `rules/tracking.json`. */
export type TrackingRules = z.infer<typeof trackingRulesSchema>;
