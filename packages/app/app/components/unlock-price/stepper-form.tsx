import { TCPA_DISCLAIMER } from "@showroom/forms";
import { Form, Link } from "react-router";
import { preApprovalPath } from "../financing/pre-approval-link";
import { ContactFields } from "../forms/contact-fields";
import { type FieldErrors, FormMetaFields } from "../forms/fields";
import { type TextTree, translator } from "../i18n";
import type { EstimateView, SliderView, SliderViews, StepperVehicleView, StepperView } from "./types";

export interface StepperTexts {
  /** `unlock-price` */
  readonly texts: TextTree;
  /** `inventory.unlockPrice` */
  readonly steps: TextTree;
  /** `forms.fields` */
  readonly fields: TextTree;
}

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-5 py-2.5 text-base font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
export const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70`;
export const SECONDARY = `${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`;
const INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

/** The estimate line under the sliders: monthly, APR and term, then the disclaimer. */
export function EstimateSummary({
  estimate,
  steps,
  live = false,
}: {
  estimate: EstimateView;
  steps: TextTree;
  /** Announce changes politely (the dialog's sliders move it). */
  live?: boolean;
}) {
  const s = translator(steps);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm font-medium text-slate-700">{s("estimate.monthly")}</p>
      <p className="text-2xl font-bold text-slate-900" aria-live={live ? "polite" : undefined} aria-atomic="true">
        {s("estimate.perMonth", { amount: estimate.monthly })}{" "}
        <span className="text-base font-normal text-slate-700">
          {s("estimate.apr", { apr: estimate.apr })} {s("estimate.term", { months: estimate.termMonths })}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {s("estimate.amountFinanced")}: {estimate.amountFinanced}
      </p>
      <p className="mt-2 text-xs text-slate-700">{s("estimate.disclaimer")}</p>
    </div>
  );
}

/** The three ways on once the price is unlocked (spec section 4). */
export function DoneChoices({
  vehicle,
  texts,
  onKeepBrowsing,
}: {
  vehicle: StepperVehicleView;
  texts: TextTree;
  /** With JavaScript, Keep browsing closes the dialog instead of leaving the page. */
  onKeepBrowsing?: () => void;
}) {
  const t = translator(texts);
  return (
    <nav aria-label={t("choices.title")} className="mt-6">
      <ul className="flex flex-col gap-3 sm:flex-row">
        <li>
          {onKeepBrowsing ? (
            <button type="button" className={SECONDARY} onClick={onKeepBrowsing}>
              {t("choices.keepBrowsing")}
            </button>
          ) : (
            <Link to={vehicle.href} className={SECONDARY}>
              {t("choices.keepBrowsing")}
            </Link>
          )}
        </li>
        <li>
          <Link to={preApprovalPath(vehicle.vin)} className={PRIMARY}>
            {t("choices.getPreApproved")}
          </Link>
        </li>
        <li>
          <Link to="/sell-trade-my-car" className={SECONDARY}>
            {t("choices.valueMyTrade")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The text values of a posted-back form (a value that is not text shows the field's prefill instead). */
function postedText(values: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function errorOf(errors: FieldErrors | undefined, name: string): string | undefined {
  return errors?.[name]?.[0] ?? undefined;
}

/** A number field for one slider's value: what a range becomes without JavaScript, so the value is visible. */
function AmountField({
  name,
  label,
  value,
  slider,
  errors,
  prefix,
}: {
  name: string;
  label: string;
  value: number;
  slider: SliderView;
  errors: FieldErrors | undefined;
  prefix?: string;
}) {
  const id = `field-${name}`;
  const error = errorOf(errors, name);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {prefix ? (
          <span aria-hidden="true" className="mt-1 text-lg text-slate-700">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={slider.min}
          max={slider.max}
          step={slider.step}
          defaultValue={value}
          className={INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-range`}
        />
      </div>
      <p id={`${id}-range`} className="mt-1 text-sm text-slate-700">
        {slider.min.toLocaleString("en-US")}–{slider.max.toLocaleString("en-US")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Every value of a slider, for the term's select. */
function sliderValues(slider: SliderView): number[] {
  const values: number[] = [];
  for (let v = slider.min; v <= slider.max; v += slider.step) values.push(v);
  return values;
}

/**
 * One step of the stepper as a plain form (JavaScript off): Continue posts the step's answers, Back goes a step back,
 * and the server answers with a redirect to the next step. Continue comes first, so Enter in a field continues.
 */
export function StepperForm({
  vehicle,
  view,
  sliders,
  texts,
  idempotencyKey,
  errors,
  values,
}: {
  vehicle: StepperVehicleView;
  view: StepperView;
  sliders: SliderViews;
  texts: StepperTexts;
  idempotencyKey: string;
  errors?: FieldErrors | undefined;
  /** What a refused post held, shown again. */
  values?: Readonly<Record<string, unknown>> | undefined;
}) {
  const t = translator(texts.texts);
  const s = translator(texts.steps);
  const { step, selections } = view;
  const action = `/personalize-price/${vehicle.vin}`;
  const headingId = "stepper-step-title";
  const formError =
    errors?.[""]?.[0] ?? (view.contactError?.reason === "save-failed" ? view.contactError.message : null);

  if (step === "done") {
    return (
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
          {s("steps.done.title")}
        </h2>
        <p className="mt-2 text-slate-800">{s("steps.done.text")}</p>
        {view.price ? (
          <p className="mt-4 text-lg text-slate-900">
            {t("yourPrice")}: <strong className="text-2xl">{view.price}</strong>
            {view.oldPrice ? <s className="ml-2 text-slate-700">{view.oldPrice}</s> : null}
          </p>
        ) : null}
        {view.estimate ? (
          <div className="mt-4">
            <EstimateSummary estimate={view.estimate} steps={texts.steps} />
          </div>
        ) : null}
        <DoneChoices vehicle={vehicle} texts={texts.texts} />
        <Form method="post" action={action} className="mt-6">
          <input type="hidden" name="step" value="done" />
          <button type="submit" name="intent" value="restart" className="min-h-11 text-brand-700 underline">
            {t("startOver")}
          </button>
        </Form>
      </section>
    );
  }

  const shown = (name: string, fallback: string | number) => {
    const value = values?.[name];
    return typeof value === "string" ? value : String(fallback);
  };
  const numberShown = (name: keyof typeof selections, fallback: number) => {
    const parsed = Number(shown(name, fallback));
    return Number.isFinite(parsed) ? parsed : fallback;
  };

  return (
    <section aria-labelledby={headingId}>
      <p className="text-sm font-medium text-slate-700">
        {s("stepOf", { step: view.progress.step, total: view.progress.of })}
      </p>
      <h2 id={headingId} className="mt-1 text-2xl font-semibold text-slate-900">
        {s(`steps.${step}.title`)}
      </h2>
      {step !== "tradeIn" ? <p className="mt-2 text-slate-800">{s(`steps.${step}.text`)}</p> : null}
      {formError ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {formError}
        </div>
      ) : null}
      <Form method="post" action={action} noValidate className="relative mt-6 grid gap-5">
        <input type="hidden" name="step" value={step} />
        {step === "downPayment" ? (
          <AmountField
            name="cashDown"
            label={s("cashDown")}
            prefix="$"
            value={numberShown("cashDown", selections.cashDown)}
            slider={sliders.cashDown}
            errors={errors}
          />
        ) : null}
        {step === "tradeIn" ? (
          <fieldset aria-describedby={errorOf(errors, "trading") ? "field-trading-error" : undefined}>
            <legend className="sr-only">{t("tradingLegend")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(["yes", "no"] as const).map((answer) => (
                <label
                  key={answer}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-4 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="trading"
                    value={answer}
                    defaultChecked={shown("trading", selections.trading ? "yes" : "no") === answer}
                    className="h-5 w-5"
                  />
                  {s(`steps.tradeIn.${answer}`)}
                </label>
              ))}
            </div>
            {errorOf(errors, "trading") ? (
              <p id="field-trading-error" className="mt-1 text-sm font-medium text-red-700">
                {errorOf(errors, "trading")}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {step === "tradeEquity" ? (
          <AmountField
            name="tradeEquity"
            label={s("tradeEquity")}
            prefix="$"
            value={numberShown("tradeEquity", selections.tradeEquity)}
            slider={sliders.tradeEquity}
            errors={errors}
          />
        ) : null}
        {step === "creditScore" ? (
          <>
            <AmountField
              name="creditScore"
              label={s("creditScore")}
              value={numberShown("creditScore", selections.creditScore)}
              slider={sliders.creditScore}
              errors={errors}
            />
            <div>
              <label htmlFor="field-termMonths" className="block text-sm font-medium text-slate-900">
                {s("term")}
              </label>
              <select
                id="field-termMonths"
                name="termMonths"
                defaultValue={String(numberShown("termMonths", selections.termMonths))}
                className={INPUT}
              >
                {sliderValues(sliders.termMonths).map((months) => (
                  <option key={months} value={months}>
                    {s("termMonths", { months })}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        {step === "contact" ? (
          <>
            <FormMetaFields idempotencyKey={idempotencyKey} />
            <div className="grid gap-5 sm:grid-cols-2">
              <ContactFields
                texts={{ fields: texts.fields }}
                errors={errors}
                values={postedText(values)}
                prefill={view.contact}
              />
            </div>
            <p className="text-sm text-slate-700">{TCPA_DISCLAIMER}</p>
          </>
        ) : null}
        {step === "contact" ? null : view.preview ? (
          <EstimateSummary estimate={view.preview} steps={texts.steps} />
        ) : (
          <p className="text-slate-800">{s("estimate.locked")}</p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="next" className={PRIMARY}>
            {step === "contact" ? t("unlockPrice") : t("continue")}
          </button>
          {step !== "downPayment" ? (
            <button type="submit" name="intent" value="back" className={SECONDARY}>
              {t("back")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
