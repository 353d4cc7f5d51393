// What the inventory loaders hand the vehicle components: plain, formatted data, the price gate already applied.

/**
 * The estimated monthly payment beside an unlocked price: the /auto-financing estimator's answer with its opening
 * choices for that price (`listingEstimate` of @showroom/rules/financing), and those choices in words.
 */
export interface MonthlyView {
  /** "est. $312.40/mo" */
  amount: string;
  /**
   * "For your numbers: $2,000 down, no trade-in, credit 400–499; 72 months at 21.49% APR, fees included", or without
   * numbers "Example: 72 months at 6.99% APR, $1,900 down, credit score 850, fees included" (ADR 375).
   */
  terms: string;
  /** The words of the link to the estimator: "Change your numbers", or "Use your numbers" under an example. */
  change: string;
  /** The estimator with the same choices, to change them. */
  href: string;
}

/** Where a price goes (spec section 6): the amount once prices are unlocked, "Unlock Price" before, "Call for Price" without one. */
export type CardPrice =
  | { kind: "amount"; amount: string; oldAmount: string | null; monthly: MonthlyView | null }
  | { kind: "unlock" }
  | { kind: "call" };

/** A vehicle card: search results, similar vehicles, any listing. */
export interface VehicleCardView {
  vin: string;
  href: string;
  /** "2021 Toyota Camry" */
  title: string;
  trim: string | null;
  /** A body-style slug of the inventory rules (`suvs`), which picks the drawing. */
  bodyStyle: string;
  color: string | null;
  /** The feed's first photo; null, the card shows the body-style drawing. */
  photo: string | null;
  /** Miles on the odometer; the page writes them with their plural ("1 mile", "42,120 miles"). */
  mileage: number;
  stockNumber: string;
  price: CardPrice;
  priceDrop: boolean;
  premiumUpgrades: boolean;
  private: boolean;
  /** On the visitor's saved list: the heart shows pressed. */
  saved: boolean;
  /** The store the car is at, on a list that spans stores ("St. Peters"); absent at one store (ADR 400). */
  store?: string | null;
}

/** The detail page's price box: the card's price plus what the sale saves. */
export type DetailPrice =
  | CardPrice
  | { kind: "amount"; amount: string; oldAmount: string | null; monthly: MonthlyView | null; savings: string | null };

/** One day of the store's sales hours: "Monday", "10 AM – 7 PM" (or the closed text). */
export interface HoursView {
  day: string;
  hours: string;
}

/** The store that has the vehicle, as the detail page shows it. */
export interface VehicleStoreView {
  name: string;
  phone: string;
  addressLine1: string;
  cityLine: string;
  mapsUrl: string;
  hours: HoursView[];
}

/** A vehicle's detail page. */
export interface VehicleDetailView {
  vin: string;
  /** "2021 Toyota Camry" */
  title: string;
  trim: string | null;
  bodyStyle: string;
  color: string | null;
  /** Words for the picture: "2021 Toyota Camry in Silver". */
  pictureAlt: string;
  /** The drawing's markup to inline (the page's main picture), or null to show it as an image. */
  pictureSvg: string | null;
  /** The feed's photos the server has made, as keys (`photo-sources.ts`), first the main one; the drawing shows
   * only when there are none. */
  photos: string[];
  mileage: number;
  stockNumber: string;
  price: DetailPrice;
  private: boolean;
  /** On the visitor's saved list: the heart shows pressed. */
  saved: boolean;
  features: string[];
  /** [key of `inventory.detail.specs`, value] */
  specs: [string, string][];
  documentFee: string;
  /** A free report for the VIN (docs/decisions/161). */
  historyReportUrl: string;
  store: VehicleStoreView;
}
