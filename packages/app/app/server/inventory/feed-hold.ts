/**
 * The mass-sold hold (issue 29, ADR 354): a full feed that would mark more than `percent` % of a store's cars in stock
 * (listed, or hidden on the desk: ADRs 395, 415) sold is far more often a broken export (a filter left on, a truncated file) than a weekend of sales, so it is
 * held for an admin instead of applied. Whole numbers compared by cross-multiplying, so no rounding decides a case.
 */
export interface SoldShare {
  /** The store's cars in stock before the feed: listed, or hidden on the desk (the name is the stored column's). */
  available: number;
  /** How many of them the feed lacks, and would mark sold. */
  wouldSell: number;
}

/** Whether a feed is held: the share of the cars in stock it would mark sold is above `percent` %. */
export function holdsFeed({ available, wouldSell }: SoldShare, percent: number): boolean {
  return available > 0 && wouldSell * 100 > percent * available;
}

/** Why a feed was held, as the desk says it. */
export function holdReason({ available, wouldSell }: SoldShare, percent: number): string {
  const share = Math.round((wouldSell * 100) / available);
  return (
    `it would mark ${wouldSell.toLocaleString("en-US")} of the store’s ${available.toLocaleString("en-US")} ` +
    `${available === 1 ? "car" : "cars"} in stock sold ` +
    `(${share} %, more than the ${percent} % a feed may)`
  );
}
