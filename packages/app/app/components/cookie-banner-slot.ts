import { createContext, lazy } from "react";
import type { CookieBanner as CookieBannerComponent } from "./cookie-banner";

/**
 * The server hands the banner in directly (entry.server.tsx), so it renders in the same pass and works without
 * JavaScript. In the browser its code loads apart from the first-load chunks; React keeps the server's markup inside
 * the Suspense boundary until it arrives, then hydrates it (ADR 280, like the toasts of ADR 155).
 */
export const ServerCookieBanner = createContext<typeof CookieBannerComponent | null>(null);

// The server never renders the lazy one (it always provides the component), so its build leaves the import out.
export const LazyCookieBanner = import.meta.env.SSR
  ? (null as unknown as ReturnType<typeof lazy<typeof CookieBannerComponent>>)
  : lazy(() => import("./cookie-banner").then((module) => ({ default: module.CookieBanner })));
