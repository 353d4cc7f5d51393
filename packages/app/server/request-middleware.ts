// The Express middleware of the request path that is neither security headers (security.ts) nor a page: the warning
// about an unbelieved proxy, the POST budgets, and the plain answer to an error Express itself raises.
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../app/server/config.server";
import { logError } from "../app/server/log.server";
import type { RateLimiter } from "../app/server/rate-limit.server";

/**
 * With TRUST_PROXY=0 every request's address is the socket's. When requests arrive carrying X-Forwarded-For, a proxy
 * is in front and every shopper shares its one address, so one POST budget: say so once, in the log, at the first.
 */
export function warnOfUntrustedProxy() {
  let warned = false;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      console.warn(
        "Requests arrive with X-Forwarded-For but TRUST_PROXY=0: every visitor behind that proxy shares one address and " +
          "one rate limit. Set TRUST_PROXY to the proxy's address (TRUST_PROXY=loopback for a proxy on this machine).",
      );
    }
    next();
  };
}

/** POSTs per IP per minute, counted by the site's limiter (ADR 452); the next one gets 429 with Retry-After. */
export function postBudgets(
  limiter: RateLimiter,
  config: Pick<Config, "TRACK_EVENTS_PER_MINUTE" | "RATE_LIMIT_POSTS_PER_MINUTE">,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    // A page's tracked events (a page view per navigation) have a budget of their own, so browsing never uses up the
    // posts a shopper's forms need (ADR 281).
    const tracking = req.path === "/api/track/facebook";
    try {
      const { allowed, retryAfterSeconds } = tracking
        ? await limiter.hit(`track:${req.ip}`, config.TRACK_EVENTS_PER_MINUTE)
        : await limiter.hit(`post:${req.ip}`, config.RATE_LIMIT_POSTS_PER_MINUTE);
      if (allowed) return next();
      res.setHeader("Retry-After", String(retryAfterSeconds));
      res.status(429).type("text/plain").send("Too many requests. Please wait a minute and try again.");
    } catch (error) {
      next(error);
    }
  };
}

/** Errors Express itself raises (a malformed URL, say) end here: our headers stay, no stack trace leaves the server. */
export function plainErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const given =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  const status = typeof given === "number" && given >= 400 && given < 600 ? given : 500;
  if (status >= 500) logError(`${req.method} ${req.path}`, error);
  res
    .status(status)
    .type("text/plain")
    .send(status < 500 ? "Bad request." : "Something went wrong. Please try again.");
}
