/** The robots directives every page carries besides index/noindex (spec section 2). */
export const ROBOTS_DIRECTIVES = [
  "follow",
  "max-image-preview:large",
  "max-snippet:-1",
  "max-video-preview:-1",
] as const;

function pathOf(url: string | URL): { path: string; hasQuery: boolean } | null {
  try {
    // The query is read from the raw text: URL parsing trims white space, which would hide a query of spaces.
    const text = typeof url === "string" ? (url.split("#")[0] ?? "") : (url.href.split("#")[0] ?? "");
    const mark = text.indexOf("?");
    const parsed = new URL(mark >= 0 ? text.slice(0, mark) : text, "http://localhost");
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") : parsed.pathname;
    return { path: path || "/", hasQuery: mark >= 0 && mark < text.length - 1 };
  } catch {
    return null;
  }
}

// The filter-page list comes from the sitemap source once per deploy or cache period, while isIndexable runs on
// every request: normalizing the list once per list object keeps the check a set lookup.
const normalizedLists = new WeakMap<object, ReadonlySet<string>>();

function filterPageSet(filterPages: Iterable<string>): ReadonlySet<string> {
  const cached = normalizedLists.get(filterPages);
  if (cached) return cached;
  const set = new Set<string>();
  for (const loc of filterPages) {
    const page = pathOf(loc);
    if (page) set.add(page.path);
  }
  normalizedLists.set(filterPages, set);
  return set;
}

/**
 * Whether a search page may be indexed: only with no query parameters and when its path is one of the filter
 * pages (the `loc`s of the filters sitemap, absolute URLs or paths). `url` is a path with its query, or an
 * absolute URL. A trailing slash is ignored; case is not, since canonical paths are lower case.
 */
export function isIndexable(url: string | URL, filterPages: Iterable<string>): boolean {
  const page = pathOf(url);
  return page !== null && !page.hasQuery && filterPageSet(filterPages).has(page.path);
}

/** The robots meta content: `index` or `noindex`, then always follow, large image previews, unlimited snippets and video. */
export function robotsContent(indexable: boolean): string {
  return [indexable ? "index" : "noindex", ...ROBOTS_DIRECTIVES].join(", ");
}
