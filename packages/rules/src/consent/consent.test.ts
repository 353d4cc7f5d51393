import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleFileError } from "../shared/rule-file";
import { COOKIE_CATEGORIES, type CookieCategory, DISPLAY_MODES } from "./categories";
import {
  acceptAll,
  adPixelRevoked,
  bannerVisible,
  CONSENT_SAVE_DELAY_MS,
  type ConsentState,
  consentCookieValues,
  deny,
  resolveConsent,
  savePreferences,
  toggleCategory,
} from "./consent";
import { CONSENT_COOKIE_NAMES, formatAllowedCategories, parseAllowedCategories, parseDisplayMode } from "./cookie";
import { defaultConsentRules } from "./defaults";
import { parseConsentRules } from "./parse-rules";

const ALL = ["essential", "functional", "analytics", "targeting"];

const category = fc.constantFrom(...COOKIE_CATEGORIES);
const displayMode = fc.constantFrom(...DISPLAY_MODES);
/** Cookie values as a tampering visitor might leave them: real categories, junk, odd case and spacing, escapes. */
const hostileCookie = fc.oneof(
  fc
    .array(
      fc.oneof(
        category,
        fc.string(),
        category.map((c) => ` ${c.toUpperCase()} `),
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join(",")),
  fc.string(),
  fc.anything(),
  fc.array(category).map((cs) => encodeURIComponent(cs.join(","))),
);
const anyTier = fc.oneof(fc.integer({ min: -2, max: 6 }), fc.double());
const anyState: fc.Arbitrary<ConsentState> = fc.record({
  display: displayMode,
  allowed: fc.array(category).map((cs) => parseAllowedCategories(cs)),
});

describe("resolveConsent: the spec's tiers", () => {
  it.each([
    [0, "hide"],
    [1, "show"],
    [2, "show"],
    [3, "show"],
  ] as const)("tier %d with no display cookie resolves to %s", (tier, display) => {
    expect(resolveConsent({ tier }).display).toBe(display);
  });

  it.each([
    [0, []],
    [1, ["close"]],
    [2, ["customize", "accept-all"]],
    [3, ["customize", "deny", "accept-all"]],
  ] as const)("tier %d offers the buttons %j", (tier, buttons) => {
    expect(resolveConsent({ tier }).buttons).toEqual(buttons);
  });

  it("below tier 2 every category is allowed and granted, whatever the cookie says", () => {
    for (const tier of [0, 1]) {
      const consent = resolveConsent({ tier, display: "hide", allowed: "essential" });
      expect(consent.allowed).toEqual(ALL);
      expect(Object.values(consent.granted).every(Boolean)).toBe(true);
    }
  });

  it("from tier 2 consent is granted per allowed category only", () => {
    const consent = resolveConsent({ tier: 3, display: "hide", allowed: "targeting,essential" });
    expect(consent.allowed).toEqual(["essential", "targeting"]);
    expect(consent.granted).toEqual({ essential: true, functional: false, analytics: false, targeting: true });
    expect(resolveConsent({ tier: 2 }).granted).toEqual({
      essential: true,
      functional: false,
      analytics: false,
      targeting: false,
    });
  });

  it("a stored display mode is kept; tier 0 always hides, since it has no button to close the banner", () => {
    expect(resolveConsent({ tier: 2, display: "hide" }).display).toBe("hide");
    expect(resolveConsent({ tier: 3, display: "force" }).display).toBe("force");
    expect(resolveConsent({ tier: 0, display: "force" }).display).toBe("hide");
  });

  it("granted matches the spec's rule for every tier and every cookie", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), hostileCookie, (tier, allowed) => {
        const consent = resolveConsent({ tier, allowed });
        for (const c of COOKIE_CATEGORIES) expect(consent.granted[c]).toBe(tier <= 1 || consent.allowed.includes(c));
        if (tier < 2) expect(consent.allowed).toEqual(ALL);
      }),
      { numRuns: 300 },
    );
  });
});

