// The sell/trade journey in the browser (loaded lazily, see takeover.tsx): the same machine and the same step forms
// as the server's pages, without a round trip per step; the end is the single POST of the whole journey.
import { parseWithZod } from "@conform-to/zod/v4";
import { createSellJourneySchemas } from "@showroom/forms";
import {
  type Answers,
  type AnswerValue,
  createSellJourneyMachine,
  currentStep,
  type Questionnaire,
  resumeSellJourney,
  sellJourneyProgress,
  sellJourneyStep,
  visibleAnswers,
} from "@showroom/rules/questionnaire";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { Snapshot } from "xstate";
import { useStepHeading } from "../dialog/use-step-heading";
import type { FieldErrors } from "../forms/fields";
import type { TextTree } from "../i18n";
import { translator } from "../i18n";
import { FormError } from "./form-frame";
import { ConfirmStep, ContactStep, QuestionStep, StepHeader } from "./journey-steps";
import { questionView, vehicleTitle } from "./question-view";
import type { ProfileValues, StepRefusal } from "./types";

const PAGE = "/sell-trade-my-car/your-vehicle";

/** What the page's loader gives the browser's journey. */
export interface ClientJourneyData {
  readonly texts: TextTree;
  readonly fields: TextTree;
  readonly tcpa: string;
  readonly questionnaire: Questionnaire;
  readonly profile: ProfileValues;
  readonly idempotencyKey: string;
}

type Errors = Record<string, string[]>;

/** The whole journey as the server's single POST reads it (`intent=offer`). */
function offerPost(
  context: { vehicle: { year: number; make: string; model: string; trim: string | null; vin: string | null } | null },
  details: { mileage: number; zip: string; interest: string },
  answers: Answers,
  contact: FormData,
): FormData {
  const post = new FormData();
  post.set("intent", "offer");
  for (const name of ["idempotencyKey", "website", "firstName", "lastName", "email", "phone"]) {
    const value = contact.get(name);
    post.set(name, typeof value === "string" ? value : "");
  }
  const vehicle = context.vehicle;
  if (vehicle?.vin) post.set("vin", vehicle.vin);
  else if (vehicle) {
    post.set("year", String(vehicle.year));
    post.set("make", vehicle.make);
    post.set("model", vehicle.model);
    post.set("trim", vehicle.trim ?? "");
  }
  post.set("mileage", String(details.mileage));
  post.set("zip", details.zip);
  post.set("interest", details.interest);
  for (const [questionId, value] of Object.entries(answers)) {
    for (const item of typeof value === "string" ? [value] : (value ?? [])) post.append(`q${questionId}`, item);
  }
  return post;
}

