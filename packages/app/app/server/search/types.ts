// What the search hands to the routes: plain data, safe to serialize into loader data. Types only, so client
// components may import them.
import type { Condition, SearchCriteria, SortOption } from "@showroom/rules/inventory";

/**
 * What a listing shows where the price goes (spec section 6): the amount once the visitor has unlocked prices,
 * "Unlock Price" before, and "Call for Price" whenever the vehicle has no price.
 */
export type PriceDisplay =
  | { kind: "amount"; amount: number /** Struck through on a sale. */; oldAmount: number | null }
  | { kind: "unlock" }
  | { kind: "call" };

/** The fields a search result card needs. */
export interface VehicleCard {
  vin: string;
  /** The canonical detail path. */
  href: string;
  storeId: string;
  condition: Condition;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  /** Body-style slug (`suvs`); the card draws the body style's picture tinted with the exterior colour. */
  bodyStyle: string;
  mileage: number;
  price: PriceDisplay;
  stockNumber: string;
  exteriorColor: string | null;
  fuelType: string | null;
  /** `A` or `M`. */
  transmission: string | null;
  drivetrain: string | null;
  priceDrop: boolean;
  premiumUpgrades: boolean;
  /** Shown only after the private-inventory unlock; the card may badge it. */
  private: boolean;
  /** `yyyy-mm-dd`. */
  listedOn: string;
  /** Listed within the last seven days. */
  newArrival: boolean;
  /** The feed's first photo; absent, the card draws the body style. */
  photo?: string | null;
}

/** One value of a facet: how many vehicles choosing it would give, the other filters staying as they are. */
export interface FacetValue {
  /** What the criteria hold for it (a slug). */
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

/** A model value carries its make, since the make-model segment names both. */
export interface ModelFacetValue extends FacetValue {
  make: string;
}

/** Counts of vehicles at or below (price, mileage) or at or above (year) each threshold. */
interface RangeThreshold {
  bound: number;
  count: number;
}

/** A range filter's facet: the span of the values and the counts at common thresholds. */
export interface RangeFacet {
  /** Null when no vehicle has a value. */
  min: number | null;
  max: number | null;
  thresholds: RangeThreshold[];
  selected: { min?: number; max?: number } | null;
}

export interface SearchFacets {
  condition: FacetValue[];
  bodyStyle: FacetValue[];
  make: FacetValue[];
  /** Models of the selected make, or of every make (grouped by `make`) when none is selected. */
  model: ModelFacetValue[];
  feature: FacetValue[];
  fuel: FacetValue[];
  transmission: FacetValue[];
  exteriorColor: FacetValue[];
  /** Drivetrain slugs (`awd`, `4wd`, `fwd`, `rwd`), labelled by the search words table. */
  drivetrain: FacetValue[];
  price: RangeFacet & { /** Vehicles without a price, which no price filter matches. */ callForPrice: number };
  mileage: RangeFacet;
  /** Per model year, newest first; `thresholds` are "this year or newer". */
  year: RangeFacet & { values: FacetValue[] };
}

type AppliedFilterKind =
  | "condition"
  | "bodyStyle"
  | "make"
  | "model"
  | "feature"
  | "price"
  | "mileage"
  | "year"
  | "fuel"
  | "transmission"
  | "exteriorColor"
  | "drivetrain"
  | "q";

/** A filter in force, with the criteria that remove it (page reset to 1): `searchHref(filter.without)`. */
export interface AppliedFilter {
  kind: AppliedFilterKind;
  value: string;
  label: string;
  without: SearchCriteria;
}

export interface SearchResult {
  vehicles: VehicleCard[];
  /** Vehicles matching every filter, on all pages. */
  total: number;
  page: number;
  /** At least 1; a `page` above it comes back empty (the route answers 404 or redirects). */
  pageCount: number;
  perPage: number;
  sort: SortOption;
  /** Null when the caller asked for no facets (the "Show more" fetch). */
  facets: SearchFacets | null;
  appliedFilters: AppliedFilter[];
  /** The criteria as searched: "Clear all filters" is `searchHref({ sort })`. */
  criteria: SearchCriteria;
}

/** Everything the vehicle detail page shows. */
export interface VehicleDetail extends Omit<VehicleCard, "price"> {
  /** Whole dollars, null for Call for Price. The page applies the Unlock Price gate with `priceDisplay`. */
  price: number | null;
  oldPrice: number | null;
  interiorColor: string | null;
  doors: number | null;
  engine: string | null;
  /** Key Features. */
  features: string[];
  /** The feed's photos in its order (https URLs or the site's `/media/…` paths); empty without photos. */
  images: string[];
  firstSeenAt: Date;
}