describe("consent never drops essential", () => {
  it("in resolveConsent, whatever the tier and cookies", () => {
    fc.assert(
      fc.property(anyTier, fc.anything(), hostileCookie, (tier, display, allowed) => {
        const consent = resolveConsent({ tier, display, allowed });
        expect(consent.allowed).toContain("essential");
        expect(consent.granted.essential).toBe(true);
        expect(DISPLAY_MODES).toContain(consent.display);
      }),
      { numRuns: 500 },
    );
  });

  it("in accept all, deny, save preferences and category toggles", () => {
    fc.assert(
      fc.property(anyState, hostileCookie, fc.array(category, { maxLength: 10 }), (state, selection, toggles) => {
        expect(acceptAll(state).allowed).toContain("essential");
        expect(deny(state).allowed).toContain("essential");
        expect(savePreferences(state, selection).allowed).toContain("essential");
        const toggled = toggles.reduce<CookieCategory[]>((sel, c) => toggleCategory(sel, c), [...state.allowed]);
        expect(toggled).toContain("essential");
      }),
      { numRuns: 300 },
    );
  });

  it("in the cookie format, which also never throws on a hostile value", () => {
    fc.assert(
      fc.property(hostileCookie, (value) => {
        const categories = parseAllowedCategories(value);
        expect(categories[0]).toBe("essential");
        expect(categories).toEqual(COOKIE_CATEGORIES.filter((c) => categories.includes(c)));
        expect(parseAllowedCategories(formatAllowedCategories(categories))).toEqual(categories);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the visitor's choices", () => {
  const start: ConsentState = { display: "show", allowed: ["essential"] };

  it("accept all allows every category and hides the banner", () => {
    expect(acceptAll(start)).toEqual({ display: "hide", allowed: ALL });
  });

  it("deny keeps essential, functional and analytics", () => {
    expect(deny(start)).toEqual({ display: "hide", allowed: ["essential", "functional", "analytics"] });
  });

  it("save preferences keeps the selection plus essential, in canonical order", () => {
    expect(savePreferences(start, ["targeting", "bogus", "analytics"])).toEqual({
      display: "hide",
      allowed: ["essential", "analytics", "targeting"],
    });
  });

  it("toggling essential leaves it on; toggling another category flips it", () => {
    expect(toggleCategory(["essential", "analytics"], "essential")).toEqual(["essential", "analytics"]);
    expect(toggleCategory(["essential", "analytics"], "analytics")).toEqual(["essential"]);
    expect(toggleCategory(["essential"], "targeting")).toEqual(["essential", "targeting"]);
  });

  it("the stored cookies are displayCookies and allowCookies, comma-separated", () => {
    const values = consentCookieValues(deny(start));
    expect(Object.keys(values).sort()).toEqual(Object.values(CONSENT_COOKIE_NAMES).sort());
    expect(values).toEqual({ displayCookies: "hide", allowCookies: "essential,functional,analytics" });
  });

  it("saving waits 500 ms (spec section 9)", () => {
    expect(CONSENT_SAVE_DELAY_MS).toBe(500);
  });
});

describe("consent cookies as they arrive", () => {
  it.each([
    ["essential,functional", ["essential", "functional"]],
    ["essential%2Canalytics", ["essential", "analytics"]],
    [" Targeting , ANALYTICS ", ["essential", "analytics", "targeting"]],
    ["targeting,targeting,__proto__,constructor", ["essential", "targeting"]],
    ["%E0%A4%A", ["essential"]],
    ["", ["essential"]],
  ])("allowCookies %j reads as %j", (value, expected) => {
    expect(parseAllowedCategories(value)).toEqual(expected);
  });

  it("a display value other than show, hide or force is undecided", () => {
    expect(parseDisplayMode("force")).toBe("force");
    expect(parseDisplayMode(" Hide ")).toBe("hide");
    expect(parseDisplayMode("sometimes")).toBeUndefined();
    expect(parseDisplayMode(undefined)).toBeUndefined();
    expect(parseDisplayMode({ toString: () => "show" })).toBeUndefined();
  });
});

describe("banner visibility", () => {
  const legalPath = fc
    .tuple(
      fc.constantFrom("/legal", "/LEGAL", "/Legal", "//legal"),
      fc.array(fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([root, segments, trailing]) => `${root}${segments.map((s) => `/${s}`).join("")}${trailing ? "/" : ""}`);

  it("the banner never shows on /legal in show mode", () => {
    fc.assert(
      fc.property(legalPath, (pathname) => {
        expect(bannerVisible("show", pathname)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("force always shows, hide never does, show everywhere outside /legal", () => {
    const sitePath = fc
      .array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 3 })
      .map((segments) => `/${segments.join("/")}`)
      .filter((p) => p !== "/legal" && !p.startsWith("/legal/"));
    fc.assert(
      fc.property(fc.oneof(legalPath, sitePath), sitePath, (anyPath, outside) => {
        expect(bannerVisible("force", anyPath)).toBe(true);
        expect(bannerVisible("hide", anyPath)).toBe(false);
        expect(bannerVisible("show", outside)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(bannerVisible("show", "/legalese")).toBe(true);
    expect(bannerVisible("show", "/legal/cookie-policy")).toBe(false);
  });

  it("a resolved undecided display shows the banner on ordinary pages from tier 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), (tier) => {
        const { display } = resolveConsent({ tier });
        expect(bannerVisible(display, "/cars-for-sale")).toBe(true);
        expect(bannerVisible(display, "/legal/privacy-policy")).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("ad pixel consent", () => {
  it("is revoked exactly when the tier is above 1 and functional cookies are not allowed", () => {
    expect(adPixelRevoked({ tier: 3, allowed: "essential,analytics" })).toBe(true);
    expect(adPixelRevoked({ tier: 3, allowed: "essential,functional" })).toBe(false);
    expect(adPixelRevoked({ tier: 1, allowed: "essential" })).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(category), (tier, allowed) => {
        expect(adPixelRevoked({ tier, allowed: allowed.join(",") })).toBe(tier > 1 && !allowed.includes("functional"));
      }),
      { numRuns: 200 },
    );
  });
});

describe("consent rules file", () => {
  it("ships Deny keeping essential, functional and analytics, and /legal without a banner", () => {
    expect(defaultConsentRules.denyKeeps).toEqual(["essential", "functional", "analytics"]);
    expect(defaultConsentRules.bannerHiddenPaths).toEqual(["/legal"]);
  });

  it("refuses a Deny that drops essential, in the spec's words", () => {
    const attempt = () => parseConsentRules({ denyKeeps: ["functional"], bannerHiddenPaths: ["/legal/"] });
    expect(attempt).toThrow(RuleFileError);
    expect(attempt).toThrow(/\$\.denyKeeps: Essential cookies cannot be disabled\./);
    expect(attempt).toThrow(/\$\.bannerHiddenPaths\[0\]/);
  });
});
