import { Link } from "react-router";
import { counter, translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { helpCenterCategories } from "../content/documents.server";
import { iconPath } from "../content/icons.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/help-center";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "help-center");
  return {
    seo: pageSeo(site, request, "help-center"),
    texts: tree("research.helpCenter"),
    categories: helpCenterCategories().map((c) => ({
      slug: c.slug,
      title: c.title,
      description: c.description,
      iconPath: iconPath(c.icon ?? "question-mark-circle"),
      questions: c.articles.map((a) => ({ slug: a.slug, title: a.title })),
    })),
  };
}

export const meta = metaFromData;

/** The help center: its topics, each with its questions. */
export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const n = counter(loaderData.texts);
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="py-12">
        <h2 className="text-2xl font-bold text-slate-900">{t("categoriesTitle")}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.categories.map((category) => (
            <li key={category.slug} className="rounded-xl border border-slate-200 p-6">
              <Icon d={category.iconPath} className="size-8 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">
                <Link
                  to={`/help-center/${category.slug}`}
                  prefetch="intent"
                  className="hover:text-brand-700 hover:underline"
                >
                  {category.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-700">{category.description}</p>
              <p className="mt-2 text-xs text-slate-600">{n("articlesCount", category.questions.length)}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {category.questions.slice(0, 4).map((question) => (
                  <li key={question.slug}>
                    <Link
                      to={`/help-center/${category.slug}#${question.slug}`}
                      className="text-brand-700 hover:underline"
                    >
                      {question.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-xl bg-brand-50 p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("stillNeedHelp")}</h2>
          <ButtonLink to="/contact-us" className="mt-4">
            {t("contactUs")}
          </ButtonLink>
        </div>
      </Container>
    </>
  );
}
