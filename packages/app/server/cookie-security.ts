import type { NextFunction, Request, Response } from "express";

/**
 * Whether the site's cookies may carry `Secure`. Browsers store a Secure cookie only from HTTPS (and from
 * localhost), so a site published on plain HTTP (a LAN test box) would silently lose the visitor id, the store choice
 * and the consent. Secure unless the operator declared a plain-HTTP public origin (ADR 250).
 */
export function cookiesAreSecure(publicOrigin: string | undefined): boolean {
  return publicOrigin === undefined || new URL(publicOrigin).protocol === "https:";
}

/**
 * What to say at start about cookies and the public origin; null when nothing needs saying (an HTTPS origin, or no
 * origin on a loopback-only listener, which browsers treat as secure).
 */
export function cookieNotice(publicOrigin: string | undefined, host: string): string | null {
  if (publicOrigin === undefined) {
    if (LOOPBACK.has(host)) return null;
    return (
      "PUBLIC_ORIGIN is not set: cookies are marked Secure, which browsers keep only over HTTPS and on localhost. " +
      "A site published on plain HTTP needs PUBLIC_ORIGIN=http://its-host."
    );
  }
  if (cookiesAreSecure(publicOrigin)) return null;
  return (
    `PUBLIC_ORIGIN is ${new URL(publicOrigin).origin}, plain HTTP: cookies are sent without Secure and anyone on the ` +
    "network can read them. Publish the site over HTTPS (a TLS proxy in front) for real shoppers. The staff desk " +
    "needs HTTPS and will not sign in."
  );
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** `Secure` dropped from one Set-Cookie line, except on `__Host-`/`__Secure-` cookies, which are void without it. */
export function withoutSecure(line: string): string {
  if (/^\s*__(Host|Secure)-/i.test(line)) return line;
  return line.replace(/;\s*Secure\s*(?=;|$)/gi, "");
}

/**
 * Every cookie the app writes says Secure; on a plain-HTTP public origin this drops the attribute where responses
 * leave, so no route has to know (and none can forget).
 */
export function plainHttpCookies(_req: Request, res: Response, next: NextFunction) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    return setHeader(
      name,
      typeof value === "number"
        ? value
        : Array.isArray(value)
          ? value.map(withoutSecure)
          : withoutSecure(value as string),
    );
  }) as typeof res.setHeader;
  next();
}
