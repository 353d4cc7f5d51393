import { articlePath, authorPath, isPageEnabled, ROUTES, type RouteName } from "@showroom/fixtures";
import { SITEMAP_GROUPS, type SitemapEntry, type SitemapGroup, sitemapEntry } from "@showroom/rules/inventory";
import { and, eq, inArray } from "drizzle-orm";
import { vehicles } from "../server/db/schema.server";
import { allArticles, helpCenterCategories, legalDocuments } from "./documents.server";
import { cachedFilterPages, rowPath } from "./inventory.server";
import type { Site } from "./site.server";
import { defaultStore } from "./stores.server";

/** One URL of a group, with a site path; the XML sitemap makes it absolute. */
export interface GroupUrl {
  readonly loc: string;
  readonly lastmod?: Date | string | null;
}

// Parameterless pages that are not landing pages: result lists, form steps that need the page before them, and the
// compare page, whose vehicles come from the shopper's own list (noindex, ADR 346).
const NOT_IN_SITEMAP: readonly RouteName[] = ["car-research-search", "sell-trade-my-car-your-vehicle", "compare"];

function pages(site: Site): GroupUrl[] {
  const { pages: switches } = site.content;
  const fixed = ROUTES.filter(
    (route) =>
      route.kind === "page" &&
      !route.paths[0]?.includes("{") &&
      !route.name.startsWith("legal-") &&
      !NOT_IN_SITEMAP.includes(route.name) &&
      isPageEnabled(switches, route.name),
  ).map((route) => ({ loc: route.paths[0] ?? "/" }));
  const legal = legalDocuments()
    .filter((page) => isPageEnabled(switches, `legal-${page.slug}` as RouteName))
    .map((page) => ({ loc: `/legal/${page.slug}`, lastmod: page.updated }));
  const help = isPageEnabled(switches, "help-center-category")
    ? helpCenterCategories().map((c) => ({
        loc: `/help-center/${c.slug}`,
        lastmod:
          c.articles
            .map((a) => a.updated)
            .sort()
            .at(-1) ?? null,
      }))
    : [];
  return [...fixed, ...legal, ...help];
}

async function vehicleUrls(site: Site): Promise<GroupUrl[]> {
  if (!isPageEnabled(site.content.pages, "cars-direct-page")) return [];
  const rows = await site.services.db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.status, "available"),
        eq(vehicles.private, false),
        inArray(vehicles.condition, [...site.settings.vehicleConditions]),
      ),
    );
  return rows.map((row) => ({ loc: rowPath(row), lastmod: row.updatedAt }));
}

function offerUrls(site: Site): GroupUrl[] {
  const now = Date.now();
  return site.content.promotions.flatMap((promotion) => {
    const route = `special-offers-${promotion.type}-id` as RouteName;
    const active = Date.parse(promotion.startDate) <= now && now <= Date.parse(promotion.endDate);
    return active && isPageEnabled(site.content.pages, route)
      ? [{ loc: `/special-offers/${promotion.type}/${promotion.id}` }]
      : [];
  });
}

function articleUrls(site: Site): GroupUrl[] {
  const { pages: switches } = site.content;
  const articles = allArticles();
  const own = isPageEnabled(switches, "article-page")
    ? articles.map((a) => ({ loc: articlePath(a), lastmod: a.date }))
    : [];
  const authors = isPageEnabled(switches, "car-research-author")
    ? [...new Set(articles.map((a) => a.author))]
        .filter((slug) => site.content.staff.some((m) => m.slug === slug))
        .map((slug) => ({
          loc: authorPath(slug),
          lastmod:
            articles
              .filter((a) => a.author === slug)
              .map((a) => a.date)
              .sort()
              .at(-1) ?? null,
        }))
    : [];
  return [...own, ...authors];
}

function teamUrls(site: Site): GroupUrl[] {
  if (!isPageEnabled(site.content.pages, "our-company-meet-our-team-slug")) return [];
  return site.content.staff.map((member) => ({ loc: `/our-company/meet-our-team/${member.slug}` }));
}

/** The URLs of one sitemap group (spec section 3 "Sitemap groups"), from the database and the fixtures. */
export async function groupUrls(site: Site, group: SitemapGroup): Promise<GroupUrl[]> {
  switch (group) {
    case "pages":
      return pages(site);
    case "filters":
      return isPageEnabled(site.content.pages, "cars-search-page")
        ? // The default store's, whichever store the request picked: crawlers pick none (ADR 338).
          cachedFilterPages(site.services.db, site.settings.vehicleConditions, defaultStore(site.stores).id)
        : [];
    case "vehicles":
      return vehicleUrls(site);
    case "offers":
      return offerUrls(site);
    case "articles":
      return articleUrls(site);
    case "team-members":
      return teamUrls(site);
  }
}

/** A group's entries with its priority and change frequency (pages 1; filters, vehicles 0.9; others 0.6). */
async function groupEntries(site: Site, group: SitemapGroup): Promise<SitemapEntry[]> {
  const urls = await groupUrls(site, group);
  return urls.map((url) => sitemapEntry(group, `${site.origin}${url.loc}`, { lastmod: url.lastmod ?? null }));
}

/** Every group's entries, in the spec's group order, each URL once. */
export async function allEntries(site: Site): Promise<SitemapEntry[]> {
  const groups = await Promise.all(SITEMAP_GROUPS.map((group) => groupEntries(site, group)));
  const seen = new Set<string>();
  return groups.flat().filter((entry) => !seen.has(entry.loc) && seen.add(entry.loc));
}
