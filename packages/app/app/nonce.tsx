import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
const StylesheetContext = createContext<string | undefined>(undefined);

/** Carries the request's CSP nonce from the server entry to the scripts the document renders. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; undefined in the browser, where React Router's scripts are already trusted. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** Carries the site's stylesheet text from the server entry into the document head (docs/decisions/150). */
export const StylesheetProvider = StylesheetContext.Provider;

/**
 * The stylesheet to inline, on the server. Undefined in the browser: the document's `<style>` already holds it, and
 * the client bundle never carries the CSS text.
 */
export function useInlineStylesheet(): string | undefined {
  return useContext(StylesheetContext);
}

const BootScriptContext = createContext<string | undefined>(undefined);

/** Carries the document's boot script from the server entry into the head (docs/decisions/289). */
export const BootScriptProvider = BootScriptContext.Provider;

/** The boot script on the server; undefined in the browser, where the document already ran it. */
export function useBootScript(): string | undefined {
  return useContext(BootScriptContext);
}
