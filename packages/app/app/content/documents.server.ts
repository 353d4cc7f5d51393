import type { Article, HelpCenterCategory, LegalPage } from "@showroom/fixtures";
import { loadArticles, loadHelpCenter, loadLegalPages } from "@showroom/fixtures/server";
import type { MdBlock } from "../components/markdown";
import { fixturesDir } from "./fixtures-root.server";
import { withoutCounselNotes } from "./legal-notes.server";
import { parseMarkdown, plainText, readingMinutes } from "./markdown.server";

/**
 * The Markdown content of the site (car-research articles, the help center, legal pages), read from `fixtures/`
 * once per process with the fixtures' own loaders (which validate front matter and slugs) and parsed into blocks.
 */

export interface ArticleDoc extends Omit<Article, "body"> {
  readonly blocks: readonly MdBlock[];
  readonly text: string;
  readonly minutes: number;
}

export interface HelpCategoryDoc extends Omit<HelpCenterCategory, "body" | "articles"> {
  readonly blocks: readonly MdBlock[];
  readonly articles: readonly (Omit<HelpCenterCategory["articles"][number], "body"> & {
    readonly blocks: readonly MdBlock[];
    readonly text: string;
  })[];
}

export interface LegalDoc extends Omit<LegalPage, "body"> {
  readonly blocks: readonly MdBlock[];
}

function missingDirectory(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

let articles: ArticleDoc[] | undefined;
let helpCenter: HelpCategoryDoc[] | undefined;
let legalPages: LegalDoc[] | undefined;

/** Every article, newest first. An absent `fixtures/articles` is an empty research section, not an error. */
export function allArticles(): readonly ArticleDoc[] {
  if (!articles) {
    let loaded: Article[] = [];
    try {
      loaded = loadArticles(fixturesDir("articles"));
    } catch (error) {
      if (!missingDirectory(error)) throw error;
    }
    articles = loaded.map(({ body, ...article }) => {
      const blocks = parseMarkdown(body);
      return { ...article, blocks, text: plainText(blocks), minutes: readingMinutes(blocks) };
    });
  }
  return articles;
}

/** The help center's categories and answers, in display order. */
export function helpCenterCategories(): readonly HelpCategoryDoc[] {
  if (!helpCenter) {
    let loaded: HelpCenterCategory[] = [];
    try {
      loaded = loadHelpCenter(fixturesDir("help-center"));
    } catch (error) {
      if (!missingDirectory(error)) throw error;
    }
    helpCenter = loaded.map(({ body, articles: answers, ...category }) => ({
      ...category,
      blocks: parseMarkdown(body),
      articles: answers.map(({ body: answer, ...rest }) => {
        const blocks = parseMarkdown(answer);
        return { ...rest, blocks, text: plainText(blocks) };
      }),
    }));
  }
  return helpCenter;
}

/** The legal pages that exist as files. */
export function legalDocuments(): readonly LegalDoc[] {
  if (!legalPages) {
    let loaded: LegalPage[] = [];
    try {
      loaded = loadLegalPages(fixturesDir("legal"));
    } catch (error) {
      if (!missingDirectory(error)) throw error;
    }
    legalPages = loaded.map(({ body, ...page }) => ({ ...page, blocks: parseMarkdown(withoutCounselNotes(body)) }));
  }
  return legalPages;
}

/** A short teaser of an article for cards (its description). */
export function articleCard(article: ArticleDoc) {
  return {
    slug: article.slug,
    title: article.title,
    category: article.category,
    description: article.description,
    date: article.date,
    minutes: article.minutes,
    heroImage: article.heroImage ?? null,
    author: article.author,
  };
}

export type ArticleCard = ReturnType<typeof articleCard>;
