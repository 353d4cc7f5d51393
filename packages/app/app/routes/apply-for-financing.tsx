import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
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
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("landing.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("apply.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("apply.text")}</p>
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
