import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVERY_CONDITION_SITE, fixtureStores, vehicleArb } from "./arbitraries.test-support";
import { absoluteUrl, type FeedVehicle } from "./feed-vehicle";
import { GOOGLE_FEED_END, googleFeedStart, googleItem } from "./google";
import { type GoogleItem, googleItemSchema, googleItems } from "./platform-schemas.test-support";

const [store] = fixtureStores();
if (!store) throw new Error("the fixtures have no store");
const site = EVERY_CONDITION_SITE;

/** A whole feed of `vehicles`, parsed back: the document frame checked, one item per vehicle. */
function feedOf(vehicles: readonly FeedVehicle[]): unknown[] {
  if (!store) throw new Error("no store");
  const xml = googleFeedStart(store, site) + vehicles.map((v) => googleItem(v, store, site)).join("") + GOOGLE_FEED_END;
  return googleItems(xml);
}

describe("Google vehicle listings feed", () => {
  it("every item of a feed is valid against Google's field list: required attributes, types, values and formats", () => {
    fc.assert(
      fc.property(fc.array(vehicleArb(), { minLength: 1, maxLength: 5 }), (vehicles) => {
        const items = feedOf(vehicles);
        expect(items).toHaveLength(vehicles.length);
        for (const item of items) {
          const result = googleItemSchema.safeParse(item);
          expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("an item says what the vehicle is: VIN, price in ISO 4217, condition, trim exactly when it has one, mileage with its unit", () => {
    fc.assert(
      fc.property(vehicleArb(), (vehicle) => {
        const [item] = feedOf([vehicle]) as GoogleItem[];
        expect(item?.["g:vin"]).toBe(vehicle.vin);
        expect(item?.["g:store_code"]).toBe(store?.id);
        expect(item?.["g:price"]).toBe(`${vehicle.price}.00 USD`);
        expect(item?.["g:condition"]).toBe(vehicle.condition === "new" ? "new" : "used");
        expect(item?.["g:certified_pre_owned"]).toBe(
          { new: undefined, used: "no", certified: "yes" }[vehicle.condition],
        );
        expect(item?.["g:trim"]).toBe(vehicle.trim ?? undefined);
        expect(item?.["g:year"]).toBe(String(vehicle.year));
        expect(item?.["g:mileage"]).toBe(`${vehicle.mileage} miles`);
        expect(item?.["g:link"]).toBe(absoluteUrl(site, vehicle.path));
        const images = vehicle.images.map((url) => absoluteUrl(site, url));
        expect([item?.["g:image_link"], ...(item?.["g:additional_image_link"] ?? [])]).toEqual(images);
      }),
      { numRuns: 200 },
    );
  });

  it("any make, model and trim round-trip through the feed's XML unchanged", () => {
    fc.assert(
      fc.property(vehicleArb({ anyNames: true }), (vehicle) => {
        const [item] = feedOf([vehicle]) as GoogleItem[];
        expect(item?.["g:make"]).toBe(vehicle.make);
        expect(item?.["g:model"]).toBe(vehicle.model);
        expect(item?.["g:trim"]).toBe(vehicle.trim ?? undefined);
      }),
      { numRuns: 300 },
    );
  });

  it("the dealership is named with its full address: street, city, postal code and country", () => {
    if (!store) throw new Error("no store");
    fc.assert(
      fc.property(vehicleArb(), (vehicle) => {
        const [item] = feedOf([vehicle]) as GoogleItem[];
        expect(item?.["g:dealership_name"]).toBe(store.dealer.name);
        expect(item?.["g:dealership_address"]).toBe(
          `${store.dealer.address_line_1}, ${store.dealer.city}, ${store.dealer.state_short} ${store.dealer.zip}, US`,
        );
      }),
      { numRuns: 20 },
    );
  });
});
