// Every cookie the site reads or writes, on the server and in the browser, goes through this module (ADR 320): one
// Cookie-header reader and one Set-Cookie writer, both the `cookie` package, and one table of attributes. No node:
// imports, so the browser's tracker and banner use it too.
import { parseCookie, parseSetCookie, stringifyCookie, stringifySetCookie } from "cookie";

const DAY_SECONDS = 24 * 60 * 60;

export interface CookiePolicy {
  sameSite: "lax" | "strict";
  /** Seconds the browser keeps it; absent: a session cookie, gone when the browser closes. */
  maxAge?: number;
  /**
   * Null: HttpOnly, no script can read it. Otherwise why a script of the page must read or write it; such a cookie
   * holds nothing that names or identifies a person.
   */
  readByScripts: string | null;
}

/**
 * Every cookie the site writes and how. All are Secure and Path=/, none has a Domain (so each is host-only), which
 * also satisfies the `__Host-` prefix. Secure comes off on a plain-HTTP public origin where responses leave
 * (server/cookie-security.ts) and in a browser on plain HTTP, except on a `__Host-` cookie, which is void without it.
 */
export const COOKIE_POLICY = {
  /** The signed visitor id (visitor.server.ts): the spec's unique user id cookie, secure and same-site lax. */
  uniqueUserId: { sameSite: "lax", maxAge: 365 * DAY_SECONDS, readByScripts: null },
  /** The store the visitor picked: 30 days, secure, same-site lax, as the spec asks. */
  userSelectedStore: { sameSite: "lax", maxAge: 30 * DAY_SECONDS, readByScripts: null },
  /** A toast for the next page (flash.server.ts), cleared once shown. */
  flash: { sameSite: "lax", maxAge: 60, readByScripts: null },
  /** Marks a browser's later leads `resend`: a session cookie (spec section 4, Leads). */
  adfLead: { sameSite: "lax", readByScripts: null },
  /** The staff desk's session (docs/decisions/221): Strict, so no other site's link or form carries it. */
  "__Host-showroom-staff": { sameSite: "strict", readByScripts: null },
  /**
   * The side buttons the visitor closed during this visit (ADR 335): popup ids, nothing else. Essential, as the choice
   * it keeps was asked for by the visitor, and a session cookie, as the spec disables a popup for the session.
   */
  closedSideButtons: { sameSite: "lax", readByScripts: null },
  /** Side buttons whose popup the visitor finished (ADR 335): popup ids; written only with functional consent. */
  finishedSideButtons: { sameSite: "lax", maxAge: 365 * DAY_SECONDS, readByScripts: null },
  /**
   * The shopper's numbers (ADR 375): cash down, trade equity, the lowest score of their credit band and the term, as
   * they gave them to the stepper or the estimator. Functional: written, read and kept only with functional consent.
   */
  shopperNumbers: { sameSite: "lax", maxAge: 30 * DAY_SECONDS, readByScripts: null },
  displayCookies: {
    sameSite: "lax",
    maxAge: 365 * DAY_SECONDS,
    readByScripts: "the banner stores the choice at once, before its POST (ADR 280)",
  },
  allowCookies: {
    sameSite: "lax",
    maxAge: 365 * DAY_SECONDS,
    readByScripts: "the banner stores the choice at once, before its POST (ADR 280)",
  },
  /** The cookie dialog's language; only the server renders the dialog's texts. */
  cookieDialogLanguage: { sameSite: "lax", maxAge: 365 * DAY_SECONDS, readByScripts: null },
  /** 30 days by default; the site's `cookieLifetimeDays.adValues` is passed as `maxAge` when written. */
  adValues: {
    sameSite: "lax",
    maxAge: 30 * DAY_SECONDS,
    readByScripts: "popup conditions on ad values run in the browser (ad-values.ts)",
  },
  trackLead: {
    sameSite: "lax",
    maxAge: 600,
    readByScripts: "the tracker reports the lead events it names, then clears it (ADR 281)",
  },
  _fbp: {
    sameSite: "lax",
    maxAge: 90 * DAY_SECONDS,
    readByScripts: "Meta's browser id, kept by the tracker as Meta's pixel keeps it",
  },
  _fbc: {
    sameSite: "lax",
    maxAge: 90 * DAY_SECONDS,
    readByScripts: "Meta's click id, kept by the tracker as Meta's pixel keeps it",
  },
} as const satisfies Record<string, CookiePolicy>;

