import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "../components/vehicle/json-ld";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import type { VehicleDetail } from "../server/search/types";
import { schemaOrgProblems } from "./schema-org.test-support";
import { testSite } from "./test-site";
import { vehicleJsonLd } from "./vehicle-json-ld.server";

const site = testSite("brentwood");
const dealer = site.store.dealer;
const ORIGIN = "https://www.confluencemotors.example";

const camry: VehicleDetail = {
  vin: "4T1G11AK5MU123456",
  href: "/used-cars-for-sale/2021-toyota-camry-se-4T1G11AK5MU123456",
  storeId: "brentwood",
  condition: "used",
  year: 2021,
  make: "Toyota",
  model: "Camry",
  trim: "SE",
  bodyStyle: "sedans",
  mileage: 42_120,
  price: 23_995,
  oldPrice: 24_995,
  stockNumber: "B12345",
  exteriorColor: "Silver",
  interiorColor: "Black",
  fuelType: "Gasoline",
  transmission: "A",
  drivetrain: "FWD",
  engine: "2.5L 4-Cylinder",
  doors: 4,
  priceDrop: true,
  premiumUpgrades: false,
  private: false,
  listedOn: "2026-07-01",
  newArrival: false,
  features: ["Backup Camera"],
  images: [],
  firstSeenAt: new Date("2026-07-01T00:00:00Z"),
};

const build = (vehicle: VehicleDetail, priceUnlocked = true) =>
  vehicleJsonLd({
    vehicle,
    dealer,
    origin: ORIGIN,
    picture: "/media/vehicles/sedans-silver.svg",
    bodyType: "Sedan",
    priceUnlocked,
  });

