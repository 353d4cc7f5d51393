import type { SiteSettings } from "@showroom/fixtures";
import { adPixelRevoked, type ResolvedConsent } from "@showroom/rules/consent";
import type { Lead } from "@showroom/rules/leads";
import { type AdParams, leadEvent, leadEventId, pickAdParams, type TrackingEventName } from "@showroom/rules/tracking";
import type { MiddlewareFunction } from "react-router";
import { type AppServices, servicesContext } from "../context";
import { clearCookie, readCookie, type SiteCookieName, setCookie } from "../cookies";
import { logError } from "../server/log.server";
import { type CapturedLead, type LeadCapture, withLeadCapture } from "../server/tracking/lead-capture.server";
import { buildMetaEvent } from "../server/tracking/meta-event.server";
import { trackingSink } from "../server/tracking/tracking-sink.server";
import { consentOf } from "./consent.server";
import { getSite, originOf } from "./site.server";

/** The ad-values cookie (spec sections 3 and 9): the ad parameters of the visit that brought the visitor, 30 days. */
export const AD_VALUES_COOKIE = "adValues" satisfies SiteCookieName;

/**
 * The lead events the browser still has to report (`Contact.<lead id>,Lead.<lead id>`), set with the answer that
 * recorded the leads and cleared by the tracker once it has sent them: the browser reports each with the id the
 * server used, so Meta and Google count the lead once (ADR 281).
 */
const LEAD_EVENTS_COOKIE = "trackLead" satisfies SiteCookieName;

/** Meta's own first-party cookies, read (never written) by the server to join its events to the browser's. */
const META_COOKIES = { fbp: "_fbp", fbc: "_fbc" } as const;

/**
 * The visitor's ad parameters, for popup conditions (`adsValues`, spec section 5) and leads: those of this request's
 * URL when it carries any (a new ad click replaces the old one), else those kept in the ad-values cookie. Empty unless
 * the visitor allows targeting cookies, whatever the URL or the cookie say. Values are checked as the rules keep them
 * (listed names, no control characters, at most 255 characters).
 */
export function adValuesOf(request: Request, settings: SiteSettings, consent?: ResolvedConsent): AdParams {
  const granted = (consent ?? consentOf(request, settings)).granted;
  if (!granted.targeting) return {};
  const fromUrl = pickAdParams(new URL(request.url).searchParams);
  if (Object.keys(fromUrl).length > 0) return fromUrl;
  return pickAdParams(readCookie(request, AD_VALUES_COOKIE) ?? "");
}

/** The `Set-Cookie` that keeps `params` for the site's ad-values lifetime (30 days), Secure and SameSite=Lax. */
export function adValuesSetCookie(params: AdParams, settings: SiteSettings): string {
  const value = new URLSearchParams(params as Record<string, string>).toString();
  return setCookie(AD_VALUES_COOKIE, value, { maxAge: settings.cookieLifetimeDays.adValues * 24 * 60 * 60 });
}

/**
 * The events one recorded lead reports, each once: its kind's event, the event its form names (a popup's
 * `submitted.track`), and the Lead event when the profile was empty before.
 */
export function leadEventsOf(captured: CapturedLead): { name: TrackingEventName; eventId: string }[] {
  const names = new Set<TrackingEventName>([leadEvent(captured.lead.kind).name]);
  if (captured.alsoTrack) names.add(captured.alsoTrack);
  if (captured.profileWasEmpty) names.add("Lead");
  return [...names].map((name) => ({ name, eventId: leadEventId(captured.lead.id, name) }));
}

function leadUser(lead: Lead) {
  const { firstName, lastName, email, phone, address } = lead.user;
  return {
    fn: firstName,
    ln: lastName,
    em: email,
    ph: phone,
    ct: address?.city,
    st: address?.regioncode,
    zp: address?.postalcode,
  };
}

function reportToMeta(
  services: AppServices,
  request: Request,
  captured: CapturedLead,
  name: TrackingEventName,
  eventId: string,
) {
  const sink = trackingSink(services.config);
  const referer = request.headers.get("referer") ?? undefined;
  void buildMetaEvent({
    name,
    eventId,
    user: leadUser(captured.lead),
    visitorId: captured.visitorId,
    fbp: readCookie(request, META_COOKIES.fbp) ?? undefined,
    fbc: readCookie(request, META_COOKIES.fbc) ?? undefined,
    url: referer,
    origin: originOf(services),
  })
    .then((event) => sink.send(event, "server"))
    .catch((error) => logError(`reporting the ${name} event of lead ${captured.lead.id}`, error));
}

/**
 * The marketing side of every request (ADR 281), run around the routes:
 * - with targeting allowed, the ad parameters of the URL are kept in the ad-values cookie and lent to every lead the
 *   request records; without it, an ad-values cookie left from an earlier choice is removed;
 * - each lead recorded reports its event (and the Lead event when the profile was empty) to Meta from the server when
 *   targeting is allowed and the pixel's consent stands, and leaves its event ids in a short cookie for the browser's
 *   tracker when analytics or targeting is allowed. Without consent, nothing is recorded and no cookie is set.
 */
export const trackingMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The site (with its settings, which experiments may change) is resolved only when something needs the consent:
  // a picture or a plain page view without ad parameters pays nothing.
  let resolved: Promise<{ settings: SiteSettings; consent: ResolvedConsent }> | undefined;
  const consentNow = () => {
    resolved ??= getSite(context).then((site) => ({
      settings: site.settings,
      consent: consentOf(request, site.settings),
    }));
    return resolved;
  };
  const capture: LeadCapture = {
    adParams: async () => {
      const { settings, consent } = await consentNow();
      return adValuesOf(request, settings, consent);
    },
    recorded: [],
  };
  const response = await withLeadCapture(capture, () => next());
  const urlParams = pickAdParams(new URL(request.url).searchParams);
  const hasAdCookie = readCookie(request, AD_VALUES_COOKIE) !== null;
  if (Object.keys(urlParams).length === 0 && !hasAdCookie && capture.recorded.length === 0) return response;
  try {
    const { settings, consent } = await consentNow();
    if (consent.granted.targeting && Object.keys(urlParams).length > 0) {
      response.headers.append("Set-Cookie", adValuesSetCookie(urlParams, settings));
    } else if (!consent.granted.targeting && hasAdCookie) {
      response.headers.append("Set-Cookie", clearCookie(AD_VALUES_COOKIE));
    }
    if (capture.recorded.length === 0) return response;
    const services = context.get(servicesContext);
    const toMeta =
      consent.granted.targeting && !adPixelRevoked({ tier: settings.cookies.tier, allowed: consent.allowed });
    const tokens: string[] = [];
    for (const captured of capture.recorded) {
      for (const { name, eventId } of leadEventsOf(captured)) {
        if (toMeta) reportToMeta(services, request, captured, name, eventId);
        tokens.push(eventId);
      }
    }
    if (consent.granted.analytics || consent.granted.targeting) {
      const pending = (readCookie(request, LEAD_EVENTS_COOKIE) ?? "").split(",").filter(Boolean);
      const value = [...new Set([...pending, ...tokens])].slice(-10).join(",");
      response.headers.append("Set-Cookie", setCookie(LEAD_EVENTS_COOKIE, value));
    }
  } catch (error) {
    // An answer with immutable headers keeps them; the lead itself is recorded either way.
    logError("adding tracking cookies", error);
  }
  return response;
};
