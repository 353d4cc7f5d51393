import { coveredMonths, type EntryList, entryCount } from "@showroom/forms";
import type { CreditApplicationStep } from "@showroom/rules/credit-application";
import { RadioGroupField } from "../../forms/choice-fields";
import { CheckboxField, SsnField, TextAreaField, TextField } from "../../forms/fields";
import { ApplicantFields, EmploymentFields, ResidenceFields } from "../../forms/groups";
import { translator } from "../../i18n";
import { type StepBodyProps, ssnHint } from "./credit-steps";
import { durationText } from "./duration-text";
import type { ReviewSection } from "./review";

// Steps two to five, a chunk of their own (ADR 426): a page opens on the first step, and the browser reaches the
// others through the stepper, which loads this module with it; a server-rendered later step waits for it to hydrate.

const SECONDARY =
  "inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 text-sm font-semibold text-slate-900 hover:border-brand-600 hover:text-brand-700";

/** One repeated list (addresses or jobs): its entries, the running total, Add and Remove. */
function EntryListFields({ list, props }: { list: EntryList; props: StepBodyProps }) {
  const { values, errors, texts, options } = props;
  const t = translator(texts.fullCredit);
  const f = translator(texts.forms);
  const count = entryCount(values, list);
  const months = coveredMonths(values, list);
  const residences = list.endsWith("residences");
  const listError = errors?.[list]?.[0];
  return (
    <div className="grid gap-6">
      {Array.from({ length: count }, (_, i) => {
        const prefix = `${list}[${i}].`;
        const title = residences ? t("residenceEntry", { number: i + 1 }) : t("employmentEntry", { number: i + 1 });
        return (
          <fieldset key={prefix} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
            <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
            {residences ? (
              <ResidenceFields
                prefix={prefix}
                texts={texts.forms}
                errors={errors}
                values={values}
                housing={options.housing}
                states={options.states}
                autofill={i === 0 && list === "residences"}
              />
            ) : (
              <EmploymentFields
                prefix={prefix}
                texts={texts.forms}
                errors={errors}
                values={values}
                incomeTypes={options.incomeTypes}
              />
            )}
            {i > 0 ? (
              <div className="sm:col-span-2">
                <button type="submit" name="intent" value={`remove:${list}:${i}`} formNoValidate className={SECONDARY}>
                  {residences ? t("remove", { number: i + 1 }) : t("removeJob", { number: i + 1 })}
                </button>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <p id={`${list}-covered`} className="font-medium text-slate-900" aria-live="polite">
        {t("covered", { duration: durationText(texts.fullCredit, months) })}
      </p>
      {listError ? (
        <p id={`field-${list.replace(".", "-")}-error`} role="alert" className="font-medium text-red-700">
          {listError}
        </p>
      ) : null}
      <div>
        <button type="submit" name="intent" value={`add:${list}`} formNoValidate className={SECONDARY}>
          {residences ? f("buttons.addResidence") : f("buttons.addEmployment")}
        </button>
      </div>
    </div>
  );
}

function ResidenceStep(props: StepBodyProps) {
  return <EntryListFields list="residences" props={props} />;
}

function EmploymentStep(props: StepBodyProps) {
  return <EntryListFields list="employments" props={props} />;
}

/**
 * The co-borrower: applying or not; when applying, the same three parts. Answering No hides the rest and "lives at my
 * address" hides their addresses, by CSS alone (`:has`), so the step works the same without JavaScript.
 */
function CoBorrowerStep(props: StepBodyProps) {
  const { values, errors, texts, options, ssnKept } = props;
  const t = translator(texts.fullCredit);
  const f = translator(texts.forms);
  return (
    <div className="grid gap-6 [&:has(input[name='coBorrower.applying'][value='no']:checked)_.co-fields]:hidden [&:has(input[name='coBorrower.sameAddress']:checked)_.co-residences]:hidden">
      <RadioGroupField
        name="coBorrower.applying"
        label={t("coBorrowerApplying")}
        errors={errors}
        defaultValue={values["coBorrower.applying"] ?? "no"}
        options={[
          { value: "no", label: t("coBorrowerNo") },
          { value: "yes", label: t("coBorrowerYes") },
        ]}
      />
      <div className="co-fields grid gap-6">
        <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
          <legend className="px-1 text-lg font-semibold text-slate-900">{t("coBorrowerDetails")}</legend>
          <ApplicantFields
            prefix="coBorrower.user."
            texts={texts.forms}
            errors={errors}
            values={values}
            suffixes={options.suffixes}
            autofill={false}
          />
          <SsnField
            name="coBorrower.ssn"
            label={f("fields.ssn.label")}
            errors={errors}
            hint={ssnHint(t, ssnKept.coBorrower, f("hints.ssn"))}
            showLabel={t("ssnShow")}
            hideLabel={t("ssnHide")}
          />
        </fieldset>
        <CheckboxField
          name="coBorrower.sameAddress"
          label={t("coBorrowerSameAddress")}
          errors={errors}
          defaultChecked={values["coBorrower.sameAddress"] === "yes"}
        />
        <section aria-label={t("coBorrowerResidence")} className="co-residences">
          <h3 className="mb-4 text-lg font-semibold text-slate-900">{t("coBorrowerResidence")}</h3>
          <EntryListFields list="coBorrower.residences" props={props} />
        </section>
        <section aria-label={t("coBorrowerEmployment")}>
          <h3 className="mb-4 text-lg font-semibold text-slate-900">{t("coBorrowerEmployment")}</h3>
          <EntryListFields list="coBorrower.employments" props={props} />
        </section>
      </div>
    </div>
  );
}

/**
 * Review and submit: every answer with Change for its step, the SSN masked; the E-SIGN consent (required, with the
 * disclosure linked), the TCPA consent (optional, unticked), a dealer's name if one sent the shopper, comments.
 */
function ReviewStep({
  props,
  sections,
  stepTitles,
  tcpaDisclaimer,
}: {
  props: StepBodyProps;
  sections: readonly ReviewSection[];
  stepTitles: Record<string, string>;
  tcpaDisclaimer: string;
}) {
  const { values, errors, texts } = props;
  const t = translator(texts.fullCredit);
  const f = translator(texts.forms);
  return (
    <div className="grid gap-8">
      {sections.map((section) => (
        <section
          key={section.step}
          aria-labelledby={`review-${section.step}`}
          className="rounded-xl border border-slate-200 p-4 sm:p-6"
        >
          <div className="flex items-center justify-between gap-4">
            <h3 id={`review-${section.step}`} className="text-lg font-semibold text-slate-900">
              {stepTitles[section.step]}
            </h3>
            <button
              type="submit"
              name="intent"
              value={`edit:${section.step}`}
              formNoValidate
              aria-describedby={`review-${section.step}`}
              className={SECONDARY}
            >
              {t("change")}
            </button>
          </div>
          {section.groups.map((group) => (
            <div key={group.title} className="mt-4">
              <h4 className="text-sm font-semibold text-slate-700">{group.title}</h4>
              <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
                {group.rows.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-sm text-slate-700">{row.label}</dt>
                    <dd className="text-slate-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextAreaField
          name="comments"
          label={f("fields.comments.label")}
          errors={errors}
          defaultValue={values.comments}
          rows={3}
        />
        <TextField
          name="vendorName"
          label={f("fields.vendorName.label")}
          hint={f("hints.vendorName")}
          errors={errors}
          defaultValue={values.vendorName}
        />
      </div>
      <div className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:p-6">
        <CheckboxField
          name="esignConsent"
          required
          errors={errors}
          defaultChecked={values.esignConsent === "yes"}
          label={
            <>
              {t("esign")}{" "}
              <a href="/legal/electronic-signature-disclosure" className="font-medium text-brand-800 underline">
                {t("esignLink")}
              </a>{" "}
              {t("esignAfter")}
            </>
          }
        />
        <CheckboxField
          name="tcpaConsent"
          errors={errors}
          defaultChecked={values.tcpaConsent === "yes"}
          label={t("tcpa")}
          hint={tcpaDisclaimer}
        />
        <p className="text-sm text-slate-800">
          {t("privacy")}{" "}
          <a href="/legal/privacy-policy" className="font-medium text-brand-800 underline">
            {t("privacyLink")}
          </a>
        </p>
      </div>
    </div>
  );
}

/** The body of a step after the first, as the form renders it. */
export function LaterStep({
  step,
  props,
  review,
  stepTitles,
  tcpaDisclaimer,
}: {
  step: Exclude<CreditApplicationStep, "applicant">;
  props: StepBodyProps;
  review: readonly ReviewSection[];
  stepTitles: Record<string, string>;
  tcpaDisclaimer: string;
}) {
  if (step === "residence") return <ResidenceStep {...props} />;
  if (step === "employment") return <EmploymentStep {...props} />;
  if (step === "coBorrower") return <CoBorrowerStep {...props} />;
  return <ReviewStep props={props} sections={review} stepTitles={stepTitles} tcpaDisclaimer={tcpaDisclaimer} />;
}
