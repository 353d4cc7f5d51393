import { isValidVin, legacyRedirect, parseVehiclePath } from "@showroom/rules/inventory";
import type { NextFunction, Request, Response } from "express";

/**
 * Prefixes whose paths are not pages: resource routes and files keep the case they were given (a picture's VIN, the
 * phone-validation endpoint's `phoneValidation`), and their answers are never canonical links.
 */
const NOT_PAGES = ["/api/", "/media/", "/assets/"];

/**
 * Pages whose last segment is an id in mixed case (an offer's base64url id, an alert's link token): only their prefix
 * is folded.
 */
const CASED_IDS = ["/sell-trade-my-car/offer/", "/alerts/confirm/", "/alerts/manage/", "/alerts/unsubscribe/"];

/**
 * Where a page's address belongs when it is not written as the site writes it: lower case, no trailing slash, so
 * `/CONTACT-US` and `/contact-us/` are one page with one URL, not three with self-canonicals. Null when the path is
 * already canonical or is not a page's. A vehicle detail path is left to its route, which 301s a lower-case VIN or a
 * stale slug straight to the canonical path (ADR 053), and an old site's address goes to its new home in one hop
 * (ADR 054): folding their case here first would make those two hops.
 */
export function canonicalPagePath(pathname: string): string | null {
  if (pathname === "/" || NOT_PAGES.some((prefix) => pathname.startsWith(prefix))) return null;
  // A file (`/sitemap.xml`, `/robots.txt`) or a data request (`/page.data`): not a document address.
  if (/\.[A-Za-z0-9]+$/.test(pathname)) return null;
  // A malformed escape is the router's 400, not a redirect to another malformed address.
  if (!decodes(pathname)) return null;
  if (parseVehiclePath(pathname) || legacyRedirect(pathname)) return null;
  // Letters are folded, escapes kept as sent: `%C3%AB` and `%c3%ab` are one character, and changing them is no fix.
  // A segment that is a VIN (`/schedule-test-drive/{VIN}`, `/personalize-price/{VIN}`) is written upper case.
  const casedId = CASED_IDS.find((prefix) => pathname.toLowerCase().startsWith(prefix));
  const segments = pathname.split("/");
  const idAt = casedId ? casedId.split("/").length - 1 : segments.length;
  const folded = segments
    .map((segment, i) =>
      isVin(segment) || i >= idAt
        ? segment
        : segment.replace(/%[0-9A-Fa-f]{2}|[^%]+/g, (part) => (part.startsWith("%") ? part : part.toLowerCase())),
    )
    .join("/");
  // A Location that starts with `//` or `/\` is another host to a browser (it reads `\` as `/`): whatever slashes and
  // backslashes a path starts with, its canonical form starts with one slash and stays on this site.
  const target = (folded.replace(/\/+$/, "") || "/").replace(/^[/\\]+/, "/");
  return target === pathname ? null : target;
}

/** `isValidVin` as a plain test: its type guard would narrow a string to `never` where it says no. */
const isVin = (segment: string): boolean => isValidVin(segment);

/** Whether every escape in `path` is well formed. The result is used, so a bundler cannot drop the call as pure. */
function decodes(path: string): boolean {
  try {
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/** GET and HEAD of a page at a non-canonical address: one 301 to the canonical one, the query string kept. */
export function canonicalPageRedirect(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = canonicalPagePath(req.path);
  if (target === null) return next();
  const query = req.originalUrl.indexOf("?");
  const location = `${target}${query === -1 ? "" : req.originalUrl.slice(query)}`;
  res.redirect(301, location);
}
