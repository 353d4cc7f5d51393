import { Form, Link, useNavigation } from "react-router";
import { EmailField, FormMetaFields } from "../components/forms/fields";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/alerts-new";
import { newAlertAction, newAlertPage } from "./alerts.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return newAlertPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return newAlertAction(await getSite(context), request);
}

export const meta = metaFromData;

export { privatePageHeaders as headers };

/**
 * The email alert form (issue 28): one address for a search's new matches or a vehicle's price drops. A plain form
 * post; the alert starts once the shopper confirms the email it sends (double opt-in).
 */
export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const sending = useNavigation().state === "submitting";
  const errors = actionData?.result.error ?? undefined;
  const values = shownValues(actionData?.result.initialValue);
  const formError = actionData?.result.error?.[""]?.[0];
  const fields = translator(loaderData.fields);
  return (
    <>
      <PageHero title={t("newTitle")} text={t("newText", { dealer: loaderData.dealerName })} />
      <Container className="max-w-2xl py-10">
        <section aria-labelledby="alert-form-title">
          <h2 id="alert-form-title" className="text-2xl font-semibold text-slate-900">
            {t("watching")}: {loaderData.label}
          </h2>
          {formError ? (
            <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
              {formError}
            </p>
          ) : null}
          <Form method="post" noValidate className="mt-6 grid gap-5">
            <FormMetaFields idempotencyKey={values.idempotencyKey ?? loaderData.idempotencyKey} />
            {loaderData.search ? <input type="hidden" name="search" value={loaderData.search} /> : null}
            {loaderData.vin ? <input type="hidden" name="vin" value={loaderData.vin} /> : null}
            <EmailField
              name="email"
              label={fields("email.label")}
              placeholder={fields("email.placeholder")}
              required
              errors={errors}
              defaultValue={values.email}
            />
            <p className="text-sm text-slate-700">{t("consent")}</p>
            <div className="flex flex-wrap items-center gap-4">
              <button
                type="submit"
                disabled={sending}
                className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
              >
                {t("submit")}
              </button>
              <Link
                to={loaderData.back}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {t("back")}
              </Link>
            </div>
          </Form>
        </section>
      </Container>
    </>
  );
}
