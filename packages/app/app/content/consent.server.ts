import type { SiteSettings } from "@showroom/fixtures";
import {
  bannerVisible,
  CONSENT_COOKIE_NAMES,
  CONSENT_LANGUAGES,
  CONSENT_TEXT_NAMESPACE,
  COOKIE_CATEGORIES,
  type ConsentLanguage,
  type ConsentState,
  consentCookieValues,
  LOCKED_CATEGORIES,
  type ResolvedConsent,
  resolveConsent,
} from "@showroom/rules/consent";
import type { TextTree } from "../components/i18n";
import type { ConsentView } from "../components/shell-data";
import { readCookie } from "./cookies.server";
import { catalog } from "./translations.server";

/** The cookie that remembers the cookie dialog's language (spec section 1: en or es, English by default). */
export const CONSENT_LANGUAGE_COOKIE = "cookieDialogLanguage";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The consent in force for this request: the site's tier with the visitor's two consent cookies. */
export function consentOf(request: Request, settings: SiteSettings): ResolvedConsent {
  return resolveConsent({
    tier: settings.cookies.tier,
    display: readCookie(request, CONSENT_COOKIE_NAMES.display) ?? undefined,
    allowed: readCookie(request, CONSENT_COOKIE_NAMES.allowed) ?? undefined,
  });
}

/** The cookie dialog's language: the visitor's pick, else the site's default. */
export function consentLanguage(request: Request, settings: SiteSettings): ConsentLanguage {
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
  };
}

function cookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; Secure; SameSite=Lax`;
}

/**
 * The `Set-Cookie` headers that store a consent state. They are readable by scripts on purpose: the trackers that
 * must respect the choice run in the browser. They hold no personal data.
 */
export function consentSetCookies(state: ConsentState): string[] {
  const values = consentCookieValues(state);
  return [
    cookie(CONSENT_COOKIE_NAMES.display, values.displayCookies),
    cookie(CONSENT_COOKIE_NAMES.allowed, values.allowCookies),
  ];
}

/** The `Set-Cookie` header remembering the dialog's language. */
export function consentLanguageCookie(language: ConsentLanguage): string {
  return cookie(CONSENT_LANGUAGE_COOKIE, language);
}
