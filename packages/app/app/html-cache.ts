import { createContext, type RouterContextProvider } from "react-router";

/**
 * The server-side HTML cache (docs/decisions/152) keeps a page's document and serves it again, with a fresh nonce, to
 * every request with the same key: path and query, host, every cookie but the visitor id, the visitor's price and
 * inventory unlocks, the inventory version, the build, and whether the client is a bot. A route opts in explicitly:
 *
 *     export const handle = { htmlCache: true } satisfies HtmlCacheHandle;
 *
 * Only do so when the page's HTML depends on nothing else: no per-render secrets (idempotency keys), no visitor
 * profile or journey. A loader that finds such a dependency for one request calls {@link skipHtmlCache}.
 */
export interface HtmlCacheHandle {
  readonly htmlCache?: boolean;
}

/** Set on a rendered document the cache may keep; the server removes it before the response leaves. */
export const HTML_CACHE_HEADER = "x-showroom-html-cache";

/** Per request: whether a loader vetoed caching this response, and whether the page shows the index's inventory. */
export interface HtmlCacheState {
  skip: boolean;
  fromIndex?: boolean;
}

/** Null where no server made one (unit tests of loaders): nothing is cached there anyway. */
export const htmlCacheContext = createContext<HtmlCacheState | null>(null);

/**
 * Keeps this response out of the HTML cache (a loader read something only this visitor should see).
 * @public The veto ADR 152 offers loaders; no loader needs it today.
 */
export function skipHtmlCache(context: Readonly<RouterContextProvider>): void {
  const state = context.get(htmlCacheContext);
  if (state) state.skip = true;
}

/**
 * The page shows the inventory only as the search index holds it (a search), not as the database rows are: while a
 * new index is built beside the one in use, it may be kept and served under the index's version (docs/decisions/454).
 */
export function htmlCacheFromIndex(context: Readonly<RouterContextProvider>): void {
  const state = context.get(htmlCacheContext);
  if (state) state.fromIndex = true;
}

/** The value of {@link HTML_CACHE_HEADER} on a page the cache may keep. */
export const HTML_CACHE_KEEP = "1";
/** The same, on a page that shows only the search index's inventory. */
export const HTML_CACHE_KEEP_FROM_INDEX = "index";

interface MatchLike {
  readonly route: { readonly id: string };
}

/** Whether the deepest matched route opted in and no loader vetoed. */
export function htmlCacheWanted(
  matches: readonly MatchLike[],
  routeModules: Readonly<Record<string, { handle?: unknown } | undefined>>,
  state: HtmlCacheState | null | undefined,
): boolean {
  const leaf = matches.at(-1);
  if (!leaf || !state || state.skip) return false;
  const handle = routeModules[leaf.route.id]?.handle as HtmlCacheHandle | undefined;
  return handle?.htmlCache === true;
}
