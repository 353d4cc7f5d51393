import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../shared/errors";
import { anyStringArb, recase, vinArb } from "./arbitraries.test-support";
import { CONDITIONS } from "./search-path";
import { parseVehiclePath, vehiclePath, vehicleSlug } from "./vehicle-path";
import { isValidVin } from "./vin";

const RUNS = { numRuns: 300 };

describe("vehicle detail paths", () => {
  it("build the spec's /{condition}-cars-for-sale/{year}-{slug}-{VIN}", () => {
    expect(
      vehiclePath({
        condition: "used",
        year: 2021,
        make: "Mercedes-Benz",
        model: "C-Class",
        trim: "C 300 4MATIC",
        vin: "w1kaf4hb5mr123456",
      }),
    ).toBe("/used-cars-for-sale/2021-mercedes-benz-c-class-c-300-4matic-W1KAF4HB5MR123456");
    expect(
      vehiclePath({
        condition: "certified",
        year: "2019",
        make: "Toyota",
        model: "Camry",
        trim: null,
        vin: "4T1B11HK5KU123456",
      }),
    ).toBe("/certified-cars-for-sale/2019-toyota-camry-4T1B11HK5KU123456");
  });

  it("refuses a vehicle whose year or VIN cannot be in a path", () => {
    expect(() =>
      vehiclePath({ condition: "used", year: 21, make: "Kia", model: "Rio", vin: "KNADM4A31F6123456" }),
    ).toThrow(InputError);
    expect(() =>
      vehiclePath({ condition: "used", year: 2021, make: "Kia", model: "Rio", vin: "KNADM4A31F612345O" }),
    ).toThrow(InputError);
  });

  it("parse any slug and either case of VIN, answering the VIN in upper case", () => {
    expect(parseVehiclePath("/used-cars-for-sale/2021-wrong-slug-w1kaf4hb5mr123456/")).toStrictEqual({
      condition: "used",
      year: 2021,
      slug: "wrong-slug",
      vin: "W1KAF4HB5MR123456",
    });
    expect(parseVehiclePath("/new-cars-for-sale/2024-W1KAF4HB5MR123456")).toStrictEqual({
      condition: "new",
      year: 2024,
      slug: "",
      vin: "W1KAF4HB5MR123456",
    });
  });

  it.each([
    "/cars-for-sale/2021-toyota-camry-4T1B11HK5KU123456",
    "/used-cars-for-sale/21-toyota-camry-4T1B11HK5KU123456",
    "/used-cars-for-sale/2021-toyota-camry-4T1B11HK5KU12345",
    "/used-cars-for-sale/2021-toyota-camry-4T1B11HK5KU12345I",
    "/used-cars-for-sale/toyota-camry",
    "/used-cars-for-sale/2021-toyota-camry-4T1B11HK5KU123456/photos",
    "/all-cars-for-sale/2021-toyota-camry-4T1B11HK5KU123456",
  ])("%s is not a detail path", (path) => {
    expect(parseVehiclePath(path)).toBeNull();
  });

  it("vehiclePath round-trips through parseVehiclePath, also after any change of case", () => {
    const vehicle = fc.record({
      condition: fc.constantFrom(...CONDITIONS),
      year: fc.integer({ min: 1900, max: 2100 }),
      make: fc.string({ unit: "grapheme", maxLength: 20 }),
      model: fc.string({ unit: "grapheme", maxLength: 20 }),
      trim: fc.option(fc.string({ unit: "grapheme", maxLength: 20 }), { nil: undefined }),
      vin: vinArb.map((v) => v.toLowerCase()),
    });
    fc.assert(
      fc.property(vehicle, fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), (v, flips) => {
        const path = vehiclePath(v);
        const parts = { condition: v.condition, year: v.year, slug: vehicleSlug(v), vin: v.vin.toUpperCase() };
        expect(parseVehiclePath(path)).toStrictEqual(parts);
        expect(parseVehiclePath(recase(path, flips))).toStrictEqual({ ...parts, slug: parts.slug.toLowerCase() });
        const reparsed = parseVehiclePath(path);
        expect(reparsed && vehiclePath({ ...v, condition: reparsed.condition })).toBe(path);
      }),
      RUNS,
    );
  });

  it("never throws, whatever the string", () => {
    fc.assert(
      fc.property(anyStringArb, (path) => {
        for (const candidate of [path, `/used-cars-for-sale/${path}`, `/used-cars-for-sale/2020-${path}`]) {
          const parts = parseVehiclePath(candidate);
          expect(parts === null || isValidVin(parts.vin)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