/** Hostile fragments for HTML script data: the end tag, comment openers, JS line separators, entities. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("</script>", "</SCRIPT >", "</script", "<!--", "-->", "<script>", "\u2028", "\u2029", "&lt;", "]]>"),
);
const hostileText = fc.array(hostile, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));

const vehicleArb: fc.Arbitrary<VehicleDetail> = fc.record({
  ...Object.fromEntries(Object.entries(camry).map(([k, v]) => [k, fc.constant(v)])),
  condition: fc.constantFrom("new" as const, "used" as const, "certified" as const),
  year: fc.integer({ min: 1981, max: 2027 }),
  make: hostileText,
  model: hostileText,
  trim: fc.option(hostileText),
  mileage: fc.integer({ min: 0, max: 999_999 }),
  price: fc.option(fc.integer({ min: 1, max: 500_000 })),
  oldPrice: fc.option(fc.integer({ min: 1, max: 500_000 })),
  stockNumber: hostileText,
  exteriorColor: fc.option(hostileText),
  interiorColor: fc.option(hostileText),
  fuelType: fc.option(hostileText),
  transmission: fc.option(fc.constantFrom("A", "M", "CVT")),
  drivetrain: fc.option(hostileText),
  doors: fc.option(fc.integer({ min: 2, max: 5 })),
}) as fc.Arbitrary<VehicleDetail>;

describe("the vehicle JSON-LD", () => {
  it("is a schema.org Car with its Offer and the seller AutoDealer, every property of the expected type", () => {
    const data = build(camry);
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      vehicleIdentificationNumber: "4T1G11AK5MU123456",
      model: "Camry",
      vehicleConfiguration: "SE",
      brand: { "@type": "Brand", name: "Toyota" },
      vehicleModelDate: "2021",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 42_120, unitCode: "SMI" },
      vehicleTransmission: "Automatic",
      url: `${ORIGIN}${camry.href}`,
      offers: {
        "@type": "Offer",
        price: 23_995,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/UsedCondition",
        url: `${ORIGIN}${camry.href}`,
        seller: {
          "@type": "AutoDealer",
          name: dealer.name,
          telephone: dealer.sales.phone,
          address: {
            "@type": "PostalAddress",
            streetAddress: dealer.address_line_1,
            addressLocality: dealer.city,
            addressRegion: dealer.state_short,
            postalCode: dealer.zip,
            addressCountry: "US",
          },
          geo: { "@type": "GeoCoordinates", latitude: dealer.map.latitude, longitude: dealer.map.longitude },
        },
      },
    });
  });

  it("a new vehicle's offer is in NewCondition; a vehicle without a price offers none rather than a made-up one", () => {
    const data = build({ ...camry, condition: "new", price: null });
    const offers = data.offers as Record<string, unknown>;
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(offers.itemCondition).toBe("https://schema.org/NewCondition");
    expect(offers).not.toHaveProperty("price");
    expect(offers.priceCurrency).toBe("USD");
  });

  it("before the visitor unlocks prices the offer carries no price, and the data stays valid (ADR 270)", () => {
    const data = build(camry, false);
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data.offers).not.toHaveProperty("price");
    expect(JSON.stringify(data)).not.toContain("23995");
    expect(
      vehicleJsonLd({ vehicle: camry, dealer, origin: ORIGIN, picture: "/x.svg", bodyType: "Sedan" }).offers,
    ).not.toHaveProperty("price");
  });

  it("the checker rejects wrong shapes, so a pass means something", () => {
    const good = build(camry);
    const bad = (change: Record<string, unknown>) => schemaOrgProblems({ ...good, ...change });
    expect(bad({ mileageFromOdometer: 42_120 })).toEqual(["$.mileageFromOdometer: 42120 is not QuantitativeValue"]);
    expect(bad({ mileage: 1 })).toEqual(["$.mileage: not a property of Car"]);
    expect(bad({ vehicleModelDate: "21" })).toEqual(['$.vehicleModelDate: "21" is not Date']);
    expect(bad({ url: "/relative" })).toEqual(['$.url: "/relative" is not URL']);
    expect(bad({ offers: { ...(good.offers as object), price: { amount: 1 } } })).toEqual([
      "$.offers.price: a undefined node where Number or Text is expected",
    ]);
    expect(bad({ offers: { ...(good.offers as object), availability: "InStock" } })).toEqual([
      '$.offers.availability: "InStock" is not ItemAvailability',
    ]);
    expect(bad({ offers: { ...(good.offers as object), seller: { "@type": "Brand", name: "x" } } })).toEqual([
      '$.offers.seller: a "Brand" node where Organization or Person is expected',
    ]);
    expect(schemaOrgProblems({ "@type": "Automobile" })).toEqual(['$: unknown @type "Automobile"']);
  });

  it("any vehicle, whatever its text, gives valid data: model without trim, trim as vehicleConfiguration", () => {
    fc.assert(
      fc.property(vehicleArb, fc.boolean(), (vehicle, unlocked) => {
        const data = build(vehicle, unlocked);
        expect(schemaOrgProblems(data)).toEqual([]);
        expect(data.model).toBe(vehicle.model);
        expect(data.vehicleConfiguration).toBe(vehicle.trim || undefined);
        expect((data.offers as { price?: number }).price).toBe(unlocked ? (vehicle.price ?? undefined) : undefined);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the JSON-LD script element", () => {
  it("no text in the data can end the script or open a comment, and the script parses back to the same data", () => {
    fc.assert(
      fc.property(vehicleArb, (vehicle) => {
        const data = build(vehicle);
        const html = renderToStaticMarkup(createElement(JsonLdScript, { data }));
        const open = '<script type="application/ld+json">';
        expect(html.startsWith(open)).toBe(true);
        expect(html.endsWith("</script>")).toBe(true);
        const text = html.slice(open.length, -"</script>".length);
        // The HTML parser leaves script data only at "</script" and enters its escaped states only at "<!--":
        // both need a "<", and the text has none.
        expect(text).not.toMatch(/[<\u2028\u2029]/);
        // Matched without changing case: lower-casing can lengthen the text ("İ" becomes two code units), which moved
        // the index and failed this check on a model named "İ</script>".
        expect(html.search(/<\/script/i)).toBe(html.length - "</script>".length);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 300 },
    );
  });

  it("serializeJsonLd escapes exactly <, >, &, U+2028 and U+2029, and round-trips any JSON value", () => {
    expect(serializeJsonLd({ a: "</script><!--\u2028&" })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028\\u0026"}',
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = serializeJsonLd(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});
