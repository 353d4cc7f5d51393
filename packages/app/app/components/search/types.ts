// What the search page's loader hands its components: plain, formatted data (no rules or zod on the client).

/** Where a card's price goes: the amount once prices are unlocked, "Unlock Price" before, "Call for Price" without one. */
export type CardPrice =
  | { kind: "amount"; amount: string; oldAmount: string | null }
  | { kind: "unlock" }
  | { kind: "call" };

/** A search result card. */
export interface SearchCardView {
  vin: string;
  href: string;
  /** "2021 Toyota Camry" */
  title: string;
  trim: string | null;
  /** A body-style slug of the inventory rules (`suvs`), which picks the drawing. */
  bodyStyle: string;
  color: string | null;
  /** Formatted, "42,120". */
  mileage: string;
  stockNumber: string;
  price: CardPrice;
  priceDrop: boolean;
  premiumUpgrades: boolean;
  private: boolean;
}

/** One value of a facet: a link to the search with it chosen (or, in a list facet, toggled). */
export interface FacetLink {
  label: string;
  count: number;
  /** Null when choosing it would give nothing, or when it is the chosen value of a single-valued facet. */
  href: string | null;
  selected: boolean;
}

/** A labelled facet (one `<details>` group). */
export interface FacetGroup {
  id: string;
  label: string;
  values: FacetLink[];
  /** Open when one of its values is selected. */
  open: boolean;
}

/** A filter in force and the link that removes it. */
export interface FilterChip {
  label: string;
  href: string;
}

/** A GET form's target: the canonical path and the query fields it carries along. */
export interface FormTarget {
  action: string;
  hidden: [string, string][];
}

/** The results part: what "Show more" fetches and appends. */
export interface SearchResultsView {
  vehicles: SearchCardView[];
  total: number;
  page: number;
  pageCount: number;
  /** The first card's position (1-based) among all results. */
  firstIndex: number;
  nextHref: string | null;
  prevHref: string | null;
}
