import type { Dealer } from "@showroom/fixtures";
import type { Condition } from "@showroom/rules/inventory";

/** The two ad platforms the site feeds. */
export const PLATFORMS = ["google", "meta"] as const;
export type Platform = (typeof PLATFORMS)[number];

/** One available vehicle as the ad feeds read it. */
export interface FeedVehicle {
  vin: string;
  stockNumber: string;
  condition: Condition;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  /** The body style's slug (`suvs`). */
  bodyStyle: string;
  mileage: number;
  /** Whole dollars; null is Call for Price. */
  price: number | null;
  /** The price struck through on a sale. */
  oldPrice: number | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  fuelType: string | null;
  /** `A` or `M`. */
  transmission: string | null;
  drivetrain: string | null;
  engine: string | null;
  features: readonly string[];
  /**
   * The car's photos: the site's own JPEG of each one the server has made (ADR 407), else the feed's https URL or the
   * fixtures' `/media/…` path; empty when the site draws the body style.
   */
  images: readonly string[];
  private: boolean;
  /** `yyyy-mm-dd`: the feed's date in stock, else the day the site first saw the car. */
  listedOn: string;
  /** The detail page's path. */
  path: string;
}

/** The store a feed is for: its id (the platforms' store code) and its dealer profile. */
export interface FeedStore {
  readonly id: string;
  readonly dealer: Dealer;
}

/** What the site adds: where it lives, the conditions it sells and the currency of its prices. */
export interface FeedSite {
  /** `https://example.com`, without a trailing slash. */
  readonly origin: string;
  readonly conditions: readonly Condition[];
  /** ISO 4217 (`USD`). */
  readonly currency: string;
  /** Where the photos the server made are linked: `/media/photos` (the default) or the object store's public URL. */
  readonly photoBase?: string;
}

/** A site path (`/media/…`) made absolute on the site's origin; an absolute URL stays as it is. */
export function absoluteUrl(site: FeedSite, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${site.origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** `2021 MINI Cooper Convertible Cooper`: year, make, model and trim, the title both platforms ask for. */
export function vehicleTitle(vehicle: Pick<FeedVehicle, "year" | "make" | "model" | "trim">): string {
  return [String(vehicle.year), vehicle.make, vehicle.model, vehicle.trim ?? ""]
    .filter((part) => part !== "")
    .join(" ");
}

/** The price in ISO 4217 form both platforms take: `17895.00 USD`. */
export function isoPrice(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}

/** `8725 Manchester Rd, Brentwood, MO 63144, US`: street, city, postal code and country, as Google asks. */
export function dealershipAddress(dealer: Dealer): string {
  const street = [dealer.address_line_1, dealer.address_line_2].filter((line) => line.trim() !== "").join(", ");
  return `${street}, ${dealer.city}, ${dealer.state_short} ${dealer.zip}, ${dealer.country_short}`;
}
