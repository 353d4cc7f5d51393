// The server-side HTML cache (docs/decisions/152): a rendered document kept per key, split at its CSP nonce so every
// response carries a fresh one, and kept pre-compressed so a hit costs neither a render nor a compression.
import { constants, crc32, deflateRawSync } from "node:zlib";
import { LRUCache } from "lru-cache";

/** A document as the cache keeps it. */
export interface CachedPage {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The document split at every occurrence of the nonce it was rendered with. */
  readonly segments: readonly Buffer[];
  /**
   * Each segment as raw deflate, joinable with the nonce in between (`deflateSegments`); null until the page is
   * first served from the cache. Compressing at the best level costs more than the render's own compression, so a
   * page only one visitor ever asks for (a rare filter combination) never pays it (docs/decisions/252).
   */
  deflated: readonly Buffer[] | null;
  /** Length of the segments together, without the nonces. */
  readonly segmentBytes: number;
  readonly expiresAt: number;
  /** Bytes held, for the cache's budget. */
  readonly size: number;
  /** The page shows only the search index's inventory, so it may be served while a new index is built (ADR 454). */
  readonly fromIndex: boolean;
}

/** Splits `html` at each occurrence of `nonce`; null when the nonce is empty or the document does not contain it. */
export function splitAtNonce(html: Buffer, nonce: string): Buffer[] | null {
  if (!nonce) return null;
  const needle = Buffer.from(nonce, "latin1");
  const segments: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    segments.push(html.subarray(from, at));
    from = at + needle.length;
  }
  if (segments.length === 0) return null;
  segments.push(html.subarray(from));
  return segments;
}

/**
 * A page to cache from a document rendered with `nonce`. Returns null when the nonce is not in the document: such a
 * page could still carry a per-response value we cannot see, so it is not kept.
 */
export function cachePage(
  html: Buffer,
  nonce: string,
  response: { status: number; headers: readonly (readonly [string, string])[]; fromIndex?: boolean },
  expiresAt: number,
): CachedPage | null {
  const split = splitAtNonce(html, nonce);
  if (!split) return null;
  // Copies, so the page does not pin the rendered buffer's memory through subarrays of it.
  const segments = split.map((s) => Buffer.from(s));
  const segmentBytes = segments.reduce((n, s) => n + s.length, 0);
  // Budgeted with its compressed form from the start (HTML deflates to well under a third), so the cache's byte count
  // never moves under it when that form is made.
  const size = segmentBytes + Math.ceil(segmentBytes / 3) + 512;
  return {
    status: response.status,
    headers: response.headers,
    segments,
    deflated: null,
    segmentBytes,
    expiresAt,
    size,
    fromIndex: response.fromIndex ?? false,
  };
}

/** Deflate's window: how far back a match reaches, so how much of the document before a segment can help it. */
const DEFLATE_WINDOW = 32 * 1024;

/**
 * Each segment as raw deflate ended by a full flush: byte-aligned, so the segments can be joined with other blocks
 * (the nonce) in between. Each is compressed with the document before it as its dictionary, with every nonce in
 * that history replaced by NUL bytes. A match can then reach back across segments, as in one stream. It can never
 * reach into a nonce, because a document without NUL bytes has none to match there. So a response may put any
 * nonce of the same length in those places. A document that holds a NUL byte is compressed segment by segment,
 * each on its own.
 */
export function deflateSegments(segments: readonly Buffer[], nonceLength: number): Buffer[] {
  const options = { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_FULL_FLUSH };
  const withHistory = !segments.some((segment) => segment.includes(0));
  const gap = Buffer.alloc(nonceLength);
  let history = Buffer.alloc(0);
  return segments.map((segment) => {
    const out = deflateRawSync(segment, history.length > 0 ? { ...options, dictionary: history } : options);
    if (withHistory) history = Buffer.concat([history, segment, gap]).subarray(-DEFLATE_WINDOW);
    return out;
  });
}

/** The nonce is base64 (ASCII), so latin1 is its byte form. */
function nonceBytes(nonce: string): Buffer {
  return Buffer.from(nonce, "latin1");
}

/** The page's document with `nonce` in every place the rendered one was. */
export function documentOf(page: CachedPage, nonce: string): Buffer {
  const n = nonceBytes(nonce);
  const parts: Buffer[] = [];
  page.segments.forEach((segment, i) => {
    if (i > 0) parts.push(n);
    parts.push(segment);
  });
  return Buffer.concat(parts);
}

// RFC 1952: magic, CM=deflate, no flags, MTIME 0, XFL 0, OS unix.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
// RFC 1951: a final block of fixed Huffman codes holding only the end-of-block code.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** A stored (uncompressed) deflate block that is not the last; the stream before it must be byte-aligned. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError("a stored block holds at most 65535 bytes");
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0x00; // BFINAL 0, BTYPE 00, then padding to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The page's document with `nonce`, gzip-encoded without compressing anything now: the cached segments, the nonce
 * as stored blocks between them, an empty final block, and the trailer (CRC-32 and length of the whole document).
 */
export function gzipOf(page: CachedPage, nonce: string): Buffer {
  const n = nonceBytes(nonce);
  page.deflated ??= deflateSegments(page.segments, n.length);
  const deflated = page.deflated;
  const stored = storedBlock(n);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  page.segments.forEach((segment, i) => {
    if (i > 0) {
      parts.push(stored);
      crc = crc32(n, crc);
    }
    parts.push(deflated[i] as Buffer);
    crc = crc32(segment, crc);
  });
  parts.push(FINAL_EMPTY_BLOCK);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((page.segmentBytes + n.length * (page.segments.length - 1)) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

export interface HtmlCacheOptions {
  /** Bytes of documents kept at most; the least recently used go first. */
  maxBytes?: number;
  /**
   * How long a document is served. Pages also change with the clock (the year in the footer, promotions' windows),
   * which no key can see, so nothing is served longer than this.
   */
  maxAgeMs?: number;
  now?: () => number;
}

export interface HtmlCacheStats {
  hits: number;
  misses: number;
  stores: number;
  entries: number;
  bytes: number;
}

/**
 * Documents by key, least recently used evicted past the byte budget (lru-cache's `maxSize`), each served at most
 * `maxAgeMs`. The expiry is the page's own (`expiresAt`, fixed when it was rendered, so a stored segment and its
 * headers agree), checked on read.
 */
export class HtmlCache {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly pages: LRUCache<string, CachedPage>;
  private counts = { hits: 0, misses: 0, stores: 0 };

  constructor(options: HtmlCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: this.maxBytes,
      // A page larger than the whole budget is not kept (lru-cache refuses it rather than emptying the cache).
      sizeCalculation: (page) => page.size,
    });
  }

  /** The page kept under `key`, unexpired and, when `accept` is given, one it accepts; a hit only then. */
  get(key: string, accept: (page: CachedPage) => boolean = () => true): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.expiresAt > this.now() && accept(page)) {
      this.counts.hits++;
      return page;
    }
    if (page && page.expiresAt <= this.now()) this.pages.delete(key);
    this.counts.misses++;
    return undefined;
  }

  /** The time a page stored now stops being served. */
  expiry(): number {
    return this.now() + this.maxAgeMs;
  }

  set(key: string, page: CachedPage): void {
    if (page.size > this.maxBytes) return;
    this.pages.set(key, page);
    this.counts.stores++;
  }

  clear(): void {
    this.pages.clear();
  }

  stats(): HtmlCacheStats {
    return { ...this.counts, entries: this.pages.size, bytes: this.pages.calculatedSize };
  }
}
