import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_AD_PARAM_LENGTH, pickAdParams } from "./ad-params";
import { defaultTrackingRules } from "./defaults";

describe("ad parameters", () => {
  it("keeps the spec's parameters and nothing else", () => {
    expect(defaultTrackingRules.adParameters).toEqual(
      expect.arrayContaining([
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "utm_term",
        "utm_content",
        "gclid",
        "fbclid",
        "gbraid",
        "gwraid",
      ]),
    );
    expect(pickAdParams("?utm_source=google&utm_medium=cpc&gclid=Cj0K&page=2&sort=priceLow")).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      gclid: "Cj0K",
    });
  });

  it("takes the first value, trimmed, from a query string, URLSearchParams or a query object", () => {
    const expected = { utm_source: "fb", fbclid: "IwAR" };
    expect(pickAdParams("utm_source=+fb+&utm_source=google&fbclid=IwAR")).toEqual(expected);
    expect(pickAdParams(new URLSearchParams({ utm_source: "fb", fbclid: "IwAR" }))).toEqual(expected);
    expect(pickAdParams({ utm_source: ["fb", "google"], fbclid: "IwAR", utm_term: undefined })).toEqual(expected);
  });

  it("drops empty, oversized and control-character values", () => {
    const long = "x".repeat(MAX_AD_PARAM_LENGTH + 1);
    expect(pickAdParams({ utm_source: "  ", gclid: long, fbclid: "a\nb", utm_term: "ok" })).toEqual({ utm_term: "ok" });
  });

  it("never returns a parameter that is not on the list, whatever the query", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(fc.constantFrom(...defaultTrackingRules.adParameters), fc.string()),
          fc.oneof(fc.string(), fc.array(fc.string())),
        ),
        (query) => {
          const picked = pickAdParams(query);
          for (const [name, value] of Object.entries(picked)) {
            expect(defaultTrackingRules.adParameters).toContain(name);
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(MAX_AD_PARAM_LENGTH);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
