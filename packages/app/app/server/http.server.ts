import { ofetch } from "ofetch";

/**
 * Outgoing HTTP (SMS provider, valuation service, Conversions API) with the spec's policy (section 7): a retry on
 * 408, 409, 425, 429, 500, 502, 503 and 504, once for idempotent methods and never for POST, PUT, PATCH or DELETE,
 * so a write is never sent twice; and a timeout, so a slow provider cannot hold a shopper's request.
 */
const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);

/** The retries a request of `method` gets under the spec's policy. */
export function retriesFor(method: string): number {
  return IDEMPOTENT.has(method.toUpperCase()) ? 1 : 0;
}

export const outgoing = ofetch.create({ retryStatusCodes: RETRY_STATUS_CODES, timeout: 10_000 });
