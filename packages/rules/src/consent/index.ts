/**
 * Cookie consent (spec sections 2, 3 and 4): the site's tiers resolved into display mode, allowed categories, granted
 * categories and banner buttons; where the banner shows; when the ad pixel's consent is revoked; the visitor's choices
 * as reducers that never drop essential; the consent cookies read defensively; the dialog's text keys.
 */
export {
  acceptAll,
  adPixelRevoked,
  bannerVisible,
  CONSENT_SAVE_DELAY_MS,
  type ConsentInput,
  type ConsentState,
  consentCookieValues,
  deny,
  type ResolvedConsent,
  resolveConsent,
  savePreferences,
  toConsentTier,
  toggleCategory,
} from "./consent";
export {
  CONSENT_BUTTONS,
  CONSENT_LANGUAGES,
  COOKIE_CATEGORIES,
  type ConsentButton,
  type ConsentLanguage,
  type ConsentRules,
  type ConsentTier,
  type CookieCategory,
  consentRulesSchema,
  consentTierSchema,
  cookieCategorySchema,
  DISPLAY_MODES,
  type DisplayMode,
  displayModeSchema,
  LOCKED_CATEGORIES,
} from "./consent.schema";
export {
  ALL_COOKIE_CATEGORIES,
  CONSENT_COOKIE_NAMES,
  formatAllowedCategories,
  parseAllowedCategories,
  parseDisplayMode,
} from "./cookie";
export { defaultConsentRules, parseConsentRules } from "./defaults";
export {
  buttonTextKey,
  CONSENT_TEXT_NAMESPACE,
  type ConsentTextKey,
  categoryTextKeys,
  consentTextKeys,
  languageTextKey,
} from "./text-keys";
