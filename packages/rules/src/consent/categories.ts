/** Cookie categories in the order the preference dialog lists them (spec section 3). */
export const COOKIE_CATEGORIES = ["essential", "functional", "analytics", "targeting"] as const;

/** One of {@link COOKIE_CATEGORIES}. */
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Categories the visitor can never switch off: essential cookies cannot be disabled (spec section 5). */
export const LOCKED_CATEGORIES: readonly CookieCategory[] = ["essential"];

/** Banner display modes: `show` (except on /legal pages), `hide` (never) and `force` (always). */
export const DISPLAY_MODES = ["show", "hide", "force"] as const;

/** One of {@link DISPLAY_MODES}. */
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** The site's consent tier (`COOKIES.tier`): 0 no banner, 1 notice, 2 customize or accept, 3 also deny. */
export type ConsentTier = 0 | 1 | 2 | 3;

/** The banner's buttons, by the name the app renders and the text key it reads. */
export const CONSENT_BUTTONS = ["close", "customize", "deny", "accept-all"] as const;

/** One of {@link CONSENT_BUTTONS}. */
export type ConsentButton = (typeof CONSENT_BUTTONS)[number];

/** Languages the cookie dialog offers (spec section 1: en, es; English by default). */
export const CONSENT_LANGUAGES = ["en", "es"] as const;

/** One of {@link CONSENT_LANGUAGES}. */
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];
