// React Router behind Express, with the HTML cache in front of it (docs/decisions/152). What @react-router/express
// does (a Fetch Request from Express's, the Response piped back), plus: a GET of a document whose route opted in is
// looked up by everything its HTML can depend on; a miss renders, and the document is kept when nothing in it or its
// headers belongs to one visitor. Every response, cached or not, carries its own nonce.

import { brotliCompressSync, gzipSync, constants as zlibConstants, zstdCompressSync } from "node:zlib";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { QUERY_PARAMS } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import Negotiator from "negotiator";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { cookieHeaderWith, readCookie, readCookies, setCookiePair } from "../app/cookies";
import { HTML_CACHE_HEADER, HTML_CACHE_KEEP, HTML_CACHE_KEEP_FROM_INDEX } from "../app/html-cache";
import type { Db } from "../app/server/db/client.server";
import { NAMED_NOW_HEADER, type VisitorCookies } from "../app/server/visitor.server";
import { type CachedPage, cachePage, documentOf, gzipOf, type HtmlCache } from "./html-cache";
import type { InventoryVersionCache } from "./inventory-version";
import { requestOrigin } from "./security";

/** The signed visitor id: replaced in the key by what pages may read of the visitor, the two unlocks and the hearts. */
const VISITOR_COOKIE = "uniqueUserId";
/** Cookies whose presence means this response is for this visitor alone (a flash toast, cleared once shown). */
const PERSONAL_COOKIES = new Set(["flash"]);
/**
 * Cookies no page's HTML reads: the ad values and pending lead events (read by the server only in actions and the
 * tracker), and the first-party cookies of Google's and Meta's tags, unique per browser. Keyed, each would give every
 * tracked visitor a cache of their own (ADR 281).
 */
export function ignoredInCacheKey(name: string): boolean {
  return name === "adValues" || name === "trackLead" || /^_(?:ga(?:_.+)?|gid|gcl_.+|fbp|fbc)$/.test(name);
}
/** Response headers the cache does not keep: they are per response or made when sending. */
const UNKEPT_HEADERS = new Set([HTML_CACHE_HEADER, "content-length", "content-encoding", "transfer-encoding", "date"]);

export interface CacheVariant {
  /** `inventory_version`: moves with every write to vehicles (docs/decisions/130). */
  inventory: string | null;
  priceUnlocked: boolean;
  inventoryUnlocked: boolean;
  /** The experiments the visitor is in, which change settings, popups and texts (ADR 287). */
  experiments: string;
  /** The visitor's saved VINs, sorted and joined: cards and vehicle pages show their hearts pressed. */
  saved: string;
}

export interface PageHandlerOptions {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext(req: Request, res: Response): RouterContextProvider;
  /** Null: no cache, every page rendered. */
  cache: HtmlCache | null;
  db: Db;
  cookies: VisitorCookies;
  /** The inventory version kept between requests, when the database reports every write (docs/decisions/156). */
  inventoryVersion?: InventoryVersionCache | null;
  /** The experiments a visitor id is in, as a key part; absent, pages vary by no experiment. */
  experimentsKey?: (visitorId: string | null) => Promise<string>;
  /** PUBLIC_ORIGIN: the origin of every request React Router sees, whatever Host arrived (ADR 307). */
  publicOrigin?: string | undefined;
  /**
   * The inventory version of the search index pages read now (undefined before there is one): while a newer one is
   * being built beside it, a search's pages are kept and found under it (docs/decisions/454).
   */
  indexedInventory?: () => string | null | undefined;
}

/**
 * The variant a page is kept and found under. While the search index is behind the database (a rebuild under way,
 * docs/decisions/361), searches answer from the inventory the index holds, so a search's page is keyed by the index's
 * version: the pages kept before an import go on being served until the new index is swapped in, and the rebuild is
 * not starved by every search being rendered meanwhile (docs/decisions/454). Only pages marked as showing the index's
 * inventory are found or kept under it (`CachedPage.fromIndex`).
 */
export function keyedVariant(variant: CacheVariant, indexed: string | null | undefined): CacheVariant {
  return indexed === undefined || indexed === variant.inventory ? variant : { ...variant, inventory: indexed };
}

/**
 * Whether a page rendered while the search index stood at `indexed` (read as the render began and as it ended) shows
 * the inventory version the cache key holds. Pages answer from the index's inventory (docs/decisions/361): one
 * rendered across a swap, kept under either version, would show the other's results until the next write.
 */
