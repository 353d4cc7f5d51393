import { createDemoValuationBook, valuationInputSchema } from "@showroom/fixtures";
import type { ValuationProvider } from "./valuation-provider.server";

/** The fixtures' demo book (demo data, not market values): it lists the catalogue's makes and models only. */
export function createDemoValuation(): ValuationProvider {
  const book = createDemoValuationBook();
  return {
    name: book.name,
    async value({ year, make, model, trim, mileage, asOf }) {
      const input = { year, make, model, ...(trim ? { trim } : {}), mileage, asOf };
      // A vehicle the book's own input rules refuse (a model name longer than any it lists) is one it does not list.
      if (!valuationInputSchema.safeParse(input).success) return null;
      return book.value(input);
    },
  };
}
