import {
  COOKIE_CATEGORIES,
  type ConsentButton,
  type ConsentTier,
  type CookieCategory,
  type DisplayMode,
  LOCKED_CATEGORIES,
} from "./categories";
import type { ConsentRules } from "./consent.schema";
import { ALL_COOKIE_CATEGORIES, formatAllowedCategories, parseAllowedCategories, parseDisplayMode } from "./cookie";
import { defaultConsentRules } from "./defaults";

/** Accepting or saving waits this long (the banner's closing animation), then stores the choice (spec section 9). */
export const CONSENT_SAVE_DELAY_MS = 500;

/** What the banner and the trackers need to know: display mode and allowed categories. */
export interface ConsentState {
  readonly display: DisplayMode;
  readonly allowed: readonly CookieCategory[];
}

/** What the site knows at the start of a request: its tier and the two consent cookies as they arrived. */
export interface ConsentInput {
  /** `COOKIES.tier`; out-of-range numbers are clamped to 0–3. */
  readonly tier: number;
  /** The `displayCookies` value, if any; anything but show, hide or force counts as not decided. */
  readonly display?: unknown;
  /** The `allowCookies` value, if any (comma-separated categories). */
  readonly allowed?: unknown;
}

/** The consent in force: the state to store, whether each category may be used, and the banner's buttons. */
export interface ResolvedConsent extends ConsentState {
  readonly granted: Readonly<Record<CookieCategory, boolean>>;
  readonly buttons: readonly ConsentButton[];
}

const BUTTONS_BY_TIER: Readonly<Record<ConsentTier, readonly ConsentButton[]>> = {
  0: [],
  1: ["close"],
  2: ["customize", "accept-all"],
  3: ["customize", "deny", "accept-all"],
};

/** Clamps a configured tier to 0–3; anything that is not a number means no banner. */
export function toConsentTier(tier: number): ConsentTier {
  if (!Number.isFinite(tier)) return 0;
  return Math.min(3, Math.max(0, Math.trunc(tier))) as ConsentTier;
}

function resolveDisplay(tier: ConsentTier, display: DisplayMode | undefined): DisplayMode {
  // Tier 0 has no buttons, so a banner left over from an earlier tier could never be dismissed.
  if (tier === 0) return "hide";
  return display ?? "show";
}

/**
 * The spec's consent tiers: an undecided display becomes show when the tier is above 0, otherwise hide; below tier 2
 * every category is allowed; consent is granted for everything at tier 1 or lower, otherwise per allowed category;
 * buttons are close (tier 1), customize and accept all (tier 2), plus deny (tier 3). Essential is always allowed.
 */
export function resolveConsent(input: ConsentInput): ResolvedConsent {
  const tier = toConsentTier(input.tier);
  const display = resolveDisplay(tier, parseDisplayMode(input.display));
  const allowed = tier < 2 ? [...ALL_COOKIE_CATEGORIES] : parseAllowedCategories(input.allowed);
  const granted = Object.fromEntries(
    COOKIE_CATEGORIES.map((category) => [category, tier <= 1 || allowed.includes(category)]),
  ) as Record<CookieCategory, boolean>;
  return { display, allowed, granted, buttons: BUTTONS_BY_TIER[tier] };
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Whether the banner shows: force always, hide never, show everywhere except on the rules' hidden paths (/legal and
 * every page under it). Route matching ignores case, so the comparison does too.
 */
export function bannerVisible(
  display: DisplayMode,
  pathname: string,
  rules: ConsentRules = defaultConsentRules,
): boolean {
  if (display === "force") return true;
  if (display === "hide") return false;
  const path = pathname.replace(/\/{2,}/g, "/").toLowerCase();
  return !rules.bannerHiddenPaths.some((prefix) => isUnder(path, prefix));
}

/** The ad pixel's consent is revoked when the tier is above 1 and functional cookies are not allowed. */
export function adPixelRevoked(state: { readonly tier: number; readonly allowed: unknown }): boolean {
  return toConsentTier(state.tier) > 1 && !parseAllowedCategories(state.allowed).includes("functional");
}

/** Accept all (and tier 1's close-and-continue): every category, banner hidden. */
export function acceptAll(_state: ConsentState): ConsentState {
  return { display: "hide", allowed: [...ALL_COOKIE_CATEGORIES] };
}

/** Deny (tier 3): keeps only the rules' `denyKeeps` (essential, functional, analytics), banner hidden. */
export function deny(_state: ConsentState, rules: ConsentRules = defaultConsentRules): ConsentState {
  return { display: "hide", allowed: parseAllowedCategories(rules.denyKeeps) };
}

/** Save preferences from the dialog: the selected categories plus essential, banner hidden. */
export function savePreferences(_state: ConsentState, selection: unknown): ConsentState {
  return { display: "hide", allowed: parseAllowedCategories(selection) };
}

/** Flips one category in the dialog's selection; locked categories (essential) stay on. */
export function toggleCategory(selection: readonly CookieCategory[], category: CookieCategory): CookieCategory[] {
  if (LOCKED_CATEGORIES.includes(category)) return parseAllowedCategories(selection);
  const next = selection.includes(category) ? selection.filter((c) => c !== category) : [...selection, category];
  return parseAllowedCategories(next);
}

/** The two cookie values to store for a consent state, by cookie name (`displayCookies`, `allowCookies`). */
export function consentCookieValues(state: ConsentState): { displayCookies: string; allowCookies: string } {
  return { displayCookies: state.display, allowCookies: formatAllowedCategories(state.allowed) };
}
