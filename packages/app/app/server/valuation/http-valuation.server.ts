import { offerValuationSchema } from "@showroom/rules/offer";
import { FetchError } from "ofetch";
import { z } from "zod";
import { createSpecFetch } from "../http/spec-fetch.server";
import { type ValuationProvider, ValuationUnavailableError } from "./valuation-provider.server";

export interface HttpValuationOptions {
  /** The service's valuation endpoint, e.g. `https://books.example.com/v1/valuation`. */
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The service's answer: the three figures in dollars (rounded to cents here); other fields are ignored. */
const answerSchema = z
  .looseObject({
    roughWholesale: z.number().finite().min(0),
    adjustedWholesaleAvg: z.number().finite().min(0),
    adjustedRetailAvg: z.number().finite().min(0),
  })
  .transform((v) =>
    offerValuationSchema.parse({
      roughWholesale: cents(v.roughWholesale),
      adjustedWholesaleAvg: cents(v.adjustedWholesaleAvg),
      adjustedRetailAvg: cents(v.adjustedRetailAvg),
    }),
  );

/**
 * A Black Book or KBB style service: `GET {url}?year&make&model&trim&mileage&zip&asOf` with a bearer key, answering
 * `{ roughWholesale, adjustedWholesaleAvg, adjustedRetailAvg }` in dollars, or 404 for a vehicle it does not list.
 * A GET, so the spec's policy retries it once on 408, 409, 425, 429, 500, 502, 503, 504, a timeout or a network error.
 */
export function createHttpValuation({ url, apiKey, timeoutMs }: HttpValuationOptions): ValuationProvider {
  const fetchJson = createSpecFetch({
    timeout: timeoutMs,
    headers: { accept: "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  });
  return {
    name: `Valuation service at ${new URL(url).host}`,
    async value({ year, make, model, trim, mileage, zip, asOf }) {
      let body: unknown;
      try {
        body = await fetchJson<unknown>(url, {
          method: "GET",
          query: { year, make, model, ...(trim ? { trim } : {}), mileage, zip, asOf },
        });
      } catch (error) {
        if (error instanceof FetchError && error.status === 404) return null;
        const status = error instanceof FetchError && error.status ? ` (${error.status})` : "";
        throw new ValuationUnavailableError(`The valuation service did not answer${status}`, { cause: error });
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) throw new ValuationUnavailableError("The valuation service answered something unreadable");
      return parsed.data;
    },
  };
}
