import type { SiteSettings } from "@showroom/fixtures";
import {
  acceptAll,
  adPixelRevoked,
  bannerVisible,
  CONSENT_COOKIE_NAMES,
  CONSENT_LANGUAGES,
  CONSENT_TEXT_NAMESPACE,
  COOKIE_CATEGORIES,
  type ConsentLanguage,
  type ConsentState,
  consentCookieValues,
  deny,
  formatAllowedCategories,
  LOCKED_CATEGORIES,
  type ResolvedConsent,
  resolveConsent,
} from "@showroom/rules/consent";
import type { TextTree } from "../components/i18n";
import type { ConsentView, TrackingView } from "../components/shell-data";
import { clearCookie, readCookie, type SiteCookieName, setCookie } from "../cookies";
import type { Config } from "../server/config.server";
import { catalog } from "./translations.server";

/** The cookie that remembers the cookie dialog's language (spec section 1: en or es, English by default). */
const CONSENT_LANGUAGE_COOKIE = "cookieDialogLanguage" satisfies SiteCookieName;

/** Where the cookie preferences work without JavaScript: a section of the cookie policy (ADR 280). */
const CONSENT_PREFERENCES_PATH = "/legal/cookie-policy";

/** The consent in force for this request: the site's tier with the visitor's two consent cookies. */
export function consentOf(request: Request, settings: SiteSettings): ResolvedConsent {
  return resolveConsent({
    tier: settings.cookies.tier,
    display: readCookie(request, CONSENT_COOKIE_NAMES.display) ?? undefined,
    allowed: readCookie(request, CONSENT_COOKIE_NAMES.allowed) ?? undefined,
  });
}

/** The cookie dialog's language: the visitor's pick, else the site's default. */
function consentLanguage(request: Request, settings: SiteSettings): ConsentLanguage {
  const picked = readCookie(request, CONSENT_LANGUAGE_COOKIE);
  const available = settings.languages.available.filter((l): l is ConsentLanguage =>
    (CONSENT_LANGUAGES as readonly string[]).includes(l),
  );
  if (picked && (available as string[]).includes(picked)) return picked as ConsentLanguage;
  return (available as string[]).includes(settings.languages.default)
    ? (settings.languages.default as ConsentLanguage)
    : "en";
}

function mergeTrees(base: TextTree, over: TextTree | undefined): TextTree {
  if (!over) return base;
  const merged: Record<string, string | TextTree> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = typeof value === "object" && typeof current === "object" ? mergeTrees(current, value) : value;
  }
  return merged;
}

/** What the banner shows on this request; null when the site's tier has no banner. */
export function consentView(request: Request, settings: SiteSettings): ConsentView | null {
  const consent = consentOf(request, settings);
  if (consent.buttons.length === 0) return null;
  const language = consentLanguage(request, settings);
  const texts = catalog();
  const english = texts.en?.[CONSENT_TEXT_NAMESPACE] ?? {};
  return {
    visible: bannerVisible(consent.display, new URL(request.url).pathname),
    buttons: consent.buttons,
    allowed: consent.allowed,
    categories: COOKIE_CATEGORIES.map((id) => ({ id, locked: LOCKED_CATEGORIES.includes(id) })),
    language,
    languages: settings.languages.available.filter((l): l is ConsentLanguage =>
      (CONSENT_LANGUAGES as readonly string[]).includes(l),
    ),
    texts: language === "en" ? english : mergeTrees(english, texts[language]?.[CONSENT_TEXT_NAMESPACE]),
    saveDelayMs: settings.cookies.saveDelayMs,
    lockBackground: settings.cookies.lockBackground,
    choices: {
      "accept-all": formatAllowedCategories(acceptAll(consent).allowed),
      close: formatAllowedCategories(acceptAll(consent).allowed),
      deny: formatAllowedCategories(deny(consent).allowed),
    },
    preferencesPath: CONSENT_PREFERENCES_PATH,
  };
}

/**
 * The `Set-Cookie` headers that store a consent state, readable by scripts (app/cookies.ts says why). They hold no
 * personal data. Without functional consent the side buttons' finished list and the shopper's numbers, kept under it,
 * go too (ADRs 335, 375).
 */
export function consentSetCookies(state: ConsentState): string[] {
  const values = consentCookieValues(state);
  return [
    setCookie(CONSENT_COOKIE_NAMES.display, values.displayCookies),
    setCookie(CONSENT_COOKIE_NAMES.allowed, values.allowCookies),
    ...(state.allowed.includes("functional")
      ? []
      : [clearCookie("finishedSideButtons"), clearCookie("shopperNumbers")]),
  ];
}

/** The `Set-Cookie` header remembering the dialog's language. */
export function consentLanguageCookie(language: ConsentLanguage): string {
  return setCookie(CONSENT_LANGUAGE_COOKIE, language);
}

/**
 * What the page's tracker may do on this request (ADR 281); null when neither analytics nor targeting is allowed, so
 * the tracker's code is not even fetched. The tracker reads the categories from here, the same state the banner shows.
 */
export function trackingView(
  request: Request,
  settings: SiteSettings,
  config: Pick<Config, "GA_MEASUREMENT_ID" | "GTM_ID">,
): TrackingView | null {
  const consent = consentOf(request, settings);
  if (!consent.granted.analytics && !consent.granted.targeting) return null;
  return {
    functional: consent.granted.functional,
    analytics: consent.granted.analytics,
    targeting: consent.granted.targeting,
    pixelRevoked: adPixelRevoked({ tier: settings.cookies.tier, allowed: consent.allowed }),
    googleTagId: config.GA_MEASUREMENT_ID ?? null,
    tagManagerId: config.GTM_ID ?? null,
    currency: settings.tracking.currency,
  };
}
