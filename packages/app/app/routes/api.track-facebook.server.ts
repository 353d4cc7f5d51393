import { adPixelRevoked } from "@showroom/rules/consent";
import { consentOf } from "../content/consent.server";
import type { Site } from "../content/site.server";
import { readCookie } from "../cookies";
import { logError } from "../server/log.server";
import { buildMetaEvent, trackRequestSchema } from "../server/tracking/meta-event.server";
import { trackingSink } from "../server/tracking/tracking-sink.server";

/** The longest body a tracking event may have; a page view is a few hundred bytes. */
const MAX_TRACK_BODY_BYTES = 8 * 1024;

export interface TrackOutcome {
  readonly status: 204 | 400 | 413 | 415 | 502;
  readonly message?: string;
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; outcome: TrackOutcome }> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  // sendBeacon posts text/plain; a JSON body is what both say.
  if (!type.startsWith("application/json") && !type.startsWith("text/plain")) {
    return { ok: false, outcome: { status: 415, message: "Send the event as JSON." } };
  }
  const text = await request.text();
  if (text.length > MAX_TRACK_BODY_BYTES) return { ok: false, outcome: { status: 413, message: "Event too large." } };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, outcome: { status: 400, message: "The event is not valid JSON." } };
  }
}

/**
 * `POST /api/track/facebook` (spec section 7): a page's event for Meta. The body is parsed first (a bad one is a 4xx
 * whatever the consent). Without targeting consent, or with the pixel's consent revoked (tier above 1 and functional
 * cookies off), it answers 204 and records nothing. Otherwise the user data is hashed (the raw values go no further
 * than this function) and the event sent to the Conversions API or appended to DATA_DIR/tracking/events.jsonl.
 */
export async function trackFacebook(site: Site, request: Request, visitorId: string | null): Promise<TrackOutcome> {
  const read = await readJson(request);
  if (!read.ok) return read.outcome;
  const parsed = trackRequestSchema.safeParse(read.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: 400, message: `${issue?.path.join(".") || "event"}: ${issue?.message ?? "invalid"}` };
  }
  const consent = consentOf(request, site.settings);
  if (!consent.granted.targeting || adPixelRevoked({ tier: site.settings.cookies.tier, allowed: consent.allowed })) {
    return { status: 204 };
  }
  const body = parsed.data;
  const name = body.eventName ?? body.event_name;
  const eventId = body.eventID ?? body.event_id;
  if (!name || !eventId) return { status: 400, message: "eventName and eventID are required." };
  const event = await buildMetaEvent({
    name,
    eventId,
    time: body.eventTime ?? body.event_time,
    user: body.user_data,
    visitorId,
    fbp: body.fbp ?? readCookie(request, "_fbp") ?? undefined,
    fbc: body.fbc ?? readCookie(request, "_fbc") ?? undefined,
    url: body.url,
    origin: site.origin,
    custom: body.custom_data,
  });
  try {
    await trackingSink(site.services.config).send(event, "browser");
    return { status: 204 };
  } catch (error) {
    logError(`sending the ${name} event`, error);
    return { status: 502, message: "The event could not be sent." };
  }
}
