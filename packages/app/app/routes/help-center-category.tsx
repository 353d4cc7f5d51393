import { Link } from "react-router";
import { translator } from "../components/i18n";
import { Markdown } from "../components/markdown";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, formatDate, PageHero } from "../components/ui";
import { helpCenterCategories } from "../content/documents.server";
import { notFound, pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/help-center-category";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "help-center-category");
  const categories = helpCenterCategories();
  const category = categories.find((c) => c.slug === params.category);
  if (!category) notFound(request);
  return {
    seo: pageSeo(site, request, "help-center-category", { values: { category_name: category.title } }),
    texts: tree("research.helpCenter"),
    status: tree("common.status"),
    category,
    others: categories.filter((c) => c.slug !== category.slug).map((c) => ({ slug: c.slug, title: c.title })),
  };
}

export const meta = metaFromData;

/** A help-center topic: its introduction and every answer, each at its own anchor. */
export default function HelpCenterCategory({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { category } = loaderData;
  return (
    <>
      <PageHero eyebrow={t("title")} title={category.title} text={category.description} />
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_18rem]">
        <div>
          {category.blocks.length > 0 ? <Markdown blocks={category.blocks} /> : null}
          <ul className="mt-4 space-y-2 rounded-xl bg-slate-50 p-5">
            {category.articles.map((answer) => (
              <li key={answer.slug}>
                <a href={`#${answer.slug}`} className="text-brand-700 hover:underline">
                  {answer.title}
                </a>
              </li>
            ))}
          </ul>
          {category.articles.map((answer) => (
            <section
              key={answer.slug}
              id={answer.slug}
              aria-labelledby={`${answer.slug}-title`}
              className="scroll-mt-6 border-b border-slate-200 py-8"
            >
              <h2 id={`${answer.slug}-title`} className="text-xl font-semibold text-slate-900">
                {answer.title}
              </h2>
              <Markdown blocks={answer.blocks} />
              <p className="mt-4 text-xs text-slate-600">
                {translator(loaderData.status)("updated", { date: formatDate(answer.updated) })}
              </p>
            </section>
          ))}
        </div>
        <aside aria-labelledby="help-topics" className="space-y-6">
          <div>
            <h2 id="help-topics" className="font-semibold text-slate-900">
              {t("categoriesTitle")}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {loaderData.others.map((other) => (
                <li key={other.slug}>
                  <Link to={`/help-center/${other.slug}`} className="text-brand-700 hover:underline">
                    {other.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl bg-brand-50 p-5">
            <p className="font-semibold text-slate-900">{t("stillNeedHelp")}</p>
            <ButtonLink to="/contact-us" className="mt-3">
              {t("contactUs")}
            </ButtonLink>
          </div>
          <Link to="/help-center" className="block text-sm font-semibold text-brand-700 hover:underline">
            {t("backToHelpCenter")}
          </Link>
        </aside>
      </Container>
    </>
  );
}
