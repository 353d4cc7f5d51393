import type { FormEvent, ReactNode, RefObject } from "react";
import { Form } from "react-router";
import { CheckboxGroupField, RadioGroupField } from "../forms/choice-fields";
import { ContactFields } from "../forms/contact-fields";
import { type FieldErrors, FormMetaFields, TextAreaField } from "../forms/fields";
import { type TextTree, translator } from "../i18n";
import { PRIMARY, SECONDARY } from "./form-frame";
import type { ProfileValues, QuestionStepView, StepRefusal } from "./types";

/** The page-wide texts every step reads: `sell-trade` and `forms.fields`. */
export interface JourneyTexts {
  readonly texts: TextTree;
  readonly fields: TextTree;
  readonly tcpa: string;
}

/** Called with a step's form when it is submitted; `preventDefault()` keeps it in the browser. */
export type StepSubmit = (event: FormEvent<HTMLFormElement>) => void;

/** "Step n of m", the step's heading (focused when the step changes) and its introduction. */
export function StepHeader({
  progress,
  title,
  text,
  headingRef,
  texts,
}: {
  progress: { number: number; total: number };
  title: string;
  text?: string | undefined;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  texts: TextTree;
}) {
  const t = translator(texts);
  return (
    <div>
      <p className="text-sm font-semibold text-brand-700">
        {t("questionnaire.stepOf", { step: progress.number, total: progress.total })}
      </p>
      <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-3xl font-bold tracking-tight text-slate-900 outline-none">
        {title}
      </h1>
      {text ? <p className="mt-2 text-lg text-slate-700">{text}</p> : null}
    </div>
  );
}

/**
 * A step's form: a post to the journey's action with its intent, the same with JavaScript on or off. `onSubmit`
 * lets the browser's journey take the step over.
 */
export function StepForm({
  intent,
  step,
  onSubmit,
  children,
  className = "mt-8",
}: {
  intent: string;
  step?: number;
  onSubmit?: StepSubmit | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className={`relative ${className}`}>
      <input type="hidden" name="intent" value={intent} />
      {step === undefined ? null : <input type="hidden" name="step" value={step} />}
      {children}
    </Form>
  );
}

/** The vehicle found from the VIN, to confirm or change. */
export function ConfirmStep({
  vehicle,
  texts,
  onSubmit,
}: {
  vehicle: { title: string; vin: string | null };
  texts: TextTree;
  onSubmit?: StepSubmit | undefined;
}) {
  const t = translator(texts);
  return (
    <div className="mt-8">
      <p className="text-slate-800">{t("vehicle.confirmText", { vin: vehicle.vin ?? "" })}</p>
      <p className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-xl font-semibold text-slate-900">
        {vehicle.title}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <StepForm intent="confirm" onSubmit={onSubmit} className="">
          <button type="submit" className={PRIMARY}>
            {t("vehicle.confirmYes")}
          </button>
        </StepForm>
        <StepForm intent="change" onSubmit={onSubmit} className="">
          <button type="submit" className={SECONDARY}>
            {t("vehicle.confirmChange")}
          </button>
        </StepForm>
      </div>
    </div>
  );
}

function answerList(value: string | readonly string[] | undefined): readonly string[] {
  return value === undefined ? [] : typeof value === "string" ? [value] : value;
}

/** One questionnaire step: its questions, each answer's description, answers required except comments. */
export function QuestionStep({
  view,
  errors,
  values,
  texts,
  onSubmit,
}: {
  view: QuestionStepView;
  errors?: FieldErrors | undefined;
  /** Answers as posted in a refused step; the step's saved answers otherwise. */
  values?: StepRefusal["values"] | undefined;
  texts: TextTree;
  onSubmit?: StepSubmit | undefined;
}) {
  const t = translator(texts);
  const given = (id: string) => (values ? answerList(values[`q${id}`]) : answerList(view.answers[id]));
  return (
    <>
      <StepForm intent="answers" step={view.stepIndex} onSubmit={onSubmit}>
        <div className="space-y-8">
          {view.questions.map((question) => {
            const name = `q${question.questionId}`;
            const options = question.answers.map((a) => ({
              value: a.value,
              label: a.label,
              description: a.description,
            }));
            if (question.inputType === "textarea") {
              return (
                <TextAreaField
                  key={name}
                  name={name}
                  label={`${question.text} (${t("questionnaire.optional")})`}
                  hint={question.description}
                  errors={errors}
                  defaultValue={given(question.questionId)[0]}
                  rows={4}
                />
              );
            }
            const Group = question.inputType === "checkbox" ? CheckboxGroupField : RadioGroupField;
            return (
              <Group
                key={name}
                layout="cards"
                name={name}
                label={question.text}
                hint={
                  [question.description, question.inputType === "checkbox" ? t("questionnaire.chooseAll") : null]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                options={options}
                errors={errors}
                required={question.required}
                columns={options.length > 3 && !options.some((o) => o.description) ? 2 : 1}
                defaultValue={
                  question.inputType === "checkbox"
                    ? (given(question.questionId) as never)
                    : (given(question.questionId)[0] as never)
                }
              />
            );
          })}
        </div>
        <button type="submit" className={`${PRIMARY} mt-8`}>
          {t("questionnaire.next")}
        </button>
      </StepForm>
      <StepForm intent="back" onSubmit={onSubmit} className="mt-3">
        <button type="submit" className={SECONDARY}>
          {t("questionnaire.back")}
        </button>
      </StepForm>
    </>
  );
}

/** The contact step: the four fields, prefilled from the visitor's profile, and the TCPA disclaimer. */
export function ContactStep({
  journey,
  idempotencyKey,
  profile,
  errors,
  values,
  onSubmit,
}: {
  journey: JourneyTexts;
  idempotencyKey: string;
  profile: ProfileValues;
  errors?: FieldErrors | undefined;
  values?: StepRefusal["values"] | undefined;
  onSubmit?: StepSubmit | undefined;
}) {
  const t = translator(journey.texts);
  const posted = (name: "firstName" | "lastName" | "email" | "phone") => {
    const value = values?.[name];
    return typeof value === "string" ? value : profile[name];
  };
  return (
    <>
      <StepForm intent="contact" onSubmit={onSubmit}>
        <FormMetaFields idempotencyKey={idempotencyKey} />
        <div className="grid gap-5 sm:grid-cols-2">
          <ContactFields
            texts={{ fields: journey.fields }}
            errors={errors}
            values={{
              firstName: posted("firstName"),
              lastName: posted("lastName"),
              email: posted("email"),
              phone: posted("phone"),
            }}
          />
        </div>
        <p className="mt-5 text-sm text-slate-700">{journey.tcpa}</p>
        <button type="submit" className={`${PRIMARY} mt-6`}>
          {t("contact.submit")}
        </button>
      </StepForm>
      <StepForm intent="back" onSubmit={onSubmit} className="mt-3">
        <button type="submit" className={SECONDARY}>
          {t("questionnaire.back")}
        </button>
      </StepForm>
    </>
  );
}
