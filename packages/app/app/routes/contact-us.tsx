import { TCPA_DISCLAIMER } from "@showroom/forms";
import { SelectField } from "../components/forms/fields";
import { MessageForm } from "../components/forms/message-form";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { pageSeo, requirePage } from "../content/seo.server";
import { storeView } from "../content/shell.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/contact-us";
import { contactForm, submitContact } from "./contact-us.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "contact-us");
  return {
    seo: pageSeo(site, request, "contact-us"),
    texts: tree("contact"),
    forms: tree("forms"),
    toastTexts: tree("toasts.contact"),
    store: storeView(site.store),
    ...(await contactForm(site)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitContact(await getSite(context), request);
}

export const meta = metaFromData;

// The form is prefilled with a known visitor's details: the page is theirs alone.
export { privatePageHeaders as headers };

/** Contact us: an inquiry topic and a message, as a lead that reaches the dealership's CRM. */
export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const f = translator(loaderData.forms);
  const { store } = loaderData;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="grid gap-10 py-10 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="text-2xl font-semibold text-slate-900">
            {t("formTitle")}
          </h2>
          <MessageForm
            idempotencyKey={loaderData.idempotencyKey}
            forms={loaderData.forms}
            reply={actionData?.result}
            profile={loaderData.profile}
            failureSummary={translator(loaderData.toastTexts)("error.summary")}
            disclaimer={TCPA_DISCLAIMER}
            submitLabel={t("submit")}
          >
            <div className="sm:col-span-2">
              <SelectField
                name="topic"
                label={t("topicLabel")}
                placeholder={f("fields.topic.placeholder")}
                options={loaderData.topics}
                required
                errors={actionData?.result.error ?? undefined}
                defaultValue={shownValues(actionData?.result.initialValue).topic}
              />
            </div>
          </MessageForm>
        </section>
        <aside aria-labelledby="contact-visit-title" className="space-y-6">
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="contact-visit-title" className="text-lg font-semibold text-slate-900">
              {t("visitTitle")}
            </h2>
            <p className="mt-2 text-slate-800">{store.name}</p>
            <address className="not-italic text-slate-800">
              {store.addressLine1}
              <br />
              {store.cityLine}
            </address>
            <p className="mt-2 text-slate-800">{store.salesHours}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t("callTitle")}</h2>
            <p className="mt-2 text-slate-800">{t("callText", { phone: store.salesPhone })}</p>
          </div>
        </aside>
      </Container>
    </>
  );
}
