import { matchRoute } from "@showroom/fixtures";
import { TCPA_DISCLAIMER } from "@showroom/forms";
import { isLeadOnly, type PopupDefinition } from "@showroom/rules/popups";
import { POPUP_INNER_COMPONENTS, type PopupsView } from "../components/popups/popup-view";
import { consentOf } from "./consent.server";
import { readCookie } from "./cookies.server";
import type { Site } from "./site.server";
import { pickTexts } from "./translations.server";

/** Whether one of a popup's conditions can ever hold on this page (its `pages`, when it has them, name it). */
function mayApplyTo(popup: PopupDefinition, page: { name?: string; path: string }): boolean {
  if (popup.conditions.length === 0) return true;
  return popup.conditions.some(
    (condition) =>
      condition.pages === undefined ||
      condition.pages.length === 0 ||
      condition.pages.some((p) => p === page.name || p === page.path),
  );
}

function rendered(popup: PopupDefinition): boolean {
  if (popup.component.type === "html") return true;
  return (POPUP_INNER_COMPONENTS as readonly string[]).includes(popup.component.innerComponent ?? "");
}

/**
 * The popups that may apply to this page, decided on the server (ADR 288) so a page where none may loads no popup
 * code: those whose `pages` allow the page, that this site can render, and, for a lead, not lead-only. What only the
 * browser knows (finished ids, visit counts, timers, the viewport, clicks) the runtime checks there. Null: none.
 */
export function popupsView(site: Site, request: Request): PopupsView | null {
  const url = new URL(request.url);
  if (/^\/staff(?:\/|$)/.test(url.pathname)) return null;
  const match = matchRoute(url.pathname);
  const page = { ...(match ? { name: match.route.name, params: match.params } : {}), path: url.pathname };
  // The adfLead session cookie marks a browser that has sent a lead (spec section 4, Leads).
  const isLead = readCookie(request, "adfLead") != null;
  const popups = site.experiments.popups.filter(
    (popup) => rendered(popup) && mayApplyTo(popup, page) && !(isLead && isLeadOnly(popup)),
  );
  if (popups.length === 0) return null;
  const consent = consentOf(request, site.settings);
  const pulse = site.settings.popupButtonPulse;
  const leadForm = popups.some((popup) => popup.component.innerComponent === "UnlockPriceForm");
  return {
    popups,
    page,
    isLead,
    targeting: consent.granted.targeting,
    storage: consent.granted.functional,
    pulse: { afterMs: pulse.afterSeconds * 1000, forMs: pulse.forSeconds * 1000 },
    texts: {
      ...pickTexts("common", ["a11y.closeDialog", "a11y.maximizeDialog", "a11y.restoreDialog", "labels.unlockPrice"]),
      sell: pickTexts("sell-trade", ["landing.text", "landing.start"]),
      ...(leadForm
        ? {
            forms: pickTexts("forms", ["fields.firstName", "fields.lastName", "fields.email", "fields.phone"]),
            toasts: pickTexts("toasts", ["unlockPrice.success"]),
          }
        : {}),
    },
    tcpa: leadForm ? TCPA_DISCLAIMER : null,
  };
}
