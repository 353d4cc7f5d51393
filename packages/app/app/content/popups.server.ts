import { matchRoute } from "@showroom/fixtures";
import { TCPA_DISCLAIMER } from "@showroom/forms";
import { isButtonTriggered, type PopupDefinition, serverVerdict } from "@showroom/rules/popups";
import { POPUP_INNER_COMPONENTS, type PopupsView } from "../components/popups/popup-view";
import { readCookie } from "../cookies";
import { consentOf } from "./consent.server";
import { pagePath } from "./seo.server";
import { readPopupIds } from "./side-buttons.server";
import type { Site } from "./site.server";
import { pickTexts } from "./translations.server";

function rendered(popup: PopupDefinition): boolean {
  if (popup.component.type === "html") return true;
  return (POPUP_INNER_COMPONENTS as readonly string[]).includes(popup.component.innerComponent ?? "");
}

/**
 * The popups that may apply to this page, decided on the server (ADR 288, 336) so a page where none may loads no
 * popup code: those this site can render whose conditions can hold here (`serverVerdict`: the page, the lead cookie,
 * whether the browser may read ad values, the side buttons closed or finished by their cookies, ADR 335). A side
 * button whose popup shows whatever the browser finds is drawn by the server and needs no runtime; what only the
 * browser knows (finished ids, visit counts, timers, the viewport, clicks) the runtime checks there. Null: none.
 */
export function popupsView(site: Site, request: Request): PopupsView | null {
  // The page's own path: a client-side navigation asks for `/cars-for-sale.data`, and the root's data comes with it.
  const path = pagePath(new URL(request.url));
  if (/^\/staff(?:\/|$)/.test(path)) return null;
  const match = matchRoute(path);
  const page = { ...(match ? { name: match.route.name, params: match.params } : {}), path };
  // The adfLead session cookie marks a browser that has sent a lead (spec section 4, Leads).
  const isLead = readCookie(request, "adfLead") != null;
  const consent = consentOf(request, site.settings);
  const facts = {
    page,
    isLead,
    adValuesReadable: consent.granted.targeting,
    finishedPopups: consent.granted.functional ? readPopupIds(request, "finishedSideButtons") : [],
    disabledPopups: readPopupIds(request, "closedSideButtons"),
  };
  const judged = site.experiments.popups
    .filter(rendered)
    .map((popup) => ({ popup, verdict: serverVerdict(popup, facts) }))
    .filter(({ verdict }) => verdict !== "never");
  if (judged.length === 0) return null;
  const popups = judged.map(({ popup }) => popup);
  const drawn = (j: (typeof judged)[number]) => isButtonTriggered(j.popup) && j.verdict === "show";
  const pulse = site.settings.popupButtonPulse;
  const leadForm = popups.some((popup) => popup.component.innerComponent === "UnlockPriceForm");
  return {
    popups,
    sideButtons: judged.filter(drawn).map(({ popup }) => popup.id),
    live: site.experiments.popups.map((popup) => popup.id),
    runtime: judged.some((j) => !drawn(j)),
    sideButtonSpace: popups.some(isButtonTriggered),
    page,
    isLead,
    targeting: consent.granted.targeting,
    storage: consent.granted.functional,
    pulse: { afterMs: pulse.afterSeconds * 1000, forMs: pulse.forSeconds * 1000 },
    texts: {
      ...pickTexts("common", [
        "a11y.closeDialog",
        "a11y.maximizeDialog",
        "a11y.restoreDialog",
        "a11y.hideSideButton",
        "labels.unlockPrice",
      ]),
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
