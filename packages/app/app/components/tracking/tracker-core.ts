// The page's tracker without React (ADR 281): Google's tag under Consent Mode v2, Meta events through the server,
// Meta's first-party cookies, the lead events the server left, and the click-to-call handler. Loaded only after
// consent allows analytics or targeting.
import {
  eventValue,
  type GoogleItemEvent,
  googleItemEventOfLead,
  googleItemValue,
  type TrackingEventName,
} from "@showroom/rules/tracking";
import { readBrowserCookie, writeBrowserCookie } from "../../cookies";
import type { TrackingView } from "../shell-data";

type Gtag = (...args: unknown[]) => void;
interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

const LEAD_EVENTS_COOKIE = "trackLead";

function randomId(): string {
  return crypto.randomUUID();
}

/** Consent Mode v2 from the categories: analytics → analytics_storage; targeting → the three ad signals. */
function googleConsent(view: Pick<TrackingView, "functional" | "analytics" | "targeting">) {
  const state = (granted: boolean) => (granted ? "granted" : "denied");
  return {
    analytics_storage: state(view.analytics),
    ad_storage: state(view.targeting),
    ad_user_data: state(view.targeting),
    ad_personalization: state(view.targeting),
    functionality_storage: state(view.functional),
    personalization_storage: state(view.functional),
  };
}

let googleLoaded = false;

function gtag(): Gtag {
  const w = window as unknown as TagWindow;
  w.dataLayer ??= [];
  w.gtag ??= function gtagStub() {
    // Google's tag reads the arguments object itself, as its own snippet pushes it.
    // biome-ignore lint/complexity/noArguments: the tag's documented calling convention.
    (w.dataLayer as unknown[]).push(arguments);
  };
  return w.gtag;
}

/**
 * Google's tag with every signal denied by default, then updated from the visitor's choice; loaded only when an id is
 * configured. The script is added by this (nonce-trusted) module, never inline, so the CSP needs no unsafe-inline.
 */
export function updateGoogle(view: TrackingView) {
  if (!view.googleTagId && !view.tagManagerId) return;
  const tag = gtag();
  if (!googleLoaded) {
    googleLoaded = true;
    tag("consent", "default", {
      ...googleConsent({ functional: false, analytics: false, targeting: false }),
      security_storage: "granted",
    });
    tag("js", new Date());
    if (view.googleTagId) tag("config", view.googleTagId, { send_page_view: false });
    const script = document.createElement("script");
    script.async = true;
    script.src = view.googleTagId
      ? `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(view.googleTagId)}`
      : `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(view.tagManagerId ?? "")}`;
    if (!view.googleTagId)
      (window as unknown as TagWindow).dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
    document.head.appendChild(script);
  }
  tag("consent", "update", googleConsent(view));
}

function googleEvent(view: TrackingView, name: string, params: Record<string, unknown>) {
  if (!googleLoaded || (!view.analytics && !view.targeting)) return;
  gtag()("event", name, params);
}

/** Meta's first-party cookies, as its pixel keeps them: `_fbp` for the browser, `_fbc` from an ad click's fbclid. */
export function keepMetaCookies(view: TrackingView) {
  if (!view.targeting || view.pixelRevoked) return;
  if (!readBrowserCookie("_fbp"))
    writeBrowserCookie("_fbp", `fb.1.${Date.now()}.${Math.floor(Math.random() * 2 ** 31)}`);
  const fbclid = new URLSearchParams(location.search).get("fbclid");
  if (fbclid && /^[A-Za-z0-9_-]{1,200}$/.test(fbclid)) writeBrowserCookie("_fbc", `fb.1.${Date.now()}.${fbclid}`);
}

/** Sends one event to Meta through the server (`POST /api/track/facebook`), which hashes and forwards it. */
function metaEvent(
  view: TrackingView,
  name: TrackingEventName,
  eventId: string,
  custom?: Record<string, string | number>,
) {
  if (!view.targeting || view.pixelRevoked) return;
  const body = JSON.stringify({
    eventName: name,
    eventID: eventId,
    eventTime: Math.floor(Date.now() / 1000),
    url: location.href,
    ...(custom ? { custom_data: custom } : {}),
  });
  // keepalive: a lead's event or a call click must leave even when the page is closing.
  void fetch("/api/track/facebook", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {
    // Tracking never disturbs the shopper; a lost page view is not retried.
  });
}

/** PageView with the full path, or the vehicle page's own PageView with its VIN. */
export function pageView(view: TrackingView, vin: string | null) {
  const path = `${location.pathname}${location.search}`;
  metaEvent(
    view,
    "PageView",
    `PageView.${randomId()}`,
    vin ? { content_ids: vin, content_type: "vehicle" } : undefined,
  );
  googleEvent(view, "page_view", { page_location: location.href, page_path: path });
}

/** Google's item events with the section 9 values (view_search_results 2, view_item_list 3, view_item 5). */
export function itemEvent(view: TrackingView, event: GoogleItemEvent, items: Record<string, unknown>[] = []) {
  const { value, currency } = googleItemValue(event);
  googleEvent(view, event, { value, currency, items });
}

/** A conversion with its section 9 value, to Meta (through the server) and Google, under one event id. */
function conversion(view: TrackingView, name: TrackingEventName, eventId: string) {
  metaEvent(view, name, eventId);
  const { value, currency } = eventValue(name);
  googleEvent(view, name === "Lead" ? "generate_lead" : name, { value, currency, transaction_id: eventId });
}

/**
 * The lead events the server recorded and left in the `trackLead` cookie: each is reported once with the server's
 * event id, then the cookie is cleared. A vehicle or financing lead is also Google's add_to_cart or purchase (section
 * 9), with the vehicle of the page it was sent from as its item.
 */
export function flushLeadEvents(view: TrackingView, vin: string | null = null) {
  const pending = readBrowserCookie(LEAD_EVENTS_COOKIE);
  if (!pending) return;
  writeBrowserCookie(LEAD_EVENTS_COOKIE, "", { maxAge: 0 });
  for (const eventId of pending.split(",")) {
    const name = eventId.slice(0, eventId.indexOf(".")) as TrackingEventName;
    if (!/^[A-Za-z]+\.[A-Za-z0-9-]+$/.test(eventId)) continue;
    conversion(view, name, eventId);
    const item = googleItemEventOfLead(name);
    if (item) itemEvent(view, item, vin ? [{ item_id: vin }] : []);
  }
}

/** ClickToCall (section 9: 5 USD) for a press on any `tel:` link of the page, whenever it was added. */
export function onTelClick(view: () => TrackingView) {
  return (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[href^='tel:']");
    if (link) conversion(view(), "ClickToCall", `ClickToCall.${randomId()}`);
  };
}
