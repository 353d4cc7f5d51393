import { TCPA_DISCLAIMER } from "@showroom/forms";
import { Form, useNavigation } from "react-router";
import { FormMetaFields, SelectField, TextAreaField, TextField } from "../components/forms/fields";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
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
    fields: tree("forms.fields"),
    toastTexts: tree("toasts.contact"),
    store: storeView(site.store),
    ...contactForm(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitContact(await getSite(context), request);
}

export const meta = metaFromData;

/** Contact us: an inquiry topic and a message, as a lead that reaches the dealership's CRM. */
export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const f = translator(loaderData.fields);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors = actionData?.result.error ?? undefined;
  const values = shownValues(actionData?.result.initialValue);
  const formError = actionData?.result.error?.[""]?.[0];
  const { store } = loaderData;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="grid gap-10 py-10 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="text-2xl font-semibold text-slate-900">
            {t("formTitle")}
          </h2>
          {formError ? (
            <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
              <p className="font-semibold">{translator(loaderData.toastTexts)("error.summary")}</p>
              <p>{formError}</p>
            </div>
          ) : null}
          <Form method="post" noValidate className="relative mt-6 grid gap-5 sm:grid-cols-2">
            <FormMetaFields idempotencyKey={values.idempotencyKey ?? loaderData.idempotencyKey} />
            <TextField
              name="firstName"
              label={f("firstName.label")}
              autoComplete="given-name"
              required
              errors={errors}
              defaultValue={values.firstName}
            />
            <TextField
              name="lastName"
              label={f("lastName.label")}
              autoComplete="family-name"
              required
              errors={errors}
              defaultValue={values.lastName}
            />
            <TextField
              name="email"
              type="email"
              label={f("email.label")}
              autoComplete="email"
              inputMode="email"
              required
              errors={errors}
              defaultValue={values.email}
            />
            <TextField
              name="phone"
              type="tel"
              label={f("phone.label")}
              autoComplete="tel"
              inputMode="tel"
              placeholder={f("phone.placeholder")}
              required
              errors={errors}
              defaultValue={values.phone}
            />
            <div className="sm:col-span-2">
              <SelectField
                name="topic"
                label={t("topicLabel")}
                placeholder={f("topic.placeholder")}
                options={loaderData.topics}
                required
                errors={errors}
                defaultValue={values.topic}
              />
            </div>
            <div className="sm:col-span-2">
              <TextAreaField
                name="message"
                label={f("message.label")}
                required
                errors={errors}
                defaultValue={values.message}
              />
            </div>
            <p className="text-sm text-slate-700 sm:col-span-2">{TCPA_DISCLAIMER}</p>
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={sending}
                className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
              >
                {t("submit")}
              </button>
            </div>
          </Form>
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
