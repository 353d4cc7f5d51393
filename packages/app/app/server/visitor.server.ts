import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";
import { cookieAttributes, cookieHeaderOf, readCookie, type SiteCookieName, setCookiePair } from "../cookies";

export interface VisitorCookies {
  /** Reads the visitor id from a signed cookie, or makes a new one; `setCookie` is set when the browser needs it. */
  identify(request: Request): Promise<{ visitorId: string; setCookie: string | null }>;
  /** The store the visitor picked, when it is one of `storeIds`. */
  selectedStore(request: Request, storeIds: readonly string[]): Promise<string | null>;
  rememberStore(storeId: string): Promise<string>;
}

const uuid = z.uuid();

const VISITOR_COOKIE = "uniqueUserId" satisfies SiteCookieName;
const STORE_COOKIE = "userSelectedStore" satisfies SiteCookieName;

/**
 * Set by the page handler (and only by it: it removes any a client sent) on a request whose visitor id it has just
 * made: no row can exist for an id nobody has sent before, so readers skip the database (docs/decisions/295).
 */
export const NAMED_NOW_HEADER = "x-showroom-visitor-named-now";
/** Signed values already verified, so a page's several readers (and a visitor's next pages) skip the HMAC. */
const VERIFIED_LIMIT = 10_000;

/**
 * The visitor's cookies. Only an opaque, signed, HttpOnly id identifies a browser (its profile is server-side);
 * the selected store is remembered 30 days. React Router signs and encodes them; their attributes are the site's
 * cookie table (app/cookies.ts).
 */
export function visitorCookies(secret: string): VisitorCookies {
  const idCookie = createCookie(VISITOR_COOKIE, { secrets: [secret], ...cookieAttributes(VISITOR_COOKIE) });
  const storeCookie = createCookie(STORE_COOKIE, cookieAttributes(STORE_COOKIE));

  // Keyed by the signed value itself: a value verifies the same way every time under the same secret.
  const verified = new Map<string, string>();
  const remember = (raw: string, visitorId: string) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(raw, visitorId);
  };

  return {
    async identify(request) {
      const sent = readCookie(request, VISITOR_COOKIE);
      const known = sent === null ? undefined : verified.get(sent);
      if (known !== undefined) return { visitorId: known, setCookie: null };
      // Only the value remembered is verified: whatever else the header holds can never be filed under it.
      const parsed = sent === null ? null : uuid.safeParse(await idCookie.parse(cookieHeaderOf(VISITOR_COOKIE, sent)));
      if (sent !== null && parsed?.success) {
        remember(sent, parsed.data);
        return { visitorId: parsed.data, setCookie: null };
      }
      const visitorId = randomUUID();
      const setCookie = await idCookie.serialize(visitorId);
      remember(setCookiePair(setCookie).value, visitorId);
      return { visitorId, setCookie };
    },
    async selectedStore(request, storeIds) {
      const raw = await storeCookie.parse(request.headers.get("Cookie"));
      return typeof raw === "string" && storeIds.includes(raw) ? raw : null;
    },
    rememberStore(storeId) {
      return storeCookie.serialize(storeId);
    },
  };
}
