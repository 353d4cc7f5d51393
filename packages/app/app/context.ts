import { createContext } from "react-router";
import type { Config } from "./server/config.server";
import type { Db } from "./server/db/client.server";
import type { OfferRulesSource } from "./server/sell/offer-rules-source.server";
import type { ValuationProvider } from "./server/valuation/valuation-provider.server";
import type { VinDecoder } from "./server/valuation/vin-decoder.server";

/** What the sell/trade journey needs: the offer rules (reloadable), the valuation book and the VIN decoder. */
export interface SellServices {
  offerRules: OfferRulesSource;
  valuation: ValuationProvider;
  vinDecoder: VinDecoder;
}

/** What the server gives every loader and action: long-lived services, created once at boot. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Wakes the outbox relay after a lead is written, so delivery does not wait for the next poll. */
  nudgeRelay(): void;
  sell: SellServices;
}

/** Per request: the CSP nonce and the visitor the signed cookie names. */
export interface RequestState {
  nonce: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
