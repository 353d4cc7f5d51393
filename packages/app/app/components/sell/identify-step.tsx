import { Form, Link } from "react-router";
import { RadioGroupField } from "../forms/choice-fields";
import { type FieldErrors, SelectField, TextField } from "../forms/fields";
import { translator } from "../i18n";
import { PRIMARY } from "./form-frame";
import { type JourneyTexts, StepForm } from "./journey-steps";
import type { DetailsValues, IdentifyView, StepRefusal } from "./types";

const PAGE = "/sell-trade-my-car/your-vehicle";

/** The mileage, the ZIP code where the vehicle is, and sell or trade-in: asked with the vehicle either way. */
function DetailsFields({
  journey,
  errors,
  values,
}: {
  journey: JourneyTexts;
  errors: FieldErrors | undefined;
  values: DetailsValues;
}) {
  const t = translator(journey.texts);
  const f = translator(journey.fields);
  return (
    <fieldset className="mt-6 grid gap-5 sm:grid-cols-2">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t("vehicle.detailsTitle")}</legend>
      <TextField
        name="mileage"
        label={f("mileage.label")}
        inputMode="numeric"
        autoComplete="off"
        placeholder={f("mileage.placeholder")}
        hint={t("vehicle.mileageHint")}
        required
        errors={errors}
        defaultValue={values.mileage}
      />
      <TextField
        name="zip"
        label={t("vehicle.zipLabel")}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder={f("zipCode.placeholder")}
        required
        errors={errors}
        defaultValue={values.zip}
      />
      <div className="sm:col-span-2">
        <RadioGroupField
          layout="cards"
          name="interest"
          label={t("vehicle.interest")}
          options={[
            { value: "sell", label: t("vehicle.interestSell") },
            { value: "trade-in", label: t("vehicle.interestTrade") },
          ]}
          columns={2}
          required
          errors={errors}
          defaultValue={values.interest}
        />
      </div>
    </fieldset>
  );
}

function posted(values: StepRefusal["values"] | undefined, name: string): string | undefined {
  const value = values?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The first step. A VIN with the details; or year and make, then model (GET forms, so each choice is a page without
 * JavaScript and keeps nothing), then the trim with the details. A refused post shows its values and messages again.
 */
export function IdentifyStep({
  view,
  journey,
  refusal,
}: {
  view: IdentifyView;
  journey: JourneyTexts;
  refusal: StepRefusal | undefined;
}) {
  const t = translator(journey.texts);
  const f = translator(journey.fields);
  const { choose } = view;
  const errors = refusal?.error;
  // A refused whole-journey post (or a tampered choice) names the year and make on the fields that ask for them.
  const choiceErrors = refusal?.intent === "offer" || refusal?.intent === "choice" ? errors : undefined;
  const details: DetailsValues = refusal
    ? {
        mileage: posted(refusal.values, "mileage"),
        zip: posted(refusal.values, "zip"),
        interest: posted(refusal.values, "interest"),
      }
    : view.details;
  const stage =
    choose.year !== null && choose.make !== null
      ? choose.model !== null
        ? "trim"
        : "model"
      : refusal?.intent === "choice"
        ? "trim"
        : "start";
  const summary = [choose.year, choose.make, choose.model].filter(Boolean).join(" ");

  return (
    <div className="mt-8 space-y-10">
      {stage === "start" ? (
        <section aria-labelledby="vin-title">
          <h2 id="vin-title" className="text-xl font-semibold text-slate-900">
            {t("vehicle.vinTitle")}
          </h2>
          <StepForm intent="vin" className="mt-4">
            <TextField
              name="vin"
              label={f("vin.label")}
              hint={t("vehicle.vinHint")}
              autoComplete="off"
              placeholder={f("vin.placeholder")}
              required
              errors={errors}
              defaultValue={posted(refusal?.values, "vin") ?? view.vin ?? undefined}
            />
            <DetailsFields
              journey={journey}
              errors={refusal?.intent === "vin" || refusal?.intent === "offer" ? errors : undefined}
              values={details}
            />
            <button type="submit" className={`${PRIMARY} mt-6`}>
              {t("vehicle.findVehicle")}
            </button>
          </StepForm>
        </section>
      ) : null}

      <section aria-labelledby="choose-title">
        <h2 id="choose-title" className="text-xl font-semibold text-slate-900">
          {stage === "start" ? `${t("vehicle.or")}: ${t("vehicle.chooseTitle")}` : t("vehicle.chooseTitle")}
        </h2>
        {stage === "start" ? (
          <Form method="get" action={PAGE} className="mt-4 grid gap-5 sm:grid-cols-2">
            <SelectField
              name="year"
              label={f("year.label")}
              placeholder={t("vehicle.choosePlaceholder")}
              options={choose.years.map((y) => ({ value: String(y), label: String(y) }))}
              defaultValue={choose.year === null ? undefined : String(choose.year)}
              required
              errors={choiceErrors}
            />
            <SelectField
              name="make"
              label={f("make.label")}
              placeholder={t("vehicle.choosePlaceholder")}
              options={choose.makes.map((m) => ({ value: m, label: m }))}
              required
              errors={choiceErrors}
            />
            <div className="sm:col-span-2">
              <button type="submit" className={PRIMARY}>
                {t("vehicle.continue")}
              </button>
            </div>
          </Form>
        ) : (
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-800">
            <span className="text-lg font-semibold">{summary}</span>
            <Link to={PAGE} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {t("vehicle.changeChoice")}
            </Link>
          </p>
        )}

        {stage === "model" ? (
          choose.models.length === 0 ? (
            <p className="mt-4 text-slate-800">{t("vehicle.noModels", { year: choose.year ?? "" })}</p>
          ) : (
            <Form method="get" action={PAGE} className="mt-4">
              <input type="hidden" name="year" value={choose.year ?? ""} />
              <input type="hidden" name="make" value={choose.make ?? ""} />
              <SelectField
                name="model"
                label={f("model.label")}
                placeholder={t("vehicle.choosePlaceholder")}
                options={choose.models.map((m) => ({ value: m, label: m }))}
                required
              />
              <button type="submit" className={`${PRIMARY} mt-5`}>
                {t("vehicle.continue")}
              </button>
            </Form>
          )
        ) : null}

        {stage === "trim" ? (
          <StepForm intent="choice" className="mt-4">
            <input type="hidden" name="year" value={choose.year ?? posted(refusal?.values, "year") ?? ""} />
            <input type="hidden" name="make" value={choose.make ?? posted(refusal?.values, "make") ?? ""} />
            <input type="hidden" name="model" value={choose.model ?? posted(refusal?.values, "model") ?? ""} />
            {choose.trims.length > 0 ? (
              <RadioGroupField
                layout="cards"
                name="trim"
                label={t("vehicle.trimLabel")}
                options={[
                  ...choose.trims.map((trim) => ({ value: trim, label: trim })),
                  { value: "", label: t("vehicle.trimUnsure") },
                ]}
                columns={2}
                errors={errors}
                defaultValue={posted(refusal?.values, "trim") ?? ""}
              />
            ) : null}
            <DetailsFields journey={journey} errors={errors} values={details} />
            <button type="submit" className={`${PRIMARY} mt-6`}>
              {t("vehicle.continue")}
            </button>
          </StepForm>
        ) : null}
      </section>
    </div>
  );
}
