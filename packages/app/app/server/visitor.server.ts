import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";

const THIRTY_DAYS = 30 * 24 * 60 * 60;
const ONE_YEAR = 365 * 24 * 60 * 60;

export interface VisitorCookies {
  /** Reads the visitor id from a signed cookie, or makes a new one; `setCookie` is set when the browser needs it. */
  identify(request: Request): Promise<{ visitorId: string; setCookie: string | null }>;
  /** The store the visitor picked, when it is one of `storeIds`. */
  selectedStore(request: Request, storeIds: readonly string[]): Promise<string | null>;
  rememberStore(storeId: string): Promise<string>;
}

const uuid = z.uuid();

const VISITOR_COOKIE = "uniqueUserId";

/**
 * Set by the page handler (and only by it: it removes any a client sent) on a request whose visitor id it has just
 * made: no row can exist for an id nobody has sent before, so readers skip the database (docs/decisions/295).
 */
export const NAMED_NOW_HEADER = "x-showroom-visitor-named-now";
/** Signed values already verified, so a page's several readers (and a visitor's next pages) skip the HMAC. */
const VERIFIED_LIMIT = 10_000;

/** The raw value of the first `uniqueUserId` in a Cookie header, as the cookie parser would pick it. */
function rawVisitorCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const pair = part.trim();
    if (pair.startsWith(`${VISITOR_COOKIE}=`)) return pair.slice(VISITOR_COOKIE.length + 1);
  }
  return null;
}

/**
 * The visitor's cookies. Only an opaque, signed, HttpOnly id identifies a browser (its profile is server-side);
 * the selected store is remembered 30 days (Secure, SameSite=Lax) as the spec asks.
 */
export function visitorCookies(secret: string): VisitorCookies {
  const idCookie = createCookie(VISITOR_COOKIE, {
    secrets: [secret],
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR,
  });
  const storeCookie = createCookie("userSelectedStore", {
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: THIRTY_DAYS,
  });

  // Keyed by the signed value itself: a value verifies the same way every time under the same secret.
  const verified = new Map<string, string>();
  const remember = (raw: string, visitorId: string) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(raw, visitorId);
  };

  return {
    async identify(request) {
      const header = request.headers.get("Cookie");
      const raw = rawVisitorCookie(header);
      const known = raw === null ? undefined : verified.get(raw);
      if (known !== undefined) return { visitorId: known, setCookie: null };
      // Only the value remembered is verified: whatever else the header holds can never be filed under it.
      const parsed = raw === null ? null : uuid.safeParse(await idCookie.parse(`${VISITOR_COOKIE}=${raw}`));
      if (raw !== null && parsed?.success) {
        remember(raw, parsed.data);
        return { visitorId: parsed.data, setCookie: null };
      }
      const visitorId = randomUUID();
      const setCookie = await idCookie.serialize(visitorId);
      const value = rawVisitorCookie(setCookie.split(";")[0] ?? null);
      if (value !== null) remember(value, visitorId);
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
