import { fillTemplate, isPageEnabled, type RouteName } from "@showroom/fixtures";
import { robotsContent } from "@showroom/rules/inventory";
import { data } from "react-router";
import type { Seo } from "../components/seo";
import type { Site } from "./site.server";
import { t } from "./translations.server";

/** "meet-our-team" → "Meet Our Team": the spec's fallback title from the last path segment. */
export function titleFromPath(pathname: string): string {
  const last = pathname.split("/").filter(Boolean).at(-1);
  if (!last) return "";
  let words: string;
  try {
    words = decodeURIComponent(last);
  } catch {
    words = last;
  }
  return words
    .replace(/[-_]+/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

/**
 * The path of the page a request renders. A client navigation loads its data from `/page.data` (and the home page's
 * from `/_.data`, `/_root.data` before React Router 8), and its `request.url` says so: the page's own path is without that suffix.
 */
export function pagePath(url: URL): string {
  if (url.pathname === "/_.data" || url.pathname === "/_root.data") return "/";
  return url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
}

/** A picture URL made absolute on the site's origin (https URLs of a CDN stay as they are). */
export function absoluteUrl(site: Site, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${site.origin}${path}`;
}

export interface SeoOptions {
  /** Page placeholders ({staff_name}, {article_title}…), besides the store's. */
  readonly values?: Readonly<Record<string, string | number>>;
  /** The canonical path when it is not the request's (an alias of an article). */
  readonly canonicalPath?: string;
  /** Robots index or noindex; pages are indexable unless a rule says otherwise (search pages). */
  readonly indexable?: boolean;
}

/**
 * The head of a page from `content/metadata.json`: its title, description, social title and image with the store's
 * and the page's placeholders filled, the canonical URL and the robots directives. A page without metadata gets
 * the fallback title from the last segment of its path.
 */
export function pageSeo(site: Site, request: Request, route: RouteName, options: SeoOptions = {}): Seo {
  const { dealer } = site.store;
  const values = {
    dealer_name: dealer.name,
    dealer_city: dealer.city,
    dealer_state_short: dealer.state_short,
    ...options.values,
  };
  const path = pagePath(new URL(request.url));
  const canonical = `${site.origin}${options.canonicalPath ?? path}`;
  const robots = robotsContent(options.indexable ?? true);
  const meta = site.content.metadata.pages[route];
  if (!meta) {
    return { title: titleFromPath(path) || dealer.name, canonical, robots, siteName: dealer.name };
  }
  return {
    title: fillTemplate(meta.title, values),
    description: fillTemplate(meta.description, values),
    socialTitle: fillTemplate(meta.socialTitle, values),
    socialImage: absoluteUrl(site, meta.socialImage),
    canonical,
    robots,
    siteName: dealer.name,
  };
}

/** Throws the spec's route-validation 404: "Page Not Found: {path}". */
export function notFound(request: Request): never {
  throw data(t("errors.routeValidationFailed", { path: new URL(request.url).pathname }), { status: 404 });
}

/** A page that is switched off in `content/pages.json` answers 404 like a page that does not exist. */
export function requirePage(site: Site, request: Request, route: RouteName): void {
  if (!isPageEnabled(site.content.pages, route)) notFound(request);
}
