/**
 * Cookie consent (spec sections 2, 3 and 4): the site's tiers resolved into display mode, allowed categories, granted
 * categories and banner buttons; where the banner shows; when the ad pixel's consent is revoked; the visitor's choices
 * as reducers that never drop essential; the consent cookies read defensively; the dialog's text keys.
 */
export { ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export {
  CONSENT_BUTTONS,
  CONSENT_LANGUAGES,
  COOKIE_CATEGORIES,
  type ConsentButton,
  type ConsentLanguage,
  type ConsentTier,
  type CookieCategory,
  DISPLAY_MODES,
  type DisplayMode,
  LOCKED_CATEGORIES,
} from "./categories";
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
  type ConsentRules,
  consentRulesSchema,
  consentTierSchema,
  cookieCategorySchema,
  displayModeSchema,
} from "./consent.schema";
export {
  ALL_COOKIE_CATEGORIES,
  CONSENT_COOKIE_NAMES,
  formatAllowedCategories,
  parseAllowedCategories,
  parseDisplayMode,
} from "./cookie";
export { defaultConsentRules } from "./defaults";
export { parseConsentRules } from "./parse-rules";
export {
  buttonTextKey,
  CONSENT_TEXT_NAMESPACE,
  type ConsentTextKey,
  categoryTextKeys,
  consentTextKeys,
  languageTextKey,
} from "./text-keys";
