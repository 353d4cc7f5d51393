import { createContext } from "react-router";
import type { Config } from "./server/config.server";
import type { Db } from "./server/db/client.server";

/** What the server gives every loader and action: long-lived services, created once at boot. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Wakes the outbox relay after a lead is written, so delivery does not wait for the next poll. */
  nudgeRelay(): void;
}

/** Per request: the CSP nonce and the visitor the signed cookie names. */
export interface RequestState {
  nonce: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
