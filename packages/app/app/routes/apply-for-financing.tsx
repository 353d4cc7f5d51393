import { TCPA_DISCLAIMER } from "@showroom/forms";
import { Form, useNavigation } from "react-router";
import { PhoneVerificationField } from "../components/financing/phone-verification-field";
import { FormMetaFields, TextAreaField } from "../components/forms/fields";
import { AddressFields, ContactFields } from "../components/forms/groups";
import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { formatMoney } from "../components/money";
import { TalkToUs } from "../components/next-steps";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container } from "../components/ui";
import { getSite } from "../content/site.server";
import { requestContext } from "../context";
import type { LayoutHandle } from "../layouts/minimal";
import type { Route } from "./+types/apply-for-financing";
import { type PreApprovalRefusal, preApprovalPage, submitPreApproval } from "./apply-for-financing.server";

/** Default layout when the store's pre-approval is on, minimal otherwise (spec section 2). */
export const handle: LayoutHandle = { layout: "pre-approval" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return preApprovalPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitPreApproval(await getSite(context), request, context.get(requestContext).clientIp);
}

export { privatePageHeaders as headers };

export const meta = metaFromData;

/** Where every Get Started and Get Pre-Approved button leads: the instant pre-approval form (spec section 2). */
export default function ApplyForFinancing({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const refusal = actionData as PreApprovalRefusal | undefined;
  if (loaderData.receipt) {
    return <Receipt texts={loaderData.texts} receipt={loaderData.receipt} vin={loaderData.vehicle?.vin ?? null} />;
  }
  return (
    <Container className="max-w-3xl py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("landing.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("apply.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("apply.text")}</p>
      {loaderData.vehicle || loaderData.estimate ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {loaderData.vehicle ? (
            <div className="rounded-xl border border-slate-200 p-4">
              <h2 className="text-sm font-semibold text-slate-700">{t("apply.vehicleTitle")}</h2>
              <a href={loaderData.vehicle.href} className="mt-1 block font-semibold text-brand-800 underline">
                {loaderData.vehicle.title}
              </a>
            </div>
          ) : null}
          {loaderData.estimate ? (
            <div className="rounded-xl border border-slate-200 p-4">
              <h2 className="text-sm font-semibold text-slate-700">{t("apply.estimateTitle")}</h2>
              <p className="mt-1 text-slate-900">
                {t("apply.estimateLine", {
                  monthly: loaderData.estimate.estimate.monthly,
                  months: loaderData.estimate.estimate.termMonths,
                  apr: loaderData.estimate.estimate.apr,
                  price: formatMoney(loaderData.estimate.choices.price),
                })}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      <PreApprovalForm loaderData={loaderData} refusal={refusal} />
      <div className="mt-10">
        <TalkToUs />
      </div>
    </Container>
  );
}

function PreApprovalForm({
  loaderData,
  refusal,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  refusal: PreApprovalRefusal | undefined;
}) {
  const t = translator(loaderData.texts);
  const navigation = useNavigation();
  const values = refusal?.values ?? loaderData.values;
  const errors = refusal?.errors;
  const estimate = loaderData.estimate?.choices;
  const keyValue = refusal?.values.idempotencyKey ?? loaderData.idempotencyKey;
  return (
    <Form method="post" noValidate className="relative mt-8 grid gap-5 sm:grid-cols-2">
      {/* Enter in any field sends the form, not the phone's Send code: the first submit button is the default. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("apply.submit")}
      </button>
      <FormMetaFields idempotencyKey={keyValue} />
      {loaderData.vehicle ? <input type="hidden" name="vin" value={loaderData.vehicle.vin} /> : null}
      {estimate
        ? Object.entries(estimate).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
        : null}
      {refusal?.failed ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900 sm:col-span-2">
          {t("apply.failed", { phone: loaderData.store.salesPhone })}
        </div>
      ) : null}
      <h2 className="text-xl font-semibold text-slate-900 sm:col-span-2">{t("apply.formTitle")}</h2>
      <ContactFields
        texts={loaderData.forms}
        errors={errors}
        values={values}
        phone={
          loaderData.verificationRequired ? (
            <PhoneVerificationField
              texts={loaderData.forms}
              initial={refusal?.verification ?? loaderData.verification}
              defaultValue={values.phone}
              errors={errors}
            />
          ) : undefined
        }
      />
      <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-xl font-semibold text-slate-900">{t("apply.addressTitle")}</legend>
        <p className="-mt-2 text-slate-700 sm:col-span-2">{t("apply.addressText")}</p>
        <AddressFields
          prefix="address."
          texts={loaderData.forms}
          errors={errors}
          values={values}
          states={loaderData.states}
          names={{ street: "street", apartment: "apartment", city: "city", state: "regioncode", zip: "postalcode" }}
        />
      </fieldset>
      <div className="sm:col-span-2">
        <TextAreaField
          name="comments"
          label={translator(loaderData.forms)("fields.comments.label")}
          errors={errors}
          defaultValue={values.comments}
          rows={3}
        />
      </div>
      <p className="text-sm text-slate-700 sm:col-span-2">{TCPA_DISCLAIMER}</p>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
        >
          {t("apply.submit")}
        </button>
      </div>
    </Form>
  );
}

/** After the submission: the reference, the promise of an answer within 24–48 hours, and the next steps. */
function Receipt({
  texts,
  receipt,
  vin,
}: {
  texts: Route.ComponentProps["loaderData"]["texts"];
  receipt: { reference: string; firstName: string };
  /** The car the pre-approval was for, when it came from one: the full application carries it on. */
  vin: string | null;
}) {
  const t = translator(texts);
  return (
    <Container className="max-w-3xl py-12">
      <Icon name="check-badge" className="size-10 text-ok-800" />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">
        {t("apply.success.title", { name: receipt.firstName })}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{t("apply.success.text")}</p>
      <p className="mt-6 rounded-xl bg-brand-50 p-5">
        <span className="block text-sm font-medium text-slate-800">{t("apply.success.reference")}</span>
        <strong className="mt-1 block font-mono text-2xl tracking-wider text-slate-900">{receipt.reference}</strong>
      </p>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">{t("apply.success.nextTitle")}</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-5">
          <p className="text-slate-800">{t("apply.success.fullCredit")}</p>
          <ButtonLink
            to={`/auto-financing/full-credit-application${vin ? `?${new URLSearchParams({ vin })}` : ""}`}
            className="mt-4"
          >
            {t("apply.success.fullCreditButton")}
          </ButtonLink>
        </div>
        <div className="rounded-xl border border-slate-200 p-5">
          <p className="text-slate-800">{t("apply.success.browse")}</p>
          <ButtonLink to="/cars-for-sale" variant="secondary" className="mt-4">
            {t("apply.success.browseButton")}
          </ButtonLink>
        </div>
      </div>
    </Container>
  );
}
