import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
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
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("landing.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("vehicle.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("vehicle.text")}</p>
      <ol className="mt-8 space-y-4">
        {STEPS.map((step, i) => (
          <li key={step} className="flex gap-4 rounded-xl border border-slate-200 p-5">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">{t(`landing.steps.${step}.title`)}</h2>
              <p className="mt-1 text-slate-700">{t(`landing.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
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
