import { type FetchOptions, ofetch } from "ofetch";

/** The statuses the spec's default HTTP behaviour retries (section 7): timeouts, conflicts, throttling, 5xx. */
export const SPEC_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

const NOT_IDEMPOTENT = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** How many times the spec retries a request: once for an idempotent method, never for POST, PUT, PATCH, DELETE. */
export function specRetries(method = "GET"): 0 | 1 {
  return NOT_IDEMPOTENT.has(method.toUpperCase()) ? 0 : 1;
}

/**
 * A fetch for outside services (valuation books, SMS, tracking) with the spec's retry policy written out rather than
 * inherited from ofetch's defaults: the listed statuses (and a network failure or timeout) are retried once for an
 * idempotent method and never for the others. `timeout` bounds each attempt.
 */
export function createSpecFetch(defaults: { baseURL?: string; timeout: number; headers?: Record<string, string> }) {
  return <T>(path: string, options: Omit<FetchOptions<"json">, "retry" | "retryStatusCodes"> = {}) =>
    ofetch<T, "json">(path, {
      ...defaults,
      ...options,
      headers: { ...defaults.headers, ...(options.headers as Record<string, string> | undefined) },
      retry: specRetries(options.method),
      retryStatusCodes: [...SPEC_RETRY_STATUSES],
      retryDelay: 100,
    });
}
