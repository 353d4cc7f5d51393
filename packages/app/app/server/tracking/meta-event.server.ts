import {
  eventValue,
  hashMetaUserData,
  META_USER_FIELDS,
  type MetaUserData,
  type MetaUserInput,
  TRACKING_EVENT_NAMES,
  type TrackingEventName,
} from "@showroom/rules/tracking";
import { z } from "zod";

/** Meta refuses events older than seven days; an older or future time from a browser is replaced by now. */
const MAX_EVENT_AGE_SECONDS = 7 * 24 * 60 * 60;

const rawField = z.string().max(200).optional();

/** An id the browser and the server agree on (`Contact.<lead id>`, or a random one for a page view). */
const eventIdSchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, "An event id is letters, digits, dots, colons, dashes and underscores.");

// Meta's browser cookies: `fb.{subdomain index}.{time}.{random or fbclid}`.
const fbCookie = z
  .string()
  .max(500)
  .regex(/^fb\.\d\.\d{10,13}\.[A-Za-z0-9_-]+$/, "fbp and fbc are Meta cookie values, like fb.1.1700000000000.123.")
  .optional();

/**
 * The body of `POST /api/track/facebook` (spec section 7): the event by name (`eventName`, the spec's camel case, or
 * `event_name`), its id and time in either spelling, Meta's cookies, the user data as typed (hashed here, never kept
 * raw) and a few custom values. The value and currency are not taken from the browser: the rules price each event.
 */
export const trackRequestSchema = z
  .object({
    eventName: z.enum(TRACKING_EVENT_NAMES).optional(),
    event_name: z.enum(TRACKING_EVENT_NAMES).optional(),
    eventID: eventIdSchema.optional(),
    event_id: eventIdSchema.optional(),
    eventTime: z.number().int().positive().optional(),
    event_time: z.number().int().positive().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    value: z.number().nonnegative().optional(),
    fbp: fbCookie,
    fbc: fbCookie,
    url: z.string().max(2000).optional(),
    user_data: z
      .object(Object.fromEntries(META_USER_FIELDS.map((f) => [f, rawField])))
      .partial()
      .optional(),
    custom_data: z.record(z.string().max(40), z.union([z.string().max(200), z.number()])).optional(),
  })
  .strict()
  .refine((body) => body.eventName ?? body.event_name, { message: "eventName is required.", path: ["eventName"] })
  .refine((body) => body.eventID ?? body.event_id, { message: "eventID is required.", path: ["eventID"] });

/** One Conversions API event (`data[]` of `POST /{pixel}/events`): user data already hashed. */
export interface MetaEvent {
  readonly event_name: TrackingEventName;
  readonly event_time: number;
  readonly event_id: string;
  readonly action_source: "website";
  readonly event_source_url?: string;
  readonly user_data: Readonly<Record<string, string | readonly string[]>>;
  readonly custom_data: Readonly<Record<string, string | number>>;
}

export interface MetaEventInput {
  readonly name: TrackingEventName;
  readonly eventId: string;
  /** Unix seconds; out of Meta's window (older than 7 days, or ahead of now) becomes now. */
  readonly time?: number | undefined;
  readonly user?: MetaUserInput | undefined;
  /** The signed visitor id: sent hashed as external_id. */
  readonly visitorId?: string | null | undefined;
  readonly fbp?: string | undefined;
  readonly fbc?: string | undefined;
  /** The page's full URL; its query is dropped (it may carry what a shopper typed). */
  readonly url?: string | undefined;
  readonly origin: string;
  readonly custom?: Readonly<Record<string, string | number>> | undefined;
  readonly now?: Date;
}

function pageUrl(url: string | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== new URL(origin).origin) return undefined;
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * A Conversions API event: the user data normalized and SHA-256 hashed the way Meta documents (each hash in a list,
 * as Meta takes them), the visitor id as a hashed external_id, the value and currency from the rules' table. No raw
 * user value is in the result.
 */
export async function buildMetaEvent(input: MetaEventInput): Promise<MetaEvent> {
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const time =
    input.time && input.time <= nowSeconds && input.time > nowSeconds - MAX_EVENT_AGE_SECONDS ? input.time : nowSeconds;
  const hashed: MetaUserData = await hashMetaUserData({
    ...input.user,
    external_id: input.visitorId ?? input.user?.external_id,
  });
  const userData: Record<string, string | readonly string[]> = {};
  for (const [field, hash] of Object.entries(hashed)) userData[field] = [hash];
  if (input.fbp) userData.fbp = input.fbp;
  if (input.fbc) userData.fbc = input.fbc;
  const { value, currency } = eventValue(input.name);
  const source = pageUrl(input.url, input.origin);
  return {
    event_name: input.name,
    event_time: time,
    event_id: input.eventId,
    action_source: "website",
    ...(source ? { event_source_url: source } : {}),
    user_data: userData,
    custom_data: { ...input.custom, value, currency },
  };
}
