import { translator } from "../components/i18n";
import { ArticleList, ResearchSearch } from "../components/research";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { articleCard } from "../content/documents.server";
import { cardView, researchTexts, searchArticles } from "../content/research.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/car-research-search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "car-research-search");
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, 100);
  return {
    // Result pages are thin, changing lists: crawlers get the research index and the articles instead.
    seo: pageSeo(site, request, "car-research-search", { indexable: query === "" }),
    texts: researchTexts(),
    query,
    results: query ? searchArticles(query).map((a) => cardView(site, articleCard(a))) : [],
  };
}

export const meta = metaFromData;

/** Search of the research articles. */
export default function CarResearchSearch({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { query, results } = loaderData;
  return (
    <>
      <PageHero title={t("searchTitle")}>
        <ResearchSearch texts={loaderData.texts} query={query} />
      </PageHero>
      <Container className="py-10">
        {query ? (
          <>
            <h2 className="text-xl font-semibold text-slate-900" aria-live="polite">
              {results.length > 0 ? t("resultsFor", { query }) : t("noResults", { query })}
            </h2>
            {results.length > 0 ? (
              <div className="mt-6">
                <ArticleList articles={results} texts={loaderData.texts} />
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-slate-700">{t("text")}</p>
        )}
      </Container>
    </>
  );
}
