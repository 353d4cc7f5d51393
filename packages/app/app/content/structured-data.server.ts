import type { Dealer } from "@showroom/fixtures";
import type { Site } from "./site.server";
import { t } from "./translations.server";
import { autoDealerJsonLd, type JsonLdNode } from "./vehicle-json-ld.server";

const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;

/** 10 → "10:00", 7.5 → "07:30": schema.org's openingHours times. */
function clock(hour: number): string {
  const h = Math.floor(hour);
  const m = Math.round((hour - h) * 60);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The sales week as schema.org's `openingHours` ("Mo 10:00-19:00"), closed days left out. */
function openingHours(dealer: Dealer): string[] {
  return dealer.sales.workingHours.flatMap((day, i) =>
    day.closed ? [] : [`${DAYS[i]} ${clock(day.open)}-${clock(day.close)}`],
  );
}

/**
 * Every store as an `AutoDealer` with its sales hours and its Google rating, for the home and company pages (issue
 * 16). `url` is the site's origin: the store pages of the dealer profile are not ours to vouch for.
 */
export function storesJsonLd(site: Site): JsonLdNode[] {
  return site.stores.map(({ dealer }) => ({
    "@context": "https://schema.org",
    ...autoDealerJsonLd(dealer, site.origin),
    url: site.origin,
    openingHours: openingHours(dealer),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: dealer.ratings.google.rating,
      reviewCount: dealer.ratings.google.count,
      bestRating: 5,
    },
  }));
}

/** A trail of pages, home first, as a `BreadcrumbList` with absolute URLs (the last crumb is the page itself). */
export function breadcrumbJsonLd(site: Site, crumbs: readonly { name: string; path: string }[]): JsonLdNode {
  const trail = [{ name: t("common.breadcrumbs.home"), path: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: `${site.origin}${crumb.path}`,
    })),
  };
}

export interface ArticleJsonLdInput {
  title: string;
  description: string;
  path: string;
  date: string;
  updated?: string | undefined;
  image?: string | undefined;
  authorName?: string | undefined;
}

/** A car-research article as a schema.org `Article`: headline, dates, author and the dealer group as publisher. */
export function articleJsonLd(site: Site, article: ArticleJsonLdInput): JsonLdNode {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${site.origin}${path}`);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    url: absolute(article.path),
    datePublished: article.date.slice(0, 10),
    ...(article.updated ? { dateModified: article.updated.slice(0, 10) } : {}),
    ...(article.image ? { image: absolute(article.image) } : {}),
    ...(article.authorName ? { author: { "@type": "Person", name: article.authorName } } : {}),
    publisher: { "@type": "Organization", name: site.content.group.name, url: site.origin },
  };
}
