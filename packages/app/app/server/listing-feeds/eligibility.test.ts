import { CONDITIONS } from "@showroom/rules/inventory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVERY_CONDITION_SITE, fixtureStores, vehicleArb } from "./arbitraries.test-support";
import { leftOutReason } from "./eligibility";
import { type FeedStore, PLATFORMS } from "./feed-vehicle";

const [fixture] = fixtureStores();
if (!fixture) throw new Error("the fixtures have no store");
const storeAllowing = (priceInAds: boolean): FeedStore => ({
  id: fixture.id,
  dealer: { ...fixture.dealer, advertising: { priceInAds } },
});
const platform = fc.constantFrom(...PLATFORMS);

describe("what the ad feeds may list", () => {
  it("a private car, a car of a condition the site does not sell, or a car without a price is never listed", () => {
    fc.assert(
      fc.property(
        vehicleArb(),
        platform,
        fc.boolean(),
        fc.constantFrom("private", "condition", "no-price"),
        (v, p, allow, why) => {
          const vehicle = why === "private" ? { ...v, private: true } : why === "no-price" ? { ...v, price: null } : v;
          const conditions = CONDITIONS.filter((c) => c !== v.condition);
          const site = why === "condition" ? { ...EVERY_CONDITION_SITE, conditions } : EVERY_CONDITION_SITE;
          expect(leftOutReason(vehicle, storeAllowing(allow), site, p)).toBe(why);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a car whose price is behind Unlock Price is listed only when the store's setting allows that price in ads", () => {
    fc.assert(
      fc.property(vehicleArb(), platform, fc.boolean(), (vehicle, p, allow) => {
        expect(leftOutReason(vehicle, storeAllowing(allow), EVERY_CONDITION_SITE, p)).toBe(
          allow ? null : "price-locked",
        );
      }),
      { numRuns: 200 },
    );
  });

  it("Meta leaves out a car without a photo or a colour; Google lists it", () => {
    fc.assert(
      fc.property(vehicleArb(), fc.boolean(), (v, noPhoto) => {
        const vehicle = noPhoto ? { ...v, images: [] } : { ...v, exteriorColor: null };
        const store = storeAllowing(true);
        expect(leftOutReason(vehicle, store, EVERY_CONDITION_SITE, "meta")).toBe(
          noPhoto ? "no-photo" : "no-exterior-color",
        );
        expect(leftOutReason(vehicle, store, EVERY_CONDITION_SITE, "google")).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