export type SiteCookieName = keyof typeof COOKIE_POLICY;

/** The attributes of one cookie as React Router's `createCookie` and the `cookie` package take them. */
export function cookieAttributes(
  name: SiteCookieName,
  overrides: { maxAge?: number; secure?: boolean } = {},
): { path: "/"; httpOnly: boolean; secure: boolean; sameSite: "lax" | "strict"; maxAge?: number } {
  const policy: CookiePolicy = COOKIE_POLICY[name];
  const maxAge = overrides.maxAge ?? policy.maxAge;
  return {
    path: "/",
    httpOnly: policy.readByScripts === null,
    // A `__Host-` cookie without Secure is refused by the browser: it keeps Secure whatever the caller says.
    secure: name.startsWith("__Host-") || (overrides.secure ?? true),
    sameSite: policy.sameSite,
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

/** The `Set-Cookie` line that stores `value` (URL-encoded) under `name`, with the table's attributes. */
export function setCookie(
  name: SiteCookieName,
  value: string,
  overrides: { maxAge?: number; secure?: boolean } = {},
): string {
  return stringifySetCookie(name, value, cookieAttributes(name, overrides));
}

/** The `Set-Cookie` line that removes `name` (same Path, Secure and SameSite as it was written with). */
export function clearCookie(name: SiteCookieName, overrides: { secure?: boolean } = {}): string {
  return setCookie(name, "", { ...overrides, maxAge: 0 });
}

type CookieSource = Request | string | null | undefined;

const headerOf = (from: CookieSource): string =>
  typeof from === "string" ? from : from ? (from.headers.get("Cookie") ?? "") : "";

/**
 * The cookies of a Cookie header (or of a request's), URL-decoded where that works, else as sent. A name sent twice
 * keeps its first value: browsers send the cookie of the most specific path first.
 */
export function readCookies(from: CookieSource): Record<string, string> {
  // A pair without a name ("=x") names nothing any reader could ask for. fromEntries keeps `__proto__` a cookie.
  return Object.fromEntries(
    Object.entries(parseCookie(headerOf(from))).filter(
      (entry): entry is [string, string] => entry[0] !== "" && entry[1] !== undefined,
    ),
  );
}

/** One cookie of a Cookie header (or of a request's), as `readCookies` reads it; null when absent. */
export function readCookie(from: CookieSource, name: string): string | null {
  return parseCookie(headerOf(from))[name] ?? null;
}

/** The name and (decoded) value a `Set-Cookie` line stores. */
export function setCookiePair(line: string): { name: string; value: string } {
  const { name, value } = parseSetCookie(line);
  return { name, value: value ?? "" };
}

/** A Cookie header carrying only `name=value`, as a browser would send it back. */
export function cookieHeaderOf(name: string, value: string): string {
  return stringifyCookie({ [name]: value });
}

/**
 * `header` with every `name` pair replaced by one `name=value`; the other pairs go on exactly as sent (first of each
 * name), so what readers of them see does not change.
 */
export function cookieHeaderWith(header: string | null | undefined, name: string, value: string): string {
  const kept = Object.entries(parseCookie(header ?? "", { decode: (raw) => raw }))
    .filter(([other]) => other !== "" && other !== name)
    .map(([other, raw]) => `${other}=${raw}`);
  return [...kept, cookieHeaderOf(name, value)].join("; ");
}

/**
 * Writes a cookie from a page's script (the Cookie Store API is missing from Safari and Firefox). Secure only over
 * HTTPS, as a browser on plain HTTP would refuse a Secure cookie from a script.
 */
export function writeBrowserCookie(name: SiteCookieName, value: string, overrides: { maxAge?: number } = {}): void {
  const line = setCookie(name, value, { ...overrides, secure: location.protocol === "https:" });
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous on purpose (a choice is stored before the page can close).
  document.cookie = line;
}

/** A cookie of the page, as a script sees it; null when absent. */
export function readBrowserCookie(name: string): string | null {
  return readCookie(document.cookie, name);
}
