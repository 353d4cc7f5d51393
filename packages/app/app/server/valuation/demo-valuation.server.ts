import { createDemoValuationBook } from "@showroom/fixtures";
import type { ValuationProvider } from "./valuation-provider.server";

/** The fixtures' demo book (demo data, not market values): it lists the catalogue's makes and models only. */
export function createDemoValuation(): ValuationProvider {
  const book = createDemoValuationBook();
  return {
    name: book.name,
    value: ({ year, make, model, trim, mileage, asOf }) =>
      book.value({ year, make, model, ...(trim ? { trim } : {}), mileage, asOf }),
  };
}
