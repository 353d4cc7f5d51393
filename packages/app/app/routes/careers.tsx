import { SelectField } from "../components/forms/fields";
import { FileField } from "../components/forms/file-field";
import { MessageForm } from "../components/forms/message-form";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container, formatDate, PageHero, Section } from "../components/ui";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/careers";
import { careersForm, GENERAL_APPLICATION, submitCareers } from "./careers.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "our-company-careers");
  const { careers } = site.content;
  const texts = tree("careers");
  const storeName = (id: string) => site.stores.find((s) => s.id === id)?.dealer.name;
  return {
    ...(await careersForm(site, request)),
    forms: tree("forms"),
    toastTexts: tree("toasts.careers"),
    seo: pageSeo(site, request, "our-company-careers"),
    texts,
    intro: careers.intro,
    benefits: careers.benefits,
    generalApplication: careers.generalApplication,
    applyHref: `?position=${GENERAL_APPLICATION}#apply`,
    openings: careers.openings.map((opening) => ({
      ...opening,
      locationName: storeName(opening.location) ?? (texts.allLocations as string),
      applyHref: `?position=${encodeURIComponent(opening.id)}#apply`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitCareers(await getSite(context), request);
}

export const meta = metaFromData;

// The form is prefilled with a known visitor's details: the page is theirs alone.
export { privatePageHeaders as headers };

/** Careers: why work here, the open positions and how to apply. */
export default function Careers({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const errors = actionData?.result.error ?? undefined;
  const replied = actionData?.result ? shownValues(actionData.result.initialValue) : undefined;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="py-10">
        <p className="max-w-3xl text-lg text-slate-800">{loaderData.intro}</p>
      </Container>
      <Section id="openings" title={t("openingsTitle")} tone="tinted">
        {loaderData.openings.length === 0 ? (
          <p className="text-slate-700">{t("noOpenings")}</p>
        ) : (
          <ul className="space-y-6">
            {loaderData.openings.map((opening) => (
              <li key={opening.id} id={opening.id} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="text-xl font-semibold text-slate-900">{opening.title}</h3>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
                  <div className="flex gap-1">
                    <dt className="font-medium">{t("department")}:</dt>
                    <dd>{opening.department}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="font-medium">{t("location")}:</dt>
                    <dd>{opening.locationName}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="font-medium">{t("type")}:</dt>
                    <dd>{opening.type}</dd>
                  </div>
                </dl>
                <p className="mt-3 text-slate-800">{opening.summary}</p>
                <details className="group mt-4">
                  <summary className="inline-flex items-center gap-1 font-semibold text-brand-700">
                    {t("responsibilities")} · {t("requirements")}
                    <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="mt-4 grid gap-6 md:grid-cols-2">
                    <div>
                      <h4 className="font-semibold text-slate-900">{t("responsibilities")}</h4>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                        {opening.responsibilities.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </div>
                    <div>
                      <h4 className="font-semibold text-slate-900">{t("requirements")}</h4>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                        {opening.requirements.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </details>
                <div className="mt-5 flex flex-wrap items-center gap-4">
                  <a
                    href={opening.applyHref}
                    className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {t("apply")}
                    <span className="sr-only">: {opening.title}</span>
                  </a>
                  <span className="text-xs text-slate-600">
                    <time dateTime={opening.postedAt}>{t("postedOn", { date: formatDate(opening.postedAt) })}</time>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 rounded-xl bg-white p-6">
          <h3 className="font-semibold text-slate-900">{t("generalApplication")}</h3>
          <p className="mt-2 text-slate-700">{loaderData.generalApplication}</p>
          <a href={loaderData.applyHref} className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            {t("apply")}
          </a>
        </div>
      </Section>
      <Section id="apply" title={t("formTitle")}>
        <div className="max-w-3xl">
          <p className="text-slate-700">{t("formText")}</p>
          <MessageForm
            idempotencyKey={loaderData.idempotencyKey}
            forms={loaderData.forms}
            reply={actionData?.result}
            profile={loaderData.profile}
            failureSummary={translator(loaderData.toastTexts)("error.summary")}
            messageLabel={t("messageLabel")}
            messageRequired={false}
            submitLabel={t("submit")}
            encType="multipart/form-data"
          >
            <div className="sm:col-span-2">
              <SelectField
                name="position"
                label={t("positionLabel")}
                placeholder={t("positionPlaceholder")}
                options={loaderData.positions}
                required
                errors={errors}
                defaultValue={replied?.position ?? loaderData.position ?? undefined}
              />
            </div>
            <div className="sm:col-span-2">
              <FileField
                name="resume"
                label={t("resumeLabel")}
                hint={t("resumeHint")}
                accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                required
                errors={errors}
              />
            </div>
          </MessageForm>
        </div>
      </Section>
      <Section id="benefits" title={t("benefitsTitle")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {loaderData.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 text-slate-800">
              <Icon name="check" className="mt-0.5 size-5 shrink-0 text-ok-800" />
              {benefit}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
