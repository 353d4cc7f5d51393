import { Faqs, Reviews } from "../components/home/home-sections";
import { translator } from "../components/i18n";
import { LandingSteps } from "../components/landing-steps";
import { metaFromData } from "../components/seo";
import { ButtonLink, PageHero, Section } from "../components/ui";
import { reviewsBlock } from "../content/landing.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/sell-trade-my-car";

const STEPS = ["describe", "offer", "paid"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "sell-trade-my-car");
  return {
    seo: pageSeo(site, request, "sell-trade-my-car"),
    texts: tree("sell-trade.landing"),
    reviews: reviewsBlock(site, "sellTrade"),
    faqs: {
      title: site.content.home.faqs.title,
      text: site.content.home.faqs.text,
      items: site.content.faqs.sellTrade,
    },
  };
}

export const meta = metaFromData;

/** Sell or trade: an offer in under 60 seconds, valid 7 days; how it works, what sellers say, questions. */
export default function SellTradeMyCar({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  return (
    <>
      <PageHero eyebrow={t("eyebrow")} title={t("title")} text={t("text")}>
        <ButtonLink to="/sell-trade-my-car/your-vehicle">{t("start")}</ButtonLink>
      </PageHero>
      <Section id="how-it-works" title={t("stepsTitle")}>
        <LandingSteps
          variant="grid"
          steps={STEPS.map((key) => ({ key, title: t(`steps.${key}.title`), text: t(`steps.${key}.text`) }))}
        />
        <ButtonLink to="/sell-trade-my-car/your-vehicle" className="mt-8">
          {t("start")}
        </ButtonLink>
      </Section>
      <Reviews section={loaderData.reviews.section} items={loaderData.reviews.items} />
      <Faqs title={loaderData.faqs.title} text={loaderData.faqs.text} items={loaderData.faqs.items} />
    </>
  );
}
