import { SPEC_RETRY_STATUSES, specRetries } from "../http/spec-fetch.server";
import type { ParsedFeed } from "./feed";
import { readCsvFeedStream, readJsonFeedStream } from "./feed-file.server";

/** The validators of the last feed whose content we acted on, sent back so an unchanged feed answers 304. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedResponse =
  | { kind: "not-modified"; httpStatus: 304 }
  | ({
      kind: "body";
      httpStatus: number;
      /** The feed parsed as it downloaded, or why its content cannot be read. */
      feed: ParsedFeed | string;
      bytes: number;
      json: boolean;
    } & FeedValidators)
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

/** The download failed while its body was being read (the network, the timeout); `cause` is what fetch threw. */
class BodyFailed extends Error {}

/**
 * A body a chunk at a time, up to `maxBytes`: refused before a byte is read when its declared length is past the
 * limit, and cancelled as soon as the bytes read pass it (ADR 412). `read.bytes` counts what came.
 */
async function* boundedChunks(response: Response, maxBytes: number, read: { bytes: number }) {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new TooLarge();
  }
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const next = await reader.read().catch((error: unknown) => {
        throw new BodyFailed("the body was cut off", { cause: error });
      });
      if (next.done) return;
      read.bytes += next.value.byteLength;
      if (read.bytes > maxBytes) throw new TooLarge();
      yield next.value;
    }
  } finally {
    // Past the limit, or the parser gave up: the rest is never downloaded.
    await reader.cancel().catch(() => {});
  }
}

/**
 * Whether a body is a JSON feed: by its Content-Type, else by its first character within 1 kB being `[`. The bytes
 * looked at are handed on with the rest, so the body is still read once.
 */
async function sniffFormat(
  chunks: AsyncGenerator<Uint8Array>,
  type: string,
): Promise<{ json: boolean; body: AsyncGenerator<Uint8Array> }> {
  if (/json/i.test(type) || /csv/i.test(type)) return { json: /json/i.test(type), body: chunks };
  const head: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < 1024) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    bytes += next.value.byteLength;
  }
  const start = new TextDecoder("utf-8").decode(Buffer.concat(head)).slice(0, 1024);
  async function* replay() {
    yield* head.splice(0);
    yield* chunks;
  }
  return { json: /^\s*\[/.test(start), body: replay() };
}

/**
 * The feed parsed from its chunks as they come, by the import's incremental readers (ADRs 327, 366): the body's text
 * is never held whole. The validated rows are gathered into one feed, since the import runs once the download is
 * done (on PGlite its transaction holds the connection every request needs, so it never waits on a dealer's server)
 * and a held feed is kept whole for the desk. A failure of the download itself is thrown; the content's is returned.
 */
async function parseFeedStream(body: AsyncGenerator<Uint8Array>, json: boolean): Promise<ParsedFeed | string> {
  const feed: ParsedFeed = { vehicles: [], rejected: [] };
  try {
    for await (const batch of json ? readJsonFeedStream(body, "the feed") : readCsvFeedStream(body, "the feed")) {
      for (const vehicle of batch.vehicles) feed.vehicles.push(vehicle);
      for (const rejection of batch.rejected) feed.rejected.push(rejection);
    }
  } catch (error) {
    if (error instanceof TooLarge || error instanceof BodyFailed) throw error;
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : (error as Error);
    return json ? "the feed is not valid JSON" : `the CSV cannot be read: ${cause.message}`;
  }
  return feed;
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
    const read = { bytes: 0 };
    const chunks = boundedChunks(response, options.maxBytes, read);
    const { json, body } = await sniffFormat(chunks, response.headers.get("content-type") ?? "");
    const feed = await parseFeedStream(body, json);
    return {
      kind: "body",
      httpStatus: response.status,
      feed,
      bytes: read.bytes,
      json,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (thrown) {
    const error = thrown instanceof BodyFailed ? thrown.cause : thrown;
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
