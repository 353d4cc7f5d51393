import { Link } from "react-router";
import { translator } from "../components/i18n";
import { TalkToUs } from "../components/next-steps";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { legalDocuments } from "../content/documents.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/full-credit-application";

const STEPS = ["applicant", "residence", "employment", "coBorrower", "review"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "auto-financing-full-credit-application");
  const need = site.content.faqs.financing.find((f) => /full credit application/i.test(f.question));
  return {
    seo: pageSeo(site, request, "auto-financing-full-credit-application"),
    texts: tree("financing.fullCredit"),
    need: need ?? null,
    legal: legalDocuments()
      .filter((page) => page.slug === "electronic-signature-disclosure" || page.slug === "privacy-policy")
      .map((page) => ({ href: `/legal/${page.slug}`, title: page.title })),
  };
}

export const meta = metaFromData;

/** The full credit application: its five steps and what to have ready. */
export default function FullCreditApplication({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
        <div>
          <ol className="space-y-4">
            {STEPS.map((step, i) => (
              <li key={step} className="flex items-center gap-4 rounded-xl border border-slate-200 p-5">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <span className="font-semibold text-slate-900">
                  <span className="sr-only">{t("stepOf", { step: i + 1, total: STEPS.length })}: </span>
                  {t(`steps.${step}`)}
                </span>
              </li>
            ))}
          </ol>
          {loaderData.need ? (
            <section aria-labelledby="need-title" className="mt-10">
              <h2 id="need-title" className="text-xl font-semibold text-slate-900">
                {loaderData.need.question}
              </h2>
              {loaderData.need.answers.map((answer) => (
                <p key={answer} className="mt-3 text-slate-700">
                  {answer}
                </p>
              ))}
            </section>
          ) : null}
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {loaderData.legal.map((page) => (
              <li key={page.href}>
                <Link to={page.href} className="text-brand-700 underline">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <TalkToUs />
      </Container>
    </>
  );
}
