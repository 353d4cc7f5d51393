import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPagePath } from "./canonical-path";

const segment = fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/);
const pagePath = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.stringMatching(/^\/{0,3}$/))
  .map(([segments, slashes]) => `/${segments.join("/")}${slashes}`);

describe("canonical page paths", () => {
  it("a redirect target never leaves the site: whatever slashes and backslashes a path starts with, it starts with one slash", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("/", "\\"), minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^[A-Za-z0-9.-]{1,20}$/),
        fc.stringMatching(/^\/{0,2}$/),
        (start, host, end) => {
          const target = canonicalPagePath(`/${start}${host}${end}`);
          if (target === null) return;
          expect(target).toMatch(/^\/(?![/\\])/);
        },
      ),
    );
    expect(canonicalPagePath("/\\evil.example/")).toBe("/evil.example");
    expect(canonicalPagePath("//evil.example/")).toBe("/evil.example");
    expect(canonicalPagePath("/\\/\\evil.example/")).toBe("/evil.example");
  });

  it("a page's path is folded to lower case without a trailing slash, in one hop: the target needs no other", () => {
    fc.assert(
      fc.property(pagePath, (path) => {
        const target = canonicalPagePath(path);
        const canonical = target ?? path;
        expect(canonical).toBe(canonical.toLowerCase());
        expect(canonical === "/" || !canonical.endsWith("/")).toBe(true);
        expect(canonicalPagePath(canonical)).toBeNull();
        // Null exactly when the path was canonical already.
        expect(target === null).toBe(path === path.toLowerCase() && !/.\/$/.test(path));
      }),
    );
  });

  it("resource routes, files, data requests, vehicle VINs and old-site addresses keep their spelling", () => {
    for (const path of [
      "/",
      "/api/customer/phoneValidation",
      "/media/vehicles/1HGCM82633A004352.svg",
      "/assets/Entry-AbC.js",
      "/our-company/meet-our-team.data",
      "/Robots.txt",
      "/used-cars-for-sale/2021-mini-cooper-WMWWJ9C03M2387500",
      "/used-cars-for-sale/2021-mini-cooper-wmwwj9c03m2387500/",
      "/search-vehicles/used-inventory/make/Toyota",
      "/%E0%A4%A",
      "/schedule-test-drive/WMWWJ9C03M2387500",
      "/personalize-price/WMWWJ9C03M2387500",
      "/sell-trade-my-car/offer/5ZkE3Q0oSWtqDQl_bB3f_A",
      "/alerts/manage/Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3",
      "/citro%C3%ABn",
    ]) {
      expect(canonicalPagePath(path), path).toBeNull();
    }
    expect(canonicalPagePath("/CONTACT-US")).toBe("/contact-us");
    expect(canonicalPagePath("/contact-us/")).toBe("/contact-us");
    expect(canonicalPagePath("/Sell-Trade-My-Car/Offer/5ZkE3Q0oSWtqDQl_bB3f_A/")).toBe(
      "/sell-trade-my-car/offer/5ZkE3Q0oSWtqDQl_bB3f_A",
    );
    expect(canonicalPagePath("/Schedule-Test-Drive/WMWWJ9C03M2387500/")).toBe("/schedule-test-drive/WMWWJ9C03M2387500");
    // An alert's link token keeps its case: folding it would name no alert.
    expect(canonicalPagePath("/Alerts/Unsubscribe/AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC/")).toBe(
      "/alerts/unsubscribe/AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC_-AbC",
    );
  });
});
