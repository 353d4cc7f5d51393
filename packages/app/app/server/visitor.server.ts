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

/**
 * The visitor's cookies. Only an opaque, signed, HttpOnly id identifies a browser (its profile is server-side);
 * the selected store is remembered 30 days (Secure, SameSite=Lax) as the spec asks.
 */
export function visitorCookies(secret: string): VisitorCookies {
  const idCookie = createCookie("uniqueUserId", {
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

  return {
    async identify(request) {
      const raw = await idCookie.parse(request.headers.get("Cookie"));
      const parsed = uuid.safeParse(raw);
      if (parsed.success) return { visitorId: parsed.data, setCookie: null };
      const visitorId = randomUUID();
      return { visitorId, setCookie: await idCookie.serialize(visitorId) };
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
