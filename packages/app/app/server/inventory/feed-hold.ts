/**
 * The mass-sold hold (issue 29, ADR 354): a full feed that would mark more than `percent` % of a store's available
 * cars sold is far more often a broken export (a filter left on, a truncated file) than a weekend of sales, so it is
 * held for an admin instead of applied. Whole numbers compared by cross-multiplying, so no rounding decides a case.
 */
export interface SoldShare {
  /** The store's available cars before the feed. */
  available: number;
  /** How many of them the feed lacks, and would mark sold. */
  wouldSell: number;
}

/** Whether a feed is held: the share of available cars it would mark sold is above `percent` %. */
export function holdsFeed({ available, wouldSell }: SoldShare, percent: number): boolean {
  return available > 0 && wouldSell * 100 > percent * available;
}

/** Why a feed was held, as the desk says it. */
export function holdReason({ available, wouldSell }: SoldShare, percent: number): string {
  const share = Math.round((wouldSell * 100) / available);
  return (
    `it would mark ${wouldSell.toLocaleString("en-US")} of the store’s ${available.toLocaleString("en-US")} available ` +
    `${available === 1 ? "car" : "cars"} sold ` +
    `(${share} %, more than the ${percent} % a feed may)`
  );
}
