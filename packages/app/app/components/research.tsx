import { Form, Link } from "react-router";
import type { TextTree } from "./i18n";
import { translator } from "./i18n";
import { Markdown, type MdBlock } from "./markdown";
import { Container, formatDate } from "./ui";

/** An article as a card in lists. */
export interface ArticleCardView {
  readonly slug: string;
  readonly href: string;
  readonly title: string;
  readonly category: string;
  readonly categoryName: string;
  readonly description: string;
  readonly date: string;
  readonly minutes: number;
  readonly heroImage: string | null;
  readonly authorName: string | null;
}

/** An article's author: a staff member. */
export interface AuthorView {
  readonly slug: string;
  readonly name: string;
  readonly title: string;
  readonly imageUrl: string;
  readonly department: string;
  readonly bio: string;
}

/** Article cards in a responsive grid; `headingLevel` keeps the outline right wherever the list sits. */
export function ArticleList({
  articles,
  texts,
  headingLevel = 3,
}: {
  articles: readonly ArticleCardView[];
  texts: TextTree;
  headingLevel?: 2 | 3;
}) {
  const t = translator(texts);
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.slug} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
          {article.heroImage ? (
            <img
              src={article.heroImage}
              alt=""
              width={800}
              height={400}
              loading="lazy"
              className="aspect-[2/1] w-full object-cover"
            />
          ) : null}
          <div className="flex flex-1 flex-col p-5">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{article.categoryName}</p>
            <Heading className="mt-1 text-lg font-semibold text-slate-900">
              <Link to={article.href} prefetch="intent" className="hover:text-brand-700 hover:underline">
                {article.title}
              </Link>
            </Heading>
            <p className="mt-2 flex-1 text-sm text-slate-700">{article.description}</p>
            <p className="mt-4 text-xs text-slate-600">
              {article.authorName ? `${t("byAuthor", { author: article.authorName })} · ` : ""}
              <time dateTime={article.date}>{formatDate(article.date)}</time> ·{" "}
              {t("readingTime", { minutes: article.minutes })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The research search box: a GET form, so results have their own shareable URL. */
export function ResearchSearch({ texts, query = "" }: { texts: TextTree; query?: string }) {
  const t = translator(texts);
  return (
    <Form method="get" action="/car-research/search" role="search" className="flex max-w-xl gap-2">
      <label htmlFor="research-q" className="sr-only">
        {t("searchTitle")}
      </label>
      <input
        id="research-q"
        name="q"
        type="search"
        defaultValue={query}
        placeholder={t("searchPlaceholder")}
        maxLength={100}
        className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-600"
      />
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {t("searchSubmit")}
      </button>
    </Form>
  );
}

/** A full article: title, byline, picture, body, tags, related articles. */
export function ArticleBody({
  article,
  author,
  related,
  texts,
}: {
  article: ArticleCardView & { readonly blocks: readonly MdBlock[]; readonly tags: readonly string[] };
  author: AuthorView | null;
  related: readonly ArticleCardView[];
  texts: TextTree;
}) {
  const t = translator(texts);
  return (
    <>
      <article className="py-10 sm:py-14">
        <Container className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{article.categoryName}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{article.description}</p>
          <div className="mt-6 flex items-center gap-3 text-sm text-slate-700">
            {author ? (
              <>
                <img src={author.imageUrl} alt="" width={40} height={40} className="size-10 rounded-full" />
                <span>
                  <Link
                    to={`/car-research/author/${author.slug}`}
                    className="font-semibold text-slate-900 hover:underline"
                  >
                    {t("byAuthor", { author: author.name })}
                  </Link>
                  <span className="block">
                    <time dateTime={article.date}>{t("publishedOn", { date: formatDate(article.date) })}</time> ·{" "}
                    {t("readingTime", { minutes: article.minutes })}
                  </span>
                </span>
              </>
            ) : (
              <span>
                <time dateTime={article.date}>{t("publishedOn", { date: formatDate(article.date) })}</time> ·{" "}
                {t("readingTime", { minutes: article.minutes })}
              </span>
            )}
          </div>
          {article.heroImage ? (
            <img
              src={article.heroImage}
              alt=""
              width={800}
              height={400}
              className="mt-8 aspect-[2/1] w-full rounded-2xl object-cover"
            />
          ) : null}
          <Markdown blocks={article.blocks} className="mt-4" />
          {article.tags.length > 0 ? (
            <ul className="mt-10 flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/car-research/search?q=${encodeURIComponent(tag.replace(/-/g, " "))}`}
                    className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 hover:bg-brand-50"
                  >
                    {tag.replace(/-/g, " ")}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-10">
            <Link to="/car-research" className="font-semibold text-brand-700 hover:underline">
              {t("backToResearch")}
            </Link>
          </p>
        </Container>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="bg-slate-50 py-12">
          <Container>
            <h2 id="related-title" className="text-2xl font-bold text-slate-900">
              {t("relatedArticles")}
            </h2>
            <div className="mt-6">
              <ArticleList articles={related} texts={texts} />
            </div>
          </Container>
        </section>
      ) : null}
    </>
  );
}
