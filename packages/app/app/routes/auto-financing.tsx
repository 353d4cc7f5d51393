import { PaymentEstimator } from "../components/financing/payment-estimator";
import { Faqs, Reviews } from "../components/home/home-sections";
import { translator } from "../components/i18n";
import { LandingSteps } from "../components/landing-steps";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, PageHero, Section } from "../components/ui";
import { estimatorView } from "../content/financing.server";
import { reviewsBlock } from "../content/landing.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { readShopperNumbers, saveShopperNumbers } from "../content/shopper-numbers.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/auto-financing";

const STEPS = ["apply", "compare", "drive"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "auto-financing");
  const numbers = readShopperNumbers(request, site.settings);
  return {
    seo: pageSeo(site, request, "auto-financing"),
    texts: tree("financing.landing"),
    estimatorTexts: tree("financing.estimator"),
    estimator: estimatorView(new URL(request.url).searchParams, numbers),
    labels: tree("common.labels"),
    reviews: reviewsBlock(site, "financing"),
    faqs: {
      title: site.content.home.faqs.title,
      text: site.content.home.faqs.text,
      items: site.content.faqs.financing,
    },
  };
}

/** "Use these numbers" / "Forget my numbers" under the estimate (ADR 375). */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  requirePage(site, request, "auto-financing");
  return saveShopperNumbers(request, site.settings);
}

export const meta = metaFromData;

/**
 * Auto financing: the payment estimator (a GET form, so any estimate is a link), how it works, for every credit level,
 * free, several lenders, answers in 24–48 hours.
 */
export default function AutoFinancing({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const label = translator(loaderData.labels);
  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("title")} text={t("text")}>
        <ButtonLink to="/auto-financing/apply-for-financing">{label("getPreApproved")}</ButtonLink>
        <ButtonLink to="/auto-financing/full-credit-application" variant="secondary">
          {t("fullCreditButton")}
        </ButtonLink>
      </PageHero>
      <Section
        id="estimator"
        title={translator(loaderData.estimatorTexts)("title")}
        text={translator(loaderData.estimatorTexts)("text")}
      >
        {actionData ? (
          <p role="alert" className="mb-4 font-semibold text-red-700">
            {actionData.message}
          </p>
        ) : null}
        <PaymentEstimator view={loaderData.estimator} texts={loaderData.estimatorTexts} />
      </Section>
      <Section id="how-it-works" title={t("howItWorksTitle")}>
        <LandingSteps
          variant="grid"
          steps={STEPS.map((key) => ({ key, title: t(`steps.${key}.title`), text: t(`steps.${key}.text`) }))}
        />
      </Section>
      <section aria-labelledby="full-credit-title" className="bg-brand-900 py-14 text-white">
        <Container className="flex flex-col items-start gap-4 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="full-credit-title" className="text-2xl font-bold">
              {t("fullCreditTitle")}
            </h2>
            <p className="mt-2 text-brand-50">{t("fullCreditText")}</p>
          </div>
          <ButtonLink to="/auto-financing/full-credit-application" variant="light">
            {t("fullCreditButton")}
          </ButtonLink>
        </Container>
      </section>
      <Reviews section={loaderData.reviews.section} items={loaderData.reviews.items} />
      <Faqs title={loaderData.faqs.title} text={loaderData.faqs.text} items={loaderData.faqs.items} />
    </>
  );
}
