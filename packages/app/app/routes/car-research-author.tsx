import { translator } from "../components/i18n";
import { ArticleList } from "../components/research";
import { metaFromData } from "../components/seo";
import { Container } from "../components/ui";
import { allArticles, articleCard } from "../content/documents.server";
import { authorOf, cardView, researchTexts } from "../content/research.server";
import { notFound, pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/car-research-author";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "car-research-author");
  const author = authorOf(site, params.slug);
  const articles = allArticles().filter((a) => a.author === params.slug);
  if (!author || articles.length === 0) notFound(request);
  return {
    seo: pageSeo(site, request, "car-research-author", { values: { author_name: author.name } }),
    texts: researchTexts(),
    author,
    articles: articles.map((a) => cardView(site, articleCard(a))),
  };
}

export const meta = metaFromData;

/** An author's page: who they are and every article they wrote. */
export default function CarResearchAuthor({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { author } = loaderData;
  return (
    <>
      <div className="border-b border-slate-200 bg-brand-50">
        <Container className="flex flex-col gap-6 py-12 sm:flex-row sm:items-center">
          <img src={author.imageUrl} alt="" width={96} height={96} className="size-24 rounded-full" />
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">
              {t("allArticlesBy", { author: author.name })}
            </h1>
            <p className="mt-1 font-medium text-slate-700">{author.title}</p>
            <p className="mt-3 max-w-2xl text-slate-700">{author.bio}</p>
          </div>
        </Container>
      </div>
      <Container className="py-10">
        <ArticleList articles={loaderData.articles} texts={loaderData.texts} headingLevel={2} />
      </Container>
    </>
  );
}