/** @public Loaded by takeover.tsx through `import("./client-journey")`, which knip does not follow. */
export function ClientJourney({
  data,
  snapshot,
  first,
  onLeave,
}: {
  data: ClientJourneyData;
  snapshot: unknown;
  first: FormData;
  onLeave: () => void;
}) {
  const t = translator(data.texts);
  const { questionnaire } = data;
  const machine = useMemo(() => createSellJourneyMachine(questionnaire), [questionnaire]);
  const schemas = useMemo(() => createSellJourneySchemas({ questionnaire }), [questionnaire]);
  // Resumed once, from the server's snapshot: a revalidation of the page must not restart the shopper's answers.
  const [resumed] = useState(() => resumeSellJourney(machine, snapshot, questionnaire)?.getSnapshot() ?? null);
  const actor = useActorRef(machine, resumed ? { snapshot: resumed as Snapshot<unknown> } : {});
  const state = useSelector(actor, (s) => s);
  const step = sellJourneyStep(state);
  const [errors, setErrors] = useState<Errors | undefined>(undefined);
  const [values, setValues] = useState<StepRefusal["values"] | undefined>(undefined);
  const submit = useSubmit();
  const sending = useNavigation().state !== "idle";
  const actionData = useActionData() as StepRefusal | undefined;
  const stepKey = step === "questionnaire" ? `q${state.context.stepIndex}` : step;
  const headingRef = useStepHeading(stepKey);

  const leave = (intent: "rewind") => {
    onLeave();
    void submit({ intent }, { method: "post", action: PAGE });
  };

  const handle = (form: FormData) => {
    const intent = form.get("intent");
    const snap = actor.getSnapshot();
    setErrors(undefined);
    setValues(undefined);
    if (intent === "change") return leave("rewind");
    if (intent === "confirm") return actor.send({ type: "CONFIRM" });
    if (intent === "back") {
      actor.send({ type: "BACK" });
      // Back past the vehicle: the vehicle step needs the server's choices, so the server's page takes over again.
      if (sellJourneyStep(actor.getSnapshot()) === "identify") leave("rewind");
      return;
    }
    if (intent === "answers") {
      const submission = parseWithZod(form, {
        schema: schemas.answers(snap.context.stepIndex, snap.context.answers),
      });
      if (submission.status !== "success") {
        setErrors((submission.reply().error ?? {}) as Errors);
        setValues(valuesOf(form));
        return;
      }
      const shown = currentStep({ questionnaire, answers: snap.context.answers, stepIndex: snap.context.stepIndex });
      for (const question of shown.questions) {
        const value = (submission.value as Record<string, AnswerValue>)[question.questionId];
        if (value !== undefined) actor.send({ type: "ANSWER", questionId: question.questionId, value });
      }
      actor.send({ type: "NEXT" });
      return;
    }
    if (intent === "contact") {
      const submission = parseWithZod(form, { schema: schemas.contact });
      if (submission.status !== "success" || !snap.context.details) {
        setErrors((submission.reply().error ?? {}) as Errors);
        setValues(valuesOf(form));
        return;
      }
      const answers = visibleAnswers(snap.context.answers, questionnaire);
      void submit(offerPost(snap.context, snap.context.details, answers, form), { method: "post", action: PAGE });
    }
  };

  // The step the shopper submitted to take the journey over is the journey's first event.
  const [started, setStarted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, with the submit that started the journey
  useEffect(() => {
    if (started) return;
    setStarted(true);
    handle(first);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    handle(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
  };

  const refused = actionData && !actionData.ok ? actionData : undefined;
  const shownErrors: FieldErrors | undefined = errors ?? (step === "contact" ? refused?.error : undefined);
  const vehicle = state.context.vehicle;
  const progress = sellJourneyProgress(state, questionnaire);
  const shown =
    step === "questionnaire"
      ? currentStep({ questionnaire, answers: state.context.answers, stepIndex: state.context.stepIndex })
      : null;
  const title =
    step === "confirm"
      ? t("vehicle.confirmTitle")
      : step === "contact"
        ? t("contact.title")
        : (shown?.category.categoryTitle ?? "");
  const fieldNames = [
    ...(shown?.questions.map((q) => `q${q.questionId}`) ?? []),
    ...(step === "contact" ? ["firstName", "lastName", "email", "phone"] : []),
  ];

  // The first field in error takes the focus, as on the server's pages.
  useEffect(() => {
    if (!shownErrors) return;
    document
      .querySelector<HTMLElement>(
        "main input[aria-invalid='true'], main select[aria-invalid='true'], main textarea[aria-invalid='true'], main [role='alert']",
      )
      ?.focus();
  }, [shownErrors]);

  return (
    <div aria-busy={sending || undefined}>
      <StepHeader
        progress={progress}
        title={title}
        text={step === "contact" ? t("contact.text") : shown?.category.categoryDescription}
        headingRef={headingRef}
        texts={data.texts}
      />
      {vehicle && step !== "confirm" ? <p className="mt-3 text-sm text-slate-700">{vehicleTitle(vehicle)}</p> : null}
      <FormError error={shownErrors} shown={fieldNames} />
      {step === "confirm" && vehicle ? (
        <ConfirmStep
          vehicle={{ title: vehicleTitle(vehicle), vin: vehicle.vin }}
          texts={data.texts}
          onSubmit={onSubmit}
        />
      ) : null}
      {shown ? (
        <QuestionStep
          key={shown.index}
          view={{
            stepIndex: shown.index,
            title: shown.category.categoryTitle,
            description: shown.category.categoryDescription,
            questions: shown.questions.map(questionView),
            answers: Object.fromEntries(
              shown.questions.flatMap((q) => {
                const value = state.context.answers[q.questionId];
                return value === undefined ? [] : [[q.questionId, value]];
              }),
            ),
          }}
          errors={shownErrors}
          values={values}
          texts={data.texts}
          onSubmit={onSubmit}
        />
      ) : null}
      {step === "contact" ? (
        <ContactStep
          journey={data}
          idempotencyKey={data.idempotencyKey}
          profile={data.profile}
          errors={shownErrors}
          values={values ?? refused?.values}
          onSubmit={onSubmit}
        />
      ) : null}
    </div>
  );
}

function valuesOf(form: FormData): StepRefusal["values"] {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}
