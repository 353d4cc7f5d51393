import { Form, Link, useNavigation } from "react-router";
import { ContactFields } from "../components/forms/contact-fields";
import { FormMetaFields } from "../components/forms/fields";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/unlock-inventory";
import { unlockInventoryAction, unlockInventoryPage } from "./unlock-inventory.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return unlockInventoryPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return unlockInventoryAction(await getSite(context), request);
}

export const meta = metaFromData;

/** The contact step is prefilled from the visitor's profile. */
export { privatePageHeaders as headers };

/**
 * The private-inventory unlock (spec section 4): the visitor's details, then access granted and back to the page
 * they came from, where private vehicles now show. Works as a plain form post without JavaScript.
 */
export default function UnlockInventory({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const sending = useNavigation().state === "submitting";
  const errors = actionData?.result.error ?? undefined;
  const values = shownValues(actionData?.result.initialValue);
  const formError = actionData?.result.error?.[""]?.[0];
  const { profile } = loaderData;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="max-w-3xl py-10">
        {loaderData.granted && !actionData ? (
          <section
            aria-labelledby="unlock-granted-title"
            className="rounded-lg border border-green-300 bg-green-50 p-6"
          >
            <h2 id="unlock-granted-title" className="text-xl font-semibold text-green-950">
              {t("grantedTitle")}
            </h2>
            <p className="mt-2 text-green-950">{t("grantedText")}</p>
            <Link
              to={loaderData.returnTo}
              className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              {t("continue")}
            </Link>
          </section>
        ) : (
          <section aria-labelledby="unlock-form-title">
            <h2 id="unlock-form-title" className="text-2xl font-semibold text-slate-900">
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
              <input type="hidden" name="return" value={loaderData.returnTo} />
              <ContactFields texts={{ fields: loaderData.fields }} errors={errors} values={values} prefill={profile} />
              <p className="text-sm text-slate-700 sm:col-span-2">{loaderData.tcpa}</p>
              <div className="sm:col-span-2">
                <button
                  type="submit"
                  disabled={sending}
                  className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
                >
                  {t("submit")}
                </button>
              </div>
            </Form>
          </section>
        )}
      </Container>
    </>
  );
}
