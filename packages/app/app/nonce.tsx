import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
/** What only the server puts in the document head: the stylesheet and the boot script (ADRs 150 and 289). */
export interface ServerHead {
  readonly stylesheet: string;
  readonly bootScript: string;
}

const ServerHeadContext = createContext<ServerHead | undefined>(undefined);

/** Carries the request's CSP nonce from the server entry to the scripts the document renders. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; undefined in the browser, where React Router's scripts are already trusted. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** Carries the stylesheet and the boot script from the server entry into the document head. */
export const ServerHeadProvider = ServerHeadContext.Provider;

/**
 * The stylesheet and boot script to inline, on the server. Undefined in the browser: the document already holds
 * them, and the client bundle never carries their text.
 */
export function useServerHead(): ServerHead | undefined {
  return useContext(ServerHeadContext);
}
