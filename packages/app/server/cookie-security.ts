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
 * What to say at start about cookies when the public origin is plain HTTP; null otherwise. (An unset origin is told
 * about with the rest of what it changes, in `start`.)
 */
export function cookieNotice(publicOrigin: string | undefined): string | null {
  if (publicOrigin === undefined || cookiesAreSecure(publicOrigin)) return null;
  return (
    `PUBLIC_ORIGIN is ${new URL(publicOrigin).origin}, plain HTTP: cookies are sent without Secure and anyone on the ` +
    "network can read them. Publish the site over HTTPS (a TLS proxy in front) for real shoppers. The staff desk " +
    "needs HTTPS and will not sign in."
  );
}

/** Whether only this machine can reach a listener on `host` (browsers treat localhost as a secure origin). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host);
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