export function renderedAtKeyedInventory(
  keyed: string | null,
  indexed: readonly (string | null | undefined)[],
): boolean {
  return indexed.every((version) => version === undefined || version === keyed);
}

/**
 * The inventory version and the visitor's unlocks, in one round trip. A visitor is known only by a cookie that
 * verifies, as `readVisitor` has it; anyone else has unlocked nothing. With a kept inventory version, a request
 * without a visitor needs no round trip at all.
 */
export async function readVariant(
  db: Db,
  cookies: VisitorCookies,
  cookieHeader: string | undefined,
  versions?: InventoryVersionCache | null,
  experimentsKey?: (visitorId: string | null) => Promise<string>,
  namedNow: string | null = null,
): Promise<CacheVariant> {
  let visitorId: string | null = namedNow;
  if (namedNow === null && readCookie(cookieHeader, VISITOR_COOKIE) !== null) {
    const identified = await cookies.identify(
      new globalThis.Request("http://localhost/", {
        headers: { cookie: cookieHeader ?? "" },
      }),
    );
    if (identified.known) visitorId = identified.visitorId;
  }
  const experiments = experimentsKey ? await experimentsKey(visitorId) : "";
  // A visitor named in this request has unlocked and saved nothing: only the inventory version is needed.
  const known = visitorId === null || namedNow !== null ? versions?.get() : undefined;
  if (known !== undefined) {
    return { inventory: known, priceUnlocked: false, inventoryUnlocked: false, experiments, saved: "" };
  }
  const generation = versions?.begin();
  const result = await db.execute(sql`select
    (select version::text from inventory_version where id = 1) as inventory,
    coalesce((select unlock_price_at is not null from visitors where id = ${visitorId}::uuid), false) as price,
    coalesce((select unlock_inventory_at is not null from visitors where id = ${visitorId}::uuid), false) as inv,
    coalesce((select string_agg(vin, ',' order by vin) from saved_vehicles where visitor_id = ${visitorId}::uuid), '')
      as saved`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    inventory: string | null;
    price: boolean;
    inv: boolean;
    saved: string | null;
  }[];
  const row = rows[0];
  if (versions && generation !== undefined) versions.settle(generation, row?.inventory ?? null);
  return {
    inventory: row?.inventory ?? null,
    priceUnlocked: row?.price === true,
    inventoryUnlocked: row?.inv === true,
    experiments,
    saved: row?.saved ?? "",
  } satisfies CacheVariant;
}

/**
 * The query parameters a cached page may be keyed by: those the search reads. Any other (an ad click id, a typo, a
 * random string) makes the request skip the cache, so no one can fill it, or push real pages out of it, with query
 * strings the pages ignore (docs/decisions/252).
 */
const KEYED_QUERY_PARAMS: ReadonlySet<string> = new Set(QUERY_PARAMS);

function onlyKnownQuery(originalUrl: string): boolean {
  const at = originalUrl.indexOf("?");
  if (at === -1) return true;
  for (const name of new URLSearchParams(originalUrl.slice(at + 1)).keys()) {
    if (!KEYED_QUERY_PARAMS.has(name)) return false;
  }
  return true;
}

