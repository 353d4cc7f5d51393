import type { Config } from "../config.server";
import { createDemoValuation } from "./demo-valuation.server";
import { createHttpValuation } from "./http-valuation.server";
import type { ValuationProvider } from "./valuation-provider.server";

/** The provider the configuration names: VALUATION_URL's service, or the demo book. */
export function createValuationProvider(config: Config): ValuationProvider {
  if (config.VALUATION_URL) {
    return createHttpValuation({
      url: config.VALUATION_URL,
      apiKey: config.VALUATION_API_KEY,
      timeoutMs: config.VALUATION_TIMEOUT_MS,
    });
  }
  return createDemoValuation();
}
