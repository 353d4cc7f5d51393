import { PAGE_PLACEHOLDERS, PAGE_ROUTE_NAMES } from "@showroom/fixtures";
import { robotsContent } from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROBOTS_NOINDEX } from "../components/robots";
import { notFound, pageSeo, titleFromPath } from "./seo.server";
import { testSite } from "./test-site";

const request = (path: string) => new Request(`https://www.confluencemotors.example${path}`);

describe("page metadata", () => {
  it("fills the store's and the page's placeholders, with absolute canonical and social URLs", () => {
    const seo = pageSeo(
      testSite("st-peters"),
      request("/our-company/meet-our-team/grace-liu"),
      "our-company-meet-our-team-slug",
      {
        values: { staff_name: "Grace Liu", staff_department: "Management" },
      },
    );
    expect(seo).toEqual({
      title: "Grace Liu, Management | Confluence Motors St. Peters",
      description: "Meet Grace Liu of our Management team. Call or send a message directly.",
      socialTitle: "Grace Liu at Confluence Motors St. Peters",
      socialImage: "https://www.confluencemotors.example/media/content/social/company.png",
      canonical: "https://www.confluencemotors.example/our-company/meet-our-team/grace-liu",
      robots: "index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1",
      siteName: "Confluence Motors St. Peters",
    });
  });

  it("every page route's metadata renders once its own placeholders are given, for either store", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAGE_ROUTE_NAMES),
        fc.constantFrom("brentwood", "st-peters"),
        fc.string({ minLength: 1 }),
        (route, store, value) => {
          const values = Object.fromEntries((PAGE_PLACEHOLDERS[route] ?? []).map((name) => [name, value]));
          const seo = pageSeo(testSite(store), request("/x"), route, { values });
          // A value may itself look like a placeholder ("{_}"): what must not remain is an unfilled one.
          expect(seo.title.replaceAll(value, "")).not.toMatch(/\{[a-z_]+\}/);
          expect(seo.title.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a noindex page says so with the same directives the rules spell, the ones error pages use", () => {
    expect(
      pageSeo(testSite(), request("/car-research/search?q=x"), "car-research-search", { indexable: false }).robots,
    ).toBe(robotsContent(false));
    expect(ROBOTS_NOINDEX).toBe(robotsContent(false));
  });

  it("the fallback title is the last path segment in words", () => {
    expect(titleFromPath("/our-company/meet-our-team")).toBe("Meet Our Team");
    expect(titleFromPath("/legal/terms_of-sale/")).toBe("Terms Of Sale");
    expect(titleFromPath("/")).toBe("");
  });

  it("route validation answers 404 with the spec's words and the path", () => {
    try {
      notFound(request("/help-center/nope"));
    } catch (error) {
      // `data(…, { status })` thrown from a loader becomes the route's 404 error response.
      expect(error).toMatchObject({ data: "Page Not Found: /help-center/nope", init: { status: 404 } });
      return;
    }
    throw new Error("notFound did not throw");
  });
});
