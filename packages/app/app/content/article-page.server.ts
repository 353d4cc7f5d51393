import { ARTICLE_CATEGORY_NAMES, articlePath, findArticleByPath } from "@showroom/fixtures";
import { redirect } from "react-router";
import { type ArticleDoc, allArticles, articleCard } from "./documents.server";
import { authorOf, cardView, researchTexts } from "./research.server";
import { notFound, pageSeo, requirePage } from "./seo.server";
import type { Site } from "./site.server";
import { articleJsonLd, breadcrumbJsonLd } from "./structured-data.server";
import { t } from "./translations.server";

function articleView(site: Site, article: ArticleDoc) {
  return { ...cardView(site, articleCard(article)), blocks: article.blocks, tags: article.tags };
}

function related(site: Site, article: ArticleDoc) {
  return allArticles()
    .filter(
      (a) =>
        a.slug !== article.slug && (a.category === article.category || a.tags.some((t) => article.tags.includes(t))),
    )
    .slice(0, 3)
    .map((a) => cardView(site, articleCard(a)));
}

/**
 * An article page: `/{section}/{slug}` for any of the six sections (spec section 2 aliases). An alias answers 301
 * with the article's own section, so each article has one address; an unknown slug is the route-validation 404.
 */
export function articlePage(site: Site, request: Request) {
  requirePage(site, request, "article-page");
  const url = new URL(request.url);
  const found = findArticleByPath(allArticles(), url.pathname);
  if (!found) notFound(request);
  if (!found.isCanonical) throw redirect(`${found.canonicalPath}${url.search}`, 301);
  return render(site, request, found.article, "article-page");
}

/** The direct article page `/faqs-okd/{slug}`: the article by slug, canonical at its own section's path. */
export function articleDirectPage(site: Site, request: Request, slug: string) {
  requirePage(site, request, "article-direct-page");
  const article = allArticles().find((a) => a.slug === slug);
  if (!article) notFound(request);
  return render(site, request, article, "article-direct-page");
}

function render(site: Site, request: Request, article: ArticleDoc, route: "article-page" | "article-direct-page") {
  return {
    seo: pageSeo(site, request, route, {
      values: { article_title: article.title },
      canonicalPath: articlePath(article),
    }),
    article: articleView(site, article),
    author: authorOf(site, article.author),
    related: related(site, article),
    texts: researchTexts(),
    sectionName: ARTICLE_CATEGORY_NAMES[article.category],
    jsonLd: [
      articleJsonLd(site, {
        title: article.title,
        description: article.description,
        path: articlePath(article),
        date: article.date,
        image: article.heroImage ?? undefined,
        authorName: authorOf(site, article.author)?.name,
      }),
      breadcrumbJsonLd(site, [
        { name: t("research.carResearch.title"), path: "/car-research" },
        { name: article.title, path: articlePath(article) },
      ]),
    ],
  };
}
