import type { OfferValuation } from "@showroom/rules/offer";

/** What a book is asked for: the vehicle, its mileage, where it is, and the day of the valuation. */
interface ValuationQuery {
  readonly year: number;
  readonly make: string;
  readonly model: string;
  readonly trim?: string | undefined;
  readonly mileage: number;
  /** 5-digit ZIP code: regional books price by it. */
  readonly zip: string;
  /** yyyy-mm-dd */
  readonly asOf: string;
}

/** The three figures the offer rules read (`vehiclePriceKey`), in dollars. */
export type BookValue = OfferValuation;

/**
 * A valuation book (ADR 200): the demo book by default, or a Black Book or KBB style service over HTTP. `null`
 * means the book does not list the vehicle; a book that cannot be asked rejects with {@link ValuationUnavailableError}.
 */
export interface ValuationProvider {
  /** How the offer page and the lead name the source of the base figure. */
  readonly name: string;
  value(query: ValuationQuery): Promise<BookValue | null>;
}

/** The book did not answer usably: unreachable, still failing after the spec's retry, or a malformed answer. */
export class ValuationUnavailableError extends Error {
  override name = "ValuationUnavailableError";
}
