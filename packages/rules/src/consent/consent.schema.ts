import { z } from "zod";

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

export const cookieCategorySchema = z.enum(COOKIE_CATEGORIES);
export const displayModeSchema = z.enum(DISPLAY_MODES);
export const consentTierSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

const ESSENTIAL_LOCKED = "Essential cookies cannot be disabled.";

/**
 * `rules/consent.json`: what Deny keeps and where the banner never shows. The tier and the background lock are site
 * settings (`cookies.tier`, `cookies.lockBackground`) passed in by the app.
 */
export const consentRulesSchema = z.strictObject({
  $schema: z.string().optional(),
  denyKeeps: z
    .array(cookieCategorySchema)
    .refine((categories) => categories.includes("essential"), { message: ESSENTIAL_LOCKED })
    .refine((categories) => new Set(categories).size === categories.length, {
      message: "Each category is listed once.",
    })
    .meta({ description: "Categories kept when the visitor presses Deny (tier 3)." }),
  bannerHiddenPaths: z
    .array(
      z.string().regex(/^(?:\/[a-z0-9-]+)+$/, {
        message: "A path is lower-case segments without a trailing slash, e.g. /legal.",
      }),
    )
    .meta({ description: "In show mode the banner stays hidden on these paths and every page under them." }),
});

/** The parsed `rules/consent.json`. */
export type ConsentRules = z.infer<typeof consentRulesSchema>;
