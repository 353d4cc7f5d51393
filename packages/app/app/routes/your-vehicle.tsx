import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { LandingIntro, LandingSteps } from "../components/landing-steps";
import { TalkToUs } from "../components/next-steps";
import { metaFromData } from "../components/seo";
import { Container } from "../components/ui";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/your-vehicle";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "sell-trade-my-car-your-vehicle");
  return {
    seo: pageSeo(site, request, "sell-trade-my-car-your-vehicle"),
    texts: tree("sell-trade"),
  };
}

export const meta = metaFromData;

const STEPS = ["describe", "offer", "paid"] as const;

/** The start of the sell/trade journey (minimal layout): what the offer needs and how to get one today. */
export default function YourVehicle({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  return (
    <Container className="max-w-3xl py-12">
      <LandingIntro eyebrow={t("landing.eyebrow")} title={t("vehicle.title")} text={t("vehicle.text")} />
      <LandingSteps
        steps={STEPS.map((key) => ({
          key,
          title: t(`landing.steps.${key}.title`),
          text: t(`landing.steps.${key}.text`),
        }))}
      />
      <p className="mt-6 flex items-start gap-2 text-slate-700">
        <Icon name="check-badge" className="size-5 shrink-0 text-ok-800" />
        {t("offer.validDays")}
      </p>
      <div className="mt-8">
        <TalkToUs title={t("offer.bringItIn.title")} />
      </div>
    </Container>
  );
}
