import { type AdParams, pickAdParams } from "@showroom/rules/tracking";
import { readCookie } from "../../cookies";

/**
 * The visitor's ad values in the browser, for popup conditions (`adsValues`, spec section 5): what the server kept in
 * the ad-values cookie (ADR 281), read and checked as the rules keep them. Empty unless `targeting` is allowed (pass
 * `shell.tracking?.targeting`): the cookie exists only then, and a stale one is not trusted. The server-side twin is
 * `adValuesOf(request, settings)` in content/marketing.server.ts.
 */
export function readAdValues(targeting: boolean, cookies: string = document.cookie): AdParams {
  if (!targeting) return {};
  const kept = readCookie(cookies, "adValues");
  if (kept === null) return {};
  try {
    return pickAdParams(kept);
  } catch {
    return {};
  }
}
