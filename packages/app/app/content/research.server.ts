import { ARTICLE_CATEGORIES, ARTICLE_CATEGORY_NAMES, type ArticleCategory, articlePath } from "@showroom/fixtures";
import type { ArticleCardView, AuthorView } from "../components/research";
import { type ArticleCard, type ArticleDoc, allArticles, articleCard } from "./documents.server";
import type { Site } from "./site.server";
import { tree } from "./translations.server";

/** The research strings (`research.carResearch`), sent to the research pages. */
export function researchTexts() {
  return tree("research.carResearch");
}

/** The staff member an article names as its author, as the byline shows them. */
export function authorOf(site: Site, slug: string): AuthorView | null {
  const member = site.content.staff.find((m) => m.slug === slug);
  if (!member) return null;
  return {
    slug: member.slug,
    name: `${member.firstName} ${member.lastName}`,
    title: member.title,
    imageUrl: member.imageUrl,
    department: member.department,
    bio: member.bio,
  };
}

/** A card with its link, category name and author name. */
export function cardView(site: Site, card: ArticleCard): ArticleCardView {
  return {
    ...card,
    href: articlePath(card),
    categoryName: ARTICLE_CATEGORY_NAMES[card.category],
    authorName: authorOf(site, card.author)?.name ?? null,
  };
}

/** The research sections that have articles, each with its newest articles. */
export function researchSections(site: Site, perSection = 6) {
  const articles = allArticles();
  return ARTICLE_CATEGORIES.flatMap((category: ArticleCategory) => {
    const inSection = articles.filter((a) => a.category === category);
    if (inSection.length === 0) return [];
    return [
      {
        id: category,
        name: ARTICLE_CATEGORY_NAMES[category],
        articles: inSection.slice(0, perSection).map((a) => cardView(site, articleCard(a))),
      },
    ];
  });
}

/**
 * Articles matching every word of a query in their title, description, tags, category or text; title matches first.
 * The query is plain words: no operator reaches anything but a substring test.
 */
export function searchArticles(query: string): ArticleDoc[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}'’-]/gu, ""))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return [];
  const scored = allArticles().flatMap((article) => {
    const title = article.title.toLowerCase();
    const haystack = [
      title,
      article.description,
      article.tags.join(" "),
      ARTICLE_CATEGORY_NAMES[article.category],
      article.text,
    ]
      .join(" ")
      .toLowerCase();
    if (!words.every((w) => haystack.includes(w))) return [];
    const score =
      words.filter((w) => title.includes(w)).length * 10 +
      words.filter((w) => article.description.toLowerCase().includes(w)).length;
    return [{ article, score }];
  });
  return scored.sort((a, b) => b.score - a.score || b.article.date.localeCompare(a.article.date)).map((s) => s.article);
}
