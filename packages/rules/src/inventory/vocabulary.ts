/** The path-segment kinds of a search path in the spec's words; their order in `filterPriority` is the canonical segment order. */
export const FILTER_KINDS = ["bodystyle", "make-model", "features", "price"] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** The sitemap groups of spec section 3. */
export const SITEMAP_GROUPS = ["pages", "filters", "vehicles", "offers", "articles", "team-members"] as const;
export type SitemapGroup = (typeof SITEMAP_GROUPS)[number];

/** The change frequencies the sitemap protocol allows. */
export const CHANGE_FREQUENCIES = ["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"] as const;
export type ChangeFrequency = (typeof CHANGE_FREQUENCIES)[number];

/** Segments of this shape are price segments, so no body style or feature may look like one. */
export const PRICE_SEGMENT_PATTERN = /^price-(under|over)-(\d+)$/;
