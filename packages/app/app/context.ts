import { createContext } from "react-router";
import type { Config } from "./server/config.server";
import type { Keyring } from "./server/crypto/envelope.server";
import type { Db } from "./server/db/client.server";
import type { SmsSender } from "./server/sms/sms.server";

/** What the server gives every loader and action: long-lived services, created once at boot. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Wakes the outbox relay after a lead is written, so delivery does not wait for the next poll. */
  nudgeRelay(): void;
  /** The master keys that seal personal data at rest (ADR 190). */
  keyring: Keyring;
  /** Where verification codes are texted. */
  sms: SmsSender;
  /** Keys the hashes of SMS codes and IPs; derived from the session secret. */
  hmacKey: Buffer;
}

/** Per request: the CSP nonce and the visitor the signed cookie names. */
export interface RequestState {
  nonce: string;
  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
