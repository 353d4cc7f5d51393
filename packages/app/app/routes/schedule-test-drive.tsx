import { Form, Link, useNavigation } from "react-router";
import { ContactFields } from "../components/forms/contact-fields";
import { type FieldErrors, FormMetaFields } from "../components/forms/fields";
import { shownValues } from "../components/forms/shown-values";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { TestDriveToastNotice } from "../components/test-drive/toast-notice";
import { Container, PageHero } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/schedule-test-drive";
import { type StepRefusal, testDriveAction, testDrivePage } from "./schedule-test-drive.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return testDrivePage(await getSite(context), request, params.vin);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return testDriveAction(await getSite(context), request, params.vin);
}

export const meta = metaFromData;

/** The contact step is prefilled from the visitor's profile. */
export { privatePageHeaders as headers };

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 text-base font-semibold disabled:opacity-70";
const PRIMARY = `${BUTTON} bg-brand-700 text-white shadow-sm hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:text-brand-700`;
const CHOICE =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-base text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600";

/** A radio list: the day or time choices of a step, with the field's first error. */
function Choices({
  name,
  legend,
  options,
  checked,
  errors,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  checked: string | null;
  errors: FieldErrors | undefined;
}) {
  const error = errors?.[name]?.[0];
  return (
    <fieldset aria-describedby={error ? `field-${name}-error` : undefined}>
      <legend className="text-xl font-semibold text-slate-900">{legend}</legend>
      {error ? (
        <p id={`field-${name}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className={CHOICE}>
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === checked}
              required
              aria-invalid={error ? true : undefined}
              className="size-5 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Schedule Test Drive without JavaScript (spec section 4): one form post per step, "What day works best?", "What
 * time works best?", "Confirm your details to schedule", each answered with a redirect back here; the booking
 * redirects to the vehicle with the "Test Drive Scheduled" toast. With JavaScript the same forms post without a
 * full page load.
 */
export default function ScheduleTestDrive({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const sending = useNavigation().state === "submitting";
  // Only a refusal carries a submission result; a fetcher's success ({ ok, step }) rendered as a document is not one.
  const refusal = actionData && "result" in actionData ? (actionData as StepRefusal) : undefined;
  const step = refusal?.step ?? loaderData.step;
  const date = (refusal?.step ? refusal.date : null) ?? loaderData.date;
  const time = (refusal?.step ? refusal.time : null) ?? loaderData.time;
  const errors = refusal?.result.error ?? undefined;
  const values = shownValues(refusal?.result.initialValue);
  const formError = refusal?.result.error?.[""]?.[0];
  const day = loaderData.days.find((d) => d.date === date);
  const timeLabel = day?.times.find((option) => option.value === time)?.label;
  const stepNumber = step === "pickDay" ? 1 : step === "pickTime" ? 2 : 3;
  const { store, vehicle, profile } = loaderData;

  const backForm = (label: string) => (
    <Form method="post" className="mt-2">
      <button type="submit" name="intent" value="back" className={SECONDARY}>
        {label}
      </button>
    </Form>
  );

  return (
    <>
      <PageHero title={t("dialog.title")} text={t("page.vehicle", { vehicle: vehicle.title })} />
      <Container className="max-w-3xl py-10">
        <p className="text-sm text-slate-700">{t("page.store", { store: store.name, address: store.address })}</p>
        <p className="mt-1 text-sm font-semibold text-brand-700">{t("page.step", { step: stepNumber })}</p>
        {refusal?.toast ? <TestDriveToastNotice toast={refusal.toast} /> : null}
        {formError ? (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {formError}
          </p>
        ) : null}

        {step !== "pickDay" && day ? (
          <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <dl className="grid gap-1 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-700">{t("page.chosenDay")}</dt>
                <dd className="font-semibold text-slate-900">{day.label}</dd>
              </div>
              {step === "confirmDetails" && timeLabel ? (
                <div>
                  <dt className="text-sm text-slate-700">{t("page.chosenTime")}</dt>
                  <dd className="font-semibold text-slate-900">{timeLabel}</dd>
                </div>
              ) : null}
            </dl>
            {backForm(step === "pickTime" ? t("page.changeDay") : t("page.changeTime"))}
          </div>
        ) : null}

        {step === "pickDay" ? (
          loaderData.days.length === 0 ? (
            <p className="mt-6 text-slate-800">{t("page.noSlots", { phone: store.phone })}</p>
          ) : (
            <Form method="post" noValidate className="mt-6 space-y-6">
              <Choices
                name="date"
                legend={t("dialog.pickDay")}
                options={loaderData.days.map((d) => ({ value: d.date, label: d.label }))}
                checked={date}
                errors={errors}
              />
              <button type="submit" name="intent" value="day" disabled={sending} className={PRIMARY}>
                {t("page.next")}
              </button>
            </Form>
          )
        ) : null}

        {step === "pickTime" ? (
          <Form method="post" noValidate className="mt-6 space-y-6">
            <input type="hidden" name="date" value={date ?? ""} />
            <Choices
              name="time"
              legend={t("dialog.pickTime")}
              options={day?.times ?? []}
              checked={time}
              errors={errors}
            />
            <button type="submit" name="intent" value="time" disabled={sending} className={PRIMARY}>
              {t("page.next")}
            </button>
          </Form>
        ) : null}

        {step === "confirmDetails" ? (
          <Form method="post" noValidate className="relative mt-6">
            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-xl font-semibold text-slate-900 sm:col-span-2">
                {t("dialog.confirmDetails")}
              </legend>
              <FormMetaFields idempotencyKey={values.idempotencyKey ?? loaderData.idempotencyKey} />
              <input type="hidden" name="date" value={date ?? ""} />
              <input type="hidden" name="time" value={time ?? ""} />
              {errors?.time?.[0] ? (
                <p id="field-time-error" role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
                  {errors.time[0]}
                </p>
              ) : null}
              <ContactFields texts={{ fields: loaderData.fields }} errors={errors} values={values} prefill={profile} />
              <p className="text-sm text-slate-700 sm:col-span-2">{loaderData.tcpa}</p>
              <div className="sm:col-span-2">
                <button type="submit" name="intent" value="confirm" disabled={sending} className={PRIMARY}>
                  {t("dialog.submit")}
                </button>
              </div>
            </fieldset>
          </Form>
        ) : null}

        <p className="mt-10">
          <Link to={vehicle.href} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {t("page.backToVehicle")}
          </Link>
        </p>
      </Container>
    </>
  );
}
