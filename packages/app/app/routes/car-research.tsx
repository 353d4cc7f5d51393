import { translator } from "../components/i18n";
import { ArticleList, ResearchSearch } from "../components/research";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { researchSections, researchTexts } from "../content/research.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/car-research";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "car-research");
  return { seo: pageSeo(site, request, "car-research"), texts: researchTexts(), sections: researchSections(site) };
}

export const meta = metaFromData;

/** Car research: the search box and the newest articles of each section. */
export default function CarResearch({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  return (
    <>
      <PageHero title={t("title")} text={t("text")}>
        <ResearchSearch texts={loaderData.texts} />
      </PageHero>
      {loaderData.sections.map((section, i) => (
        <section
          key={section.id}
          aria-labelledby={`research-${section.id}`}
          className={i % 2 ? "bg-slate-50 py-12" : "py-12"}
        >
          <Container>
            <h2 id={`research-${section.id}`} className="text-2xl font-bold text-slate-900">
              {section.name}
            </h2>
            <div className="mt-6">
              <ArticleList articles={section.articles} texts={loaderData.texts} />
            </div>
          </Container>
        </section>
      ))}
    </>
  );
}
