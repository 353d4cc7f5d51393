import { SPEC_RETRY_STATUSES, specRetries } from "../http/spec-fetch.server";

/** The validators of the last feed whose content we acted on, sent back so an unchanged feed answers 304. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedResponse =
  | { kind: "not-modified"; httpStatus: 304 }
  | ({ kind: "body"; httpStatus: number; text: string; bytes: number; json: boolean } & FeedValidators)
  | { kind: "failed"; httpStatus: number | null; reason: string };

export interface FeedFetchOptions {
  /** Bounds each attempt, headers and body alike. */
  timeoutMs: number;
  /** A body past this many bytes is refused; the download stops there. */
  maxBytes: number;
  validators?: FeedValidators | null;
  /** Aborts the pull when the server stops. */
  signal?: AbortSignal;
}

/**
 * The feed's address as the desk shows it and the database keeps it: scheme, host, port and path. User, password,
 * query and fragment go, since a dealer system's feed link often carries its key there.
 */
export function feedUrlForRecord(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** fetch refuses a URL with credentials: they become a Basic Authorization header instead. */
function requestOf(url: string): { href: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  const headers: Record<string, string> = {
    accept: "text/csv, application/json;q=0.9, text/plain;q=0.5, */*;q=0.1",
  };
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    parsed.username = "";
    parsed.password = "";
  }
  return { href: parsed.href, headers };
}

/** A body past the byte limit; the download was cancelled there. */
export class TooLarge extends Error {}

/** Reads a body up to `maxBytes`, cancelling the download as soon as it is past the limit. */
export async function boundedBytes(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new TooLarge();
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel();
        throw new TooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

async function boundedText(response: Response, maxBytes: number): Promise<{ text: string; bytes: number }> {
  const body = await boundedBytes(response, maxBytes);
  return { text: new TextDecoder("utf-8").decode(body), bytes: body.byteLength };
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s`;
export const size = (bytes: number) =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`
    : `${Math.round(bytes / 1000).toLocaleString("en-US")} kB`;

/** One attempt's answer; `retry` is a failure the spec's policy tries once more. */
type Attempt = FeedResponse | { kind: "retry"; httpStatus: number | null; reason: string };

async function attempt(url: string, options: FeedFetchOptions): Promise<Attempt> {
  const { href, headers } = requestOf(url);
  if (options.validators?.etag) headers["if-none-match"] = options.validators.etag;
  if (options.validators?.lastModified) headers["if-modified-since"] = options.validators.lastModified;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(href, { headers, signal, redirect: "follow" });
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: "not-modified", httpStatus: 304 };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const reason = `the feed answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      const retryable = (SPEC_RETRY_STATUSES as readonly number[]).includes(response.status);
      return { kind: retryable ? "retry" : "failed", httpStatus: response.status, reason };
    }
    const { text, bytes } = await boundedText(response, options.maxBytes);
    const type = response.headers.get("content-type") ?? "";
    const json = /json/i.test(type) || (!/csv/i.test(type) && /^\s*\[/.test(text.slice(0, 1024)));
    return {
      kind: "body",
      httpStatus: response.status,
      text,
      bytes,
      json,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (error) {
    if (error instanceof TooLarge) {
      return { kind: "failed", httpStatus: 200, reason: `the feed is larger than ${size(options.maxBytes)}` };
    }
    if (options.signal?.aborted) return { kind: "failed", httpStatus: null, reason: "the server stopped" };
    if (timeout.aborted) {
      return { kind: "retry", httpStatus: null, reason: `no complete answer within ${seconds(options.timeoutMs)}` };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: "retry",
      httpStatus: null,
      reason: `could not reach it (${cause?.code ?? cause?.message ?? error})`,
    };
  }
}

/**
 * GETs a feed with the spec's HTTP policy (section 7): a timeout per attempt, and one retry of a GET after a network
 * failure, a timeout or one of the listed statuses. Never throws: a failure is an answer with its reason.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions): Promise<FeedResponse> {
  let result = await attempt(url, options);
  for (let retry = 0; result.kind === "retry" && retry < specRetries("GET"); retry++) {
    if (options.signal?.aborted) break;
    result = await attempt(url, options);
    if (result.kind === "retry") result = { ...result, reason: `${result.reason}, twice` };
  }
  return result.kind === "retry" ? { ...result, kind: "failed" } : result;
}
