// The offer page's data: every amount already formatted and every reason in words, by the server.

/** One line of "How we got this number": what it is, an optional note (the percent), and the amount. */
interface ExplainLine {
  readonly label: string;
  readonly note: string | null;
  readonly amount: string;
}

/** One offer (Cash Now or More Cash Later) with its explanation. */
export interface PriceView {
  /** `$17,415`, or null when the offer is withheld. */
  readonly price: string | null;
  readonly withheld: string | null;
  readonly base: { readonly label: string; readonly amount: string };
  readonly lines: readonly ExplainLine[];
  /** The rounding to whole dollars, when there is one: `−$0.43`. */
  readonly rounding: string | null;
}

export interface MoreCashLaterView extends PriceView {
  readonly reserve: string | null;
  readonly profitShare: string | null;
  readonly reservePercent: number | null;
  readonly profitSharePercent: number | null;
}

export interface OfferView {
  readonly outcome: "offer" | "bring-in";
  readonly vehicle: {
    readonly title: string;
    readonly vin: string | null;
    readonly mileage: string;
    readonly zip: string;
  };
  readonly validUntil: string;
  /** The day the book values were read, in words. */
  readonly asOf: string;
  /** Which offer rules priced it, in words, for signed-in staff only; null for the shopper (ADRs 331, 391). */
  readonly rules: string | null;
  /** Whether a valuation book priced it (its name is the desk's, not the shopper's). */
  readonly valued: boolean;
  readonly reasons: readonly string[];
  readonly cashNow: PriceView | null;
  readonly moreCashLater: MoreCashLaterView | null;
  readonly store: { readonly name: string; readonly address: string; readonly hours: string; readonly phone: string };
}
