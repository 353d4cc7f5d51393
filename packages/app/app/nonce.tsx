import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the request's CSP nonce from the server entry to the scripts the document renders. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; undefined in the browser, where React Router's scripts are already trusted. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
