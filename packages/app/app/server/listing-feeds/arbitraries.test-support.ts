// Vehicles and stores for the feed tests. Not a test file itself.
import { CONDITIONS, vehiclePath, vinCheckDigit } from "@showroom/rules/inventory";
import fc from "fast-check";
import { siteContent } from "../../content/fixtures.server";
import type { FeedSite, FeedStore, FeedVehicle } from "./feed-vehicle";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/** A VIN with a correct North-American check digit. */
const vinArb = fc.array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 }).map((chars) => {
  const draft = [...chars];
  draft[8] = "0";
  draft[8] = vinCheckDigit(draft.join("")) ?? "0";
  return draft.join("");
});

/** Any string XML can hold, not blank: what a dealer's feed could send for a name. */
const nameArb = fc
  .string({ unit: "binary", minLength: 1, maxLength: 40 })
  .filter((s) => s.trim() !== "" && !/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(s));

/** Names as feeds write them: letters, digits, spaces, hyphens, and the characters XML must escape. */
const realisticNameArb = fc
  .stringMatching(/^[A-Za-z0-9][A-Za-z0-9 &<>'"\-./]{0,24}[A-Za-z0-9]$/)
  .filter((s) => !/https?:/i.test(s));

const BODY_STYLES = [
  "suvs",
  "sedans",
  "wagons",
  "coupes",
  "convertibles",
  "hatchbacks",
  "trucks",
  "minivans",
  "commercial",
];

interface VehicleArbOptions {
  /** Any strings XML can hold for make, model and trim (the round-trip properties), not only realistic ones. */
  anyNames?: boolean;
}

/** A vehicle the feeds may list: public, priced, with photos and a colour; each test overrides what it varies. */
export function vehicleArb(options: VehicleArbOptions = {}): fc.Arbitrary<FeedVehicle> {
  const name = options.anyNames ? nameArb : realisticNameArb;
  return fc
    .record({
      vin: vinArb,
      stockNumber: fc.stringMatching(/^[A-Z][0-9]{5}$/),
      condition: fc.constantFrom(...CONDITIONS),
      year: fc.integer({ min: 1990, max: 2027 }),
      make: name,
      model: name,
      trim: fc.option(name, { nil: null }),
      bodyStyle: fc.constantFrom(...BODY_STYLES),
      mileage: fc.integer({ min: 0, max: 400_000 }),
      price: fc.integer({ min: 1, max: 300_000 }),
      discount: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
      exteriorColor: fc.constantFrom("White", "Black", "Gray", "Silver", "Blue", "Red", "Gold"),
      interiorColor: fc.option(fc.constantFrom("Black", "Tan", "Gray"), { nil: null }),
      fuelType: fc.option(fc.constantFrom("Gasoline", "Hybrid", "Plug-In Hybrid", "Electric", "Diesel", "Hydrogen"), {
        nil: null,
      }),
      transmission: fc.option(fc.constantFrom("A", "M"), { nil: null }),
      drivetrain: fc.option(fc.constantFrom("FWD", "RWD", "AWD", "4WD"), { nil: null }),
      engine: fc.option(fc.constantFrom("2.5L 4-Cylinder", "3.5L V6", "Electric motor"), { nil: null }),
      features: fc.array(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ""),
        { maxLength: 8 },
      ),
      images: fc.array(
        fc.oneof(
          fc.webUrl({ validSchemes: ["https"] }),
          fc.stringMatching(/^\/media\/inventory\/photos\/[a-z0-9-]{1,20}\.jpg$/),
        ),
        { minLength: 1, maxLength: 30 },
      ),
      listedOn: fc
        .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    })
    .map(({ discount, ...v }) => {
      const vehicle = {
        ...v,
        oldPrice: discount === null ? null : v.price + discount,
        private: false,
      };
      return { ...vehicle, path: vehiclePath(vehicle) };
    });
}

/** The fixture stores, as the feeds take them, and a site that sells every condition. */
export function fixtureStores(): FeedStore[] {
  return siteContent().dealers.map((dealer) => ({ id: dealer.id, dealer }));
}

export const EVERY_CONDITION_SITE: FeedSite = {
  origin: "https://www.confluencemotors.example",
  conditions: CONDITIONS,
  currency: "USD",
};
