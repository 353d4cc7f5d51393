import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVERY_CONDITION_SITE, fixtureStores, vehicleArb } from "./arbitraries.test-support";
import { absoluteUrl, type FeedVehicle } from "./feed-vehicle";
import {
  META_FEED_END,
  META_MAX_DESCRIPTION,
  META_MAX_IMAGES,
  metaDescription,
  metaFeedStart,
  metaListing,
} from "./meta";
import { type MetaListing, metaListingSchema, metaListings } from "./platform-schemas.test-support";

const [store] = fixtureStores();
if (!store) throw new Error("the fixtures have no store");
const site = EVERY_CONDITION_SITE;

function catalogOf(vehicles: readonly FeedVehicle[]): unknown[] {
  if (!store) throw new Error("no store");
  const xml =
    metaFeedStart(store, site, "/feeds/brentwood/meta-catalog.xml") +
    vehicles.map((v) => metaListing(v, store, site)).join("") +
    META_FEED_END;
  return metaListings(xml);
}

describe("Meta automotive catalog", () => {
  it("every listing of a catalog is valid against Meta's field list: required fields, enumerations and lengths", () => {
    fc.assert(
      fc.property(fc.array(vehicleArb(), { minLength: 1, maxLength: 5 }), (vehicles) => {
        const listings = catalogOf(vehicles);
        expect(listings).toHaveLength(vehicles.length);
        for (const listing of listings) {
          const result = metaListingSchema.safeParse(listing);
          expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a listing carries the car's VIN, mileage in miles, state, at most 20 photos, and its sale as price and sale_price", () => {
    fc.assert(
      fc.property(vehicleArb(), (vehicle) => {
        const [listing] = catalogOf([vehicle]) as MetaListing[];
        expect(listing?.vehicle_id).toBe(vehicle.vin);
        expect(listing?.vin).toBe(vehicle.vin);
        expect(listing?.mileage).toEqual({ value: String(vehicle.mileage), unit: "MI" });
        expect(listing?.state_of_vehicle).toBe({ new: "NEW", used: "USED", certified: "CPO" }[vehicle.condition]);
        expect(listing?.image.map((i) => i.url)).toEqual(
          vehicle.images.slice(0, META_MAX_IMAGES).map((url) => absoluteUrl(site, url)),
        );
        if (vehicle.oldPrice === null) {
          expect(listing?.price).toBe(`${vehicle.price}.00 USD`);
          expect(listing?.sale_price).toBeUndefined();
        } else {
          expect(listing?.price).toBe(`${vehicle.oldPrice}.00 USD`);
          expect(listing?.sale_price).toBe(`${vehicle.price}.00 USD`);
        }
        expect(listing?.url).toBe(absoluteUrl(site, vehicle.path));
      }),
      { numRuns: 200 },
    );
  });

  it("any make, model, trim and description round-trip through the catalog's XML unchanged", () => {
    fc.assert(
      fc.property(vehicleArb({ anyNames: true }), (vehicle) => {
        if (!store) throw new Error("no store");
        const [listing] = catalogOf([vehicle]) as MetaListing[];
        expect(listing?.make).toBe(vehicle.make);
        expect(listing?.model).toBe(vehicle.model);
        expect(listing?.trim).toBe(vehicle.trim ?? undefined);
        expect(listing?.description).toBe(metaDescription(vehicle, store));
      }),
      { numRuns: 300 },
    );
  });

  it("the description stays within Meta's 5,000 characters however many features a car has, and names the car", () => {
    fc.assert(
      fc.property(
        vehicleArb(),
        fc.array(fc.string({ minLength: 50, maxLength: 400 }), { maxLength: 60 }),
        (v, more) => {
          if (!store) throw new Error("no store");
          const vehicle = { ...v, features: [...v.features, ...more] };
          const description = metaDescription(vehicle, store);
          expect(description.length).toBeLessThanOrEqual(META_MAX_DESCRIPTION);
          expect(description).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("the description reads as a person writes it, with the miles grouped by thousands", () => {
    if (!store) throw new Error("no store");
    const vehicle: FeedVehicle = {
      vin: "WMWWJ9C03M2387500",
      stockNumber: "B40905",
      condition: "used",
      year: 2021,
      make: "MINI",
      model: "Cooper Convertible",
      trim: "Cooper",
      bodyStyle: "convertibles",
      mileage: 102116,
      price: 17895,
      oldPrice: null,
      exteriorColor: "Gold",
      interiorColor: "Black",
      fuelType: "Gasoline",
      transmission: "A",
      drivetrain: "FWD",
      engine: "1.5L Turbo 3-Cylinder",
      features: ["Backup Camera", "Apple CarPlay", "Alloy Wheels"],
      images: ["/media/inventory/photos/red-1.jpg"],
      private: false,
      listedOn: "2026-07-19",
      path: "/used-cars-for-sale/2021-mini-cooper-convertible-cooper-WMWWJ9C03M2387500",
    };
    expect(metaDescription(vehicle, store)).toBe(
      "Used 2021 MINI Cooper Convertible Cooper with 102,116 miles, gold outside and black inside, automatic " +
        "transmission, FWD, 1.5L Turbo 3-Cylinder. Key features: Backup Camera, Apple CarPlay, and Alloy Wheels. At " +
        `${store.dealer.name} in ${store.dealer.city}, ${store.dealer.state_short}.`,
    );
  });
});
