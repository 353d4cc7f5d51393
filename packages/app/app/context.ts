import { createContext } from "react-router";
import type { Config } from "./server/config.server";
import type { Keyring } from "./server/crypto/envelope.server";
import type { Db } from "./server/db/client.server";
import type { RateLimiter } from "./server/rate-limit.server";
import type { OfferRulesSource } from "./server/sell/offer-rules-source.server";
import type { ValuationProvider } from "./server/valuation/valuation-provider.server";
import type { VinDecoder } from "./server/valuation/vin-decoder.server";

/** What the sell/trade journey needs: the offer rules (reloadable), the valuation book and the VIN decoder. */
export interface SellServices {
  offerRules: OfferRulesSource;
  valuation: ValuationProvider;
  vinDecoder: VinDecoder;
}

import type { SmsSender } from "./server/sms/sms.server";

/** What the server gives every loader and action: long-lived services, created once at boot. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Wakes the outbox relay after a lead is written, so delivery does not wait for the next poll. */
  nudgeRelay(): void;
  sell: SellServices;
  /** The master keys that seal personal data at rest (ADR 190). */
  keyring: Keyring;
  /** Where verification codes are texted. */
  sms: SmsSender;
  /** Counts POSTs per client for the site's limits: in the database on PostgreSQL, in memory on PGlite (ADR 452). */
  rateLimiter: RateLimiter;
  /** Keys the hashes of SMS codes and IPs; derived from the session secret. */
  hmacKey: Buffer;
  /**
   * The origin the server listens on (`http://localhost:3000`), set once it listens: the public origin when
   * PUBLIC_ORIGIN is unset, because a request's Host header is the client's word, not the operator's (ADR 230).
   */
  listenOrigin?: string;
}

/** Per request: the CSP nonce and the visitor the signed cookie names. */
export interface RequestState {
  nonce: string;
  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
