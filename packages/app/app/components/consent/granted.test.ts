import { COOKIE_CATEGORIES, resolveConsent } from "@showroom/rules/consent";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consentGranted } from "./granted";

describe("consent in the browser", () => {
  it("agrees with the rules' granted categories for every tier and stored choice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.subarray([...COOKIE_CATEGORIES]), (tier, stored) => {
        const resolved = resolveConsent({ tier, allowed: stored.join(","), display: "hide" });
        // The shell has no consent view at tier 0 (no banner): everything is granted there.
        const view = resolved.buttons.length === 0 ? null : { allowed: resolved.allowed };
        for (const category of COOKIE_CATEGORIES) {
          expect(consentGranted(view, category), `${tier} ${stored} ${category}`).toBe(resolved.granted[category]);
        }
      }),
    );
  });
});
