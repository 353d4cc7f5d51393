import type { Dealer } from "@showroom/fixtures";
import type { VehicleDetail } from "../server/search/types";

/** A JSON-LD node: `@type` plus schema.org properties. */
export interface JsonLdNode {
  "@type": string;
  [property: string]: unknown;
}

export interface VehicleJsonLdInput {
  vehicle: VehicleDetail;
  /** The store that has the vehicle: the seller. */
  dealer: Dealer;
  /** The site's origin, `https://www.example.com`: every URL in the data is absolute. */
  origin: string;
  /** The picture's path or URL. */
  picture: string;
  /** The body style in words ("SUV"). */
  bodyType: string;
  /**
   * Whether the visitor unlocked prices: before that the offer carries no price, like a Call for Price vehicle's,
   * since the page's source is as readable as its text (docs/decisions/270, superseding part of 162). Defaults to
   * locked.
   */
  priceUnlocked?: boolean;
}

const TRANSMISSION: Readonly<Record<string, string>> = { A: "Automatic", M: "Manual" };

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** The selling store as a schema.org `AutoDealer`: name, postal address, sales phone, site, coordinates. */
export function autoDealerJsonLd(dealer: Dealer, origin: string): JsonLdNode {
  return {
    "@type": "AutoDealer",
    name: dealer.name,
    url: dealer.site.url || origin,
    telephone: dealer.sales.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: [dealer.address_line_1, dealer.address_line_2].filter(Boolean).join(", "),
      addressLocality: dealer.city,
      addressRegion: dealer.state_short,
      postalCode: dealer.zip,
      addressCountry: dealer.country_short,
    },
    geo: { "@type": "GeoCoordinates", latitude: dealer.map.latitude, longitude: dealer.map.longitude },
  };
}

/**
 * The detail page's structured data (issue 6): a schema.org `Car` with its `Offer` and the seller `AutoDealer`.
 * `model` is the model alone and the trim goes in `vehicleConfiguration`, as schema.org defines them. The offer
 * carries the price only once the visitor unlocked prices (docs/decisions/270); a locked price and a vehicle without
 * one (Call for Price) both get an offer without an amount rather than an invented one.
 */
export function vehicleJsonLd({
  vehicle,
  dealer,
  origin,
  picture,
  bodyType,
  priceUnlocked = false,
}: VehicleJsonLdInput): JsonLdNode {
  const url = absolute(origin, vehicle.href);
  const offer: JsonLdNode = {
    "@type": "Offer",
    url,
    priceCurrency: "USD",
    ...(vehicle.price === null || !priceUnlocked ? {} : { price: vehicle.price }),
    availability: "https://schema.org/InStock",
    itemCondition: vehicle.condition === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    seller: autoDealerJsonLd(dealer, origin),
  };
  const node: JsonLdNode = {
    "@context": "https://schema.org",
    "@type": "Car",
    name: [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" "),
    url,
    image: absolute(origin, picture),
    sku: vehicle.stockNumber,
    vehicleIdentificationNumber: vehicle.vin,
    brand: { "@type": "Brand", name: vehicle.make },
    manufacturer: { "@type": "Organization", name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    bodyType,
    mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.mileage, unitCode: "SMI" },
    offers: offer,
  };
  if (vehicle.trim) node.vehicleConfiguration = vehicle.trim;
  if (vehicle.exteriorColor) node.color = vehicle.exteriorColor;
  if (vehicle.interiorColor) node.vehicleInteriorColor = vehicle.interiorColor;
  const transmission = vehicle.transmission ? TRANSMISSION[vehicle.transmission] : undefined;
  if (transmission) node.vehicleTransmission = transmission;
  if (vehicle.fuelType) node.fuelType = vehicle.fuelType;
  if (vehicle.doors !== null) node.numberOfDoors = vehicle.doors;
  if (vehicle.drivetrain) node.driveWheelConfiguration = vehicle.drivetrain;
  return node;
}
