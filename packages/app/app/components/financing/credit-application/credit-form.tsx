import type { FlatValues } from "@showroom/forms";
import type { CreditApplicationStep } from "@showroom/rules/credit-application";
import { type FormEvent, Suspense } from "react";
import { Form } from "react-router";
import { type FieldErrors, FormMetaFields, fieldId } from "../../forms/fields";
import { translator } from "../../i18n";
import { lazyView } from "../../lazy-view";
import { ApplicantStep, type StepBodyProps } from "./credit-steps";
import type { ReviewSection } from "./review";

// Steps two to five load apart from the page (ADR 426), as the vehicle page does from the listing's route (ADR 402):
// the page opens on the first step, and the stepper fetches them beside its own code before it shows the second. A
// page the server renders on a later step (JavaScript off before, or a refused submit) keeps the server's markup
// until they arrive, then hydrates; its buttons post to the server meanwhile.
// Once the code is here, the stepper's move to the next step renders it in the same pass, never the empty fallback.
const laterSteps = lazyView(
  () => import("./later-steps"),
  (module) => module.LaterStep,
);
export const loadLaterSteps = laterSteps.load;
const LaterStep = laterSteps.View;

const CREDIT_STEPS = ["applicant", "residence", "employment", "coBorrower", "review"] as const;

/** The step on screen: what the server renders without JavaScript and the stepper renders with it. */
export interface CreditFormView {
  step: CreditApplicationStep;
  /** Every answer so far, without SSNs. */
  values: FlatValues;
  errors: FieldErrors | null;
  ssnKept: StepBodyProps["ssnKept"];
  /** Review's sections, when the step is review. */
  review: readonly ReviewSection[] | null;
  /** Why the last send failed, in plain words. */
  failure: string | null;
  idempotencyKey: string;
}

const PRIMARY =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70";
const SECONDARY =
  "inline-flex min-h-11 items-center rounded-md border border-slate-400 px-5 text-base font-semibold text-slate-900 hover:border-brand-600 hover:text-brand-700";

/**
 * The full credit application's form for one step (FORMS.md): progress, the step's fields from the shared groups, the
 * messages, Back and Continue (Submit on review). Every button posts with its `intent`, so without JavaScript each is
 * a server round trip; the stepper passes `onSubmit` and handles the same intents in the browser.
 */
export function CreditApplicationForm({
  view,
  body,
  stepTitles,
  tcpaDisclaimer,
  onSubmit,
  busy = false,
}: {
  view: CreditFormView;
  body: Omit<StepBodyProps, "values" | "errors" | "ssnKept">;
  stepTitles: Record<CreditApplicationStep, string>;
  tcpaDisclaimer: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
}) {
  const t = translator(body.texts.fullCredit);
  const f = translator(body.texts.forms);
  const index = CREDIT_STEPS.indexOf(view.step);
  const props: StepBodyProps = {
    ...body,
    values: view.values,
    errors: view.errors ?? undefined,
    ssnKept: view.ssnKept,
  };
  const errorFields = Object.entries(view.errors ?? {}).filter(([, messages]) => messages && messages.length > 0);
  const review = view.step === "review";
  return (
    <div>
      <ol aria-label={t("progress")} className="flex flex-wrap gap-2">
        {CREDIT_STEPS.map((step, i) => (
          <li
            key={step}
            aria-current={step === view.step ? "step" : undefined}
            className={`rounded-full px-3 py-1 text-sm ${step === view.step ? "bg-brand-700 font-semibold text-white" : i < index ? "bg-brand-50 text-brand-900" : "bg-slate-100 text-slate-700"}`}
          >
            <span className="sr-only">{t("stepOf", { step: i + 1, total: CREDIT_STEPS.length })}: </span>
            {stepTitles[step]}
          </li>
        ))}
      </ol>
      <h2 id="credit-step-title" tabIndex={-1} className="mt-6 text-2xl font-semibold text-slate-900 outline-none">
        {t("stepOf", { step: index + 1, total: CREDIT_STEPS.length })}: {stepTitles[view.step]}
      </h2>
      <p className="mt-2 text-slate-700">{t(`${view.step}Text`)}</p>
      {view.failure ? (
        <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {view.failure}
        </div>
      ) : null}
      {errorFields.length > 0 ? (
        <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{f("errorSummary.title")}</p>
          <ul className="mt-2 list-disc pl-5">
            {errorFields.map(([field, messages]) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} className="underline">
                  {messages?.[0]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form key={view.step} method="post" noValidate onSubmit={onSubmit} className="relative mt-8 grid gap-8">
        {/* Enter in a field continues: the first submit button of a form is its default. */}
        <button
          type="submit"
          name="intent"
          value={review ? "submit" : "continue"}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        >
          {review ? t("submit") : t("continue")}
        </button>
        {review ? <FormMetaFields idempotencyKey={view.idempotencyKey} /> : null}
        {view.step === "applicant" && view.values.vin ? (
          <input type="hidden" name="vin" value={view.values.vin} />
        ) : null}
        {view.step === "applicant" ? (
          <ApplicantStep {...props} />
        ) : (
          <Suspense fallback={null}>
            <LaterStep
              step={view.step}
              props={props}
              review={view.review ?? []}
              stepTitles={stepTitles}
              tcpaDisclaimer={tcpaDisclaimer}
            />
          </Suspense>
        )}
        <div className="flex flex-wrap items-center gap-4">
          {index > 0 ? (
            <button type="submit" name="intent" value="back" formNoValidate className={SECONDARY}>
              {t("back")}
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value={review ? "submit" : "continue"}
            disabled={busy}
            className={PRIMARY}
          >
            {review ? (busy ? t("submitting") : t("submit")) : t("continue")}
          </button>
        </div>
      </Form>
    </div>
  );
}
