// What the search page's loader hands its components: plain, formatted data (no rules or zod on the client).
import type { VehicleCardView } from "../vehicle/types";

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
  vehicles: VehicleCardView[];
  total: number;
  /** The first page listed. */
  page: number;
  /** How many pages are listed from `page` on (`?shown=`, ADR 261). */
  shown: number;
  pageCount: number;
  /** The first card's position (1-based) among all results. */
  firstIndex: number;
  /**
   * "Show more": the same list with one page more (`?shown=N+1`) and a fragment on its first new card, so it works
   * as a plain link; null on the last page.
   */
  moreHref: string | null;
  /** The page after the last one listed, on its own: an indexable page for crawlers (ADR 231), `rel="next"`. */
  nextHref: string | null;
  prevHref: string | null;
}

/** One choice of the search page's store choice (ADR 400), with the same search's count there. */
export interface StoreChoiceOption {
  name: string;
  count: number;
  /** The scope the page shows: not a link or button. */
  selected: boolean;
  /** A GET link to this scope; null for a store picked by a POST to /api/store (it switches the store cookie). */
  href: string | null;
}

/** The stores a search may cover: each store, and all of them. */
export interface StoreChoiceView {
  label: string;
  stores: (StoreChoiceOption & { storeId: string })[];
  all: StoreChoiceOption & { href: string };
  /** Where /api/store sends the visitor back: this search at one store. */
  redirectTo: string;
}

/**
 * What a search page tells the header's store switcher (ADR 403): the words for the stores it covers when that is
 * every store ("Searching both stores", the visitor's store cookie unchanged), and the all-stores search as a link.
 */
export interface StoreScopeView {
  everyStore: boolean;
  /** "Searching both stores" on an all-stores page; null at the visitor's store, where the shell's words hold. */
  summary: string | null;
  all: { label: string; hint: string; href: string };
}