/** Null when this request must not use the cache; otherwise the request's part of the key. */
export function requestKey(req: Request, buildVersion: string): string | null {
  if (req.method !== "GET") return null;
  // `/page.data` is React Router's data request for client navigations, not a document.
  if (req.path.endsWith(".data")) return null;
  if (!onlyKnownQuery(req.originalUrl)) return null;
  // As the pages read them: decoded, the first of a name sent twice.
  const cookies = Object.entries(readCookies(req.headers.cookie));
  if (cookies.some(([name]) => PERSONAL_COOKIES.has(name))) return null;
  const kept = cookies
    .filter(([name]) => name !== VISITOR_COOKIE && !ignoredInCacheKey(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const userAgent = req.get("user-agent");
  return JSON.stringify([
    buildVersion,
    req.protocol,
    req.get("host") ?? "",
    req.get("x-forwarded-host") ?? "",
    req.originalUrl,
    Boolean(userAgent && isbot(userAgent)),
    kept,
  ]);
}

function variantKey(variant: CacheVariant): string {
  return JSON.stringify([
    variant.inventory,
    variant.priceUnlocked,
    variant.inventoryUnlocked,
    variant.experiments,
    variant.saved,
  ]);
}

function sameVariant(a: CacheVariant, b: CacheVariant): boolean {
  return variantKey(a) === variantKey(b);
}

/** Sends a cached page with `nonce` in it: gzip from the stored segments when the client takes it, else plain. */
function sendPage(req: Request, res: Response, page: CachedPage, nonce: string): void {
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const body = gzip ? gzipOf(page, nonce) : documentOf(page, nonce);
  writeDocument(res, page.status, page.headers, body, gzip ? "gzip" : null);
}

/** Sends a whole document body, already in `encoding`, with its length. */
function writeDocument(
  res: Response,
  status: number,
  headers: Iterable<readonly [string, string]>,
  body: Buffer,
  encoding: "zstd" | "br" | "gzip" | null,
): void {
  res.status(status);
  for (const [name, value] of headers) res.append(name, value);
  res.vary("Accept-Encoding");
  // With Content-Encoding set, the compression middleware leaves the body alone.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

/**
 * A document compressed once, as it is sent: Zstandard at level 3 for a browser that takes it (Chrome, Edge and
 * Firefox send `zstd`): 0.44 ms for the listing against Brotli's 1.86 ms, for 5 % more bytes (ADR 365); Brotli at
 * quality 4 for the rest that take it (Safari), the compression middleware's setting; gzip level 4 otherwise (about
 * 2 ms against 5 ms at level 9, for 6 % more bytes; pages served again from the cache get level 9 then, `gzipOf`).
 */
const FRESH_GZIP_LEVEL = 4;
const FRESH_ZSTD_LEVEL = 3;
const FRESH_BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
};
/** When the client takes several equally: Zstandard, then Brotli, then gzip. */
const DOCUMENT_ENCODINGS = ["zstd", "br", "gzip", "identity"];
const PREFERRED_ENCODINGS = ["zstd", "br", "gzip"];

/** The `preferred` argument came with negotiator 0.6.4, which its type declarations (0.6) do not know yet. */
const negotiate = Negotiator.prototype.encoding as unknown as (
  this: Negotiator,
  available: readonly string[],
  preferred: readonly string[],
) => string | undefined;

function documentEncoding(req: Request): string | undefined {
  return negotiate.call(new Negotiator(req), DOCUMENT_ENCODINGS, PREFERRED_ENCODINGS);
}

/**
 * Sends a document just rendered, whole (`html`, with this response's nonce already in it), compressed in one call.
 * Through the compression middleware the same document cost about 6 ms more of CPU (docs/decisions/302): it went
 * through a web stream, a Node stream and the compressor in 16 kB pieces, each compressed on the thread pool and
 * written to the socket as a chunk of its own.
 */
function sendDocument(
  req: Request,
  res: Response,
  status: number,
  headers: Iterable<[string, string]>,
  html: Buffer,
): void {
  const encoding = documentEncoding(req);
  if (encoding === "zstd") {
    const params = { [zlibConstants.ZSTD_c_compressionLevel]: FRESH_ZSTD_LEVEL };
    writeDocument(res, status, headers, zstdCompressSync(html, { params, pledgedSrcSize: html.length }), "zstd");
  } else if (encoding === "br") {
    const params = { ...FRESH_BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length };
    writeDocument(res, status, headers, brotliCompressSync(html, { params }), "br");
  } else if (encoding === "gzip") {
    writeDocument(res, status, headers, gzipSync(html, { level: FRESH_GZIP_LEVEL }), "gzip");
  } else writeDocument(res, status, headers, html, null);
}

/** A rendered document: entry.server collects it whole (docs/decisions/293), so reading it all costs no latency. */
function isDocument(response: globalThis.Response): boolean {
  return response.body !== null && (response.headers.get("content-type") ?? "").startsWith("text/html");
}

function createFetchRequest(req: Request, res: Response, publicOrigin: string | undefined): globalThis.Request {
  // React Router refuses an action whose `Origin` differs from this URL's origin: it must be the origin our own check
  // admits, never the Host a proxy forwarded without its port (ADR 307).
  const url = new URL(`${requestOrigin(req, publicOrigin)}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) if (name !== HTML_CACHE_HEADER) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Names a browser on its first page (ADR 287): a document GET from a browser (not a bot) without a verified
 * `uniqueUserId` gets one, as though it had sent it, so the page renders its experiment variant at once and may come
 * from the HTML cache keyed by that variant. The returned `Set-Cookie` is added to the response, never cached.
 */
export async function nameNewVisitor(req: Request, cookies: VisitorCookies): Promise<string | null> {
  // Only this function says a visitor was named now: a client's own copy of the header never reaches a loader.
  delete req.headers[NAMED_NOW_HEADER];
  if (req.method !== "GET" || req.path.endsWith(".data")) return null;
  if (!(req.get("accept") ?? "").includes("text/html")) return null;
  const userAgent = req.get("user-agent");
  if (!userAgent || isbot(userAgent)) return null;
  const identified = await cookies.identify(
    new globalThis.Request("http://localhost/", { headers: { cookie: req.headers.cookie ?? "" } }),
  );
  // Signed here because this response sends it; the router's one identification of the request then finds it
  // verified (docs/decisions/360).
  const setCookie = await identified.cookie();
  if (setCookie === null) return null;
  req.headers.cookie = cookieHeaderWith(req.headers.cookie, VISITOR_COOKIE, setCookiePair(setCookie).value);
  req.headers[NAMED_NOW_HEADER] = identified.visitorId;
  return setCookie;
}

/** Whether a rendered response may be kept: an opted-in document, 200, setting no cookie. */
function keepable(response: globalThis.Response): boolean {
  return (
    response.status === 200 &&
    [HTML_CACHE_KEEP, HTML_CACHE_KEEP_FROM_INDEX].includes(response.headers.get(HTML_CACHE_HEADER) ?? "") &&
    !response.headers.has("set-cookie") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    response.body !== null
  );
}

/** The Express handler for every page, action and resource route. */
export function createPageHandler(options: PageHandlerOptions) {
  const { cache, db, cookies } = options;
  let ready: Promise<{ version: string; handle: ReturnType<typeof createRequestHandler> }> | undefined;
  const router = () => {
    ready ??= options.build().then((build) => ({
      version: build.assets.version,
      handle: createRequestHandler(build, options.mode ?? process.env.NODE_ENV),
    }));
    return ready;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { version, handle } = await router();
      const nonce = res.locals.nonce as string;
      const named = await nameNewVisitor(req, cookies);
      if (named !== null) res.append("Set-Cookie", named);
      const namedNow = named === null ? null : ((req.headers[NAMED_NOW_HEADER] as string | undefined) ?? null);
      const variantNow = () =>
        readVariant(db, cookies, req.headers.cookie, options.inventoryVersion, options.experimentsKey, namedNow);
      const base = cache ? requestKey(req, version) : null;
      let before: CacheVariant | undefined;
      let key: string | undefined;
      const indexedBefore = options.indexedInventory?.();
      let behind = false;
      if (cache && base !== null) {
        before = await variantNow();
        const keyed = keyedVariant(before, indexedBefore);
        behind = keyed !== before;
        key = `${base}${variantKey(keyed)}`;
        // While a new index is built, a page kept before shows the previous inventory: only a search may, as the
        // search itself still answers from it. Another page (a vehicle's, read from its row) is rendered.
        const page = cache.get(key, (kept) => !behind || kept.fromIndex);
        if (page) return sendPage(req, res, page, nonce);
      }
      const response = await handle(
        createFetchRequest(req, res, options.publicOrigin),
        options.getLoadContext(req, res),
      );
      if (!isDocument(response)) return await sendResponse(res, response);
      const html = Buffer.from(await response.arrayBuffer());
      if (res.destroyed || res.writableEnded) return;
      const headers = [...response.headers.entries()].filter(([name]) => !UNKEPT_HEADERS.has(name));
      if (cache && key !== undefined && before !== undefined && keepable(response)) {
        const fromIndex = response.headers.get(HTML_CACHE_HEADER) === HTML_CACHE_KEEP_FROM_INDEX;
        const page = cachePage(html, nonce, { status: response.status, headers, fromIndex }, cache.expiry());
        // A write to vehicles or an unlock while the page rendered: the page may show either state, so it is sent
        // but not kept under the key read before. A document without a nonce is never kept, nor one rendered while
        // a new index was swapped in, nor, while a new index is built, one that does not show only the index's.
        const keyed = keyedVariant(before, indexedBefore).inventory;
        const atKeyed = renderedAtKeyedInventory(keyed, [indexedBefore, options.indexedInventory?.()]);
        const keptWhileBehind = !behind || fromIndex;
        if (page && atKeyed && keptWhileBehind && sameVariant(before, await variantNow())) cache.set(key, page);
      }
      sendDocument(req, res, response.status, headers, html);
    } catch (error) {
      next(error);
    }
  };
}
