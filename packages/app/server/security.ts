import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** A fresh CSP nonce per request; React Router's inline scripts carry it. */
export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
}

/** Origins Google's tag loads from and reports to; allowed only when a Google tag id is configured (ADR 282). */
const GOOGLE_TAG_SOURCES = [
  "https://www.googletagmanager.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.g.doubleclick.net",
  "https://www.google.com",
] as const;

/** Where the site's own scripts may connect and load images from beyond 'self': the configured tags' origins. */
export function tagSources(config: { GA_MEASUREMENT_ID?: string | undefined; GTM_ID?: string | undefined }): string[] {
  return config.GA_MEASUREMENT_ID || config.GTM_ID ? [...GOOGLE_TAG_SOURCES] : [];
}

/**
 * Where the photos' files load from beyond 'self': the object store's public origin when one is configured (ADR 424).
 * An https origin is already within img-src's `https:`; naming it keeps the policy true if that ever narrows, and
 * admits the http://localhost store a developer runs.
 */
export function photoImageSources(config: { PHOTO_STORE?: unknown; PHOTO_PUBLIC_URL?: string | undefined }): string[] {
  return config.PHOTO_STORE && config.PHOTO_PUBLIC_URL ? [new URL(config.PHOTO_PUBLIC_URL).origin] : [];
}

/**
 * The enforced security baseline on every response (not report-only). `extraSources` widen connect-src only: img-src
 * already takes any https host, and scripts stay under the nonce and 'strict-dynamic' (a tag is loaded by our own
 * nonce'd code, never inline). `imageSources` widen img-src: the object store's origin.
 */
export function securityHeadersFor(extraSources: readonly string[] = [], imageSources: readonly string[] = []) {
  const extra = extraSources.length > 0 ? ` ${extraSources.join(" ")}` : "";
  const images = imageSources.length > 0 ? ` ${imageSources.join(" ")}` : "";
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = res.locals.nonce as string;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      `style-src 'self' 'nonce-${nonce}'`,
      // React sets a few style attributes (visually hidden text, slider thumbs); attributes cannot run code.
      "style-src-attr 'unsafe-inline'",
      // Feed photos come from the dealer's own picture hosts, unknown until an import: any https host (ADR 265),
      // which also covers the tags' image beacons.
      `img-src 'self' data: https:${images}`,
      "font-src 'self'",
      `connect-src 'self'${extra}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    // Browsers ignore HSTS over plain HTTP, so sending it always is harmless and right behind a TLS proxy.
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    res.removeHeader("X-Powered-By");
    next();
  };
}

/** `/staff`, `/staff/…` and React Router's `/staff.data`, `/staff/….data`. */
const STAFF_PATH = /^\/staff(?:[/.]|$)/;

/**
 * The staff desk's every response, pages, redirects, errors and data requests alike: no cache anywhere may keep it,
 * and no search engine may index it (docs/decisions/221).
 */
export function staffDeskHeaders(req: Request, res: Response, next: NextFunction) {
  if (STAFF_PATH.test(req.path)) {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    // React Router's headers of the route would add a second Cache-Control: ours is the one that counts.
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      name.toLowerCase() === "cache-control" ? res : setHeader(name, value);
  }
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses every non-GET request that comes from another origin. Browsers send `Origin` on cross-origin POSTs (and
 * Sec-Fetch-Site on all modern ones); a request with neither is a non-browser client, which has no ambient cookies
 * to abuse and is let through to the rate limit.
 */
export function sameOriginOnly(publicOrigin: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none") return refuse(res);
    const origin = req.get("origin");
    if (origin && origin !== requestOrigin(req, publicOrigin)) return refuse(res);
    next();
  };
}

/** A host[:port] as a Host or X-Forwarded-Host header may spell it: a name, an IPv4 or a bracketed IPv6, a port. */
const HOST_AND_PORT = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin this request was addressed to, as a browser on the site names it in `Origin`: PUBLIC_ORIGIN when set
 * (the one canonical origin, ADR 230), so a proxy may forward any Host, with or without the public port; otherwise
 * the scheme and host:port the request arrived on, taken from X-Forwarded-Proto and X-Forwarded-Host only when
 * TRUST_PROXY trusts the sender. Our own check and the URL React Router compares with `Origin` both use this, so they
 * never disagree (ADR 307).
 */
export function requestOrigin(req: Request, publicOrigin: string | undefined): string {
  if (publicOrigin) return new URL(publicOrigin).origin;
  const host = req.host ?? "";
  return `${req.protocol}://${HOST_AND_PORT.test(host) ? host.toLowerCase() : "localhost"}`;
}

function refuse(res: Response) {
  res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
}

/**
 * Caps request bodies: a body must declare its length and stay under the limit. `largerFor` may name a bigger limit
 * for one request (the careers form's multipart body with its résumé); every other body keeps `maxBytes`.
 */
export function bodyLimit(maxBytes: number, largerFor: (req: Request) => number | null = () => null) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const limit = largerFor(req) ?? maxBytes;
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) return void res.status(411).type("text/plain").send("Length required.");
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > limit) {
      return void res.status(413).type("text/plain").send("Request body too large.");
    }
    next();
  };
}
