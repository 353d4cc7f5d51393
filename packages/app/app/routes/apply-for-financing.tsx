import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { LandingIntro, LandingSteps } from "../components/landing-steps";
import { TalkToUs } from "../components/next-steps";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container } from "../components/ui";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { LayoutHandle } from "../layouts/minimal";
import type { Route } from "./+types/apply-for-financing";

/** Default layout when the store's pre-approval is on, minimal otherwise (spec section 2). */
export const handle: LayoutHandle = { layout: "pre-approval" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "auto-financing-apply-for-financing");
  return {
    seo: pageSeo(site, request, "auto-financing-apply-for-financing"),
    texts: tree("financing"),
  };
}

export const meta = metaFromData;

const STEPS = ["apply", "compare", "drive"] as const;

/** Where every Get Started and Get Pre-Approved button leads: what pre-approval takes, and how to start today. */
export default function ApplyForFinancing({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  return (
    <Container className="max-w-3xl py-12">
      <LandingIntro eyebrow={t("landing.eyebrow")} title={t("apply.title")} text={t("apply.text")} />
      <LandingSteps
        steps={STEPS.map((key) => ({
          key,
          title: t(`landing.steps.${key}.title`),
          text: t(`landing.steps.${key}.text`),
        }))}
      />
      <div className="mt-8 rounded-xl bg-brand-50 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon name="document-text" className="size-6 text-brand-700" />
          {t("landing.fullCreditTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("landing.fullCreditText")}</p>
        <ButtonLink to="/auto-financing/full-credit-application" className="mt-4">
          {t("landing.fullCreditButton")}
        </ButtonLink>
      </div>
      <div className="mt-8">
        <TalkToUs />
      </div>
    </Container>
  );
}
