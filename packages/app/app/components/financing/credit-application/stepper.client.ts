import {
  creditApplicationValidator,
  eventForIntent,
  flat,
  fullCreditStepOf,
  keepSsns,
  postedValues,
  ssnLast4,
  stepFields,
  withoutSsns,
} from "@showroom/forms";
import {
  type CreditApplicationStep,
  createCreditApplicationMachine,
  creditApplicationStep,
  mergedAnswers,
  type StepValues,
} from "@showroom/rules/credit-application";
import { createActor, fromPromise } from "xstate";
import type { TextTree } from "../../i18n";
import type { CreditFormView } from "./credit-form";
import { reviewSections } from "./review";

/** What the server answered a refused single POST with. */
export interface Refusal {
  step: CreditApplicationStep;
  errors: Record<string, string[]>;
  failure: string | null;
}

export interface StepperOptions {
  /** The form meta of this render, posted with the application. */
  idempotencyKey: string;
  /** `forms.fields` and `financing.fullCredit.review`, for review's rows. */
  reviewTexts: TextTree;
  /** Posts the whole application (the single POST); resolves with the refusal, or never when it is received. */
  send(form: FormData): Promise<Refusal | null>;
  /** Called with each new view to render. */
  onView(view: CreditFormView): void;
}

function formOf(values: StepValues): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values))
    for (const item of typeof value === "string" ? [value] : value) form.append(key, item);
  return form;
}

/**
 * The full credit application in the browser (loaded on first use): the rules' stepper machine with the forms' step
 * schemas, every answer kept in memory (never in storage), and one submit: the single POST the server takes without
 * JavaScript too. `handle` takes a form submission as the server would and renders the next view.
 */
export function createCreditStepper(options: StepperOptions) {
  /** The server's words for the last failed send (the machine keeps only that it failed). */
  let lastFailure: string | null = null;
  const machine = createCreditApplicationMachine(creditApplicationValidator()).provide({
    actors: {
      submitApplication: fromPromise(async ({ input }) => {
        const form = formOf(input.values);
        form.set("intent", "submit");
        const refusal = await options.send(form);
        if (!refusal) return new Promise<{ reference: string }>(() => {});
        if (refusal.failure) {
          lastFailure = refusal.failure;
          throw new Error(refusal.failure);
        }
        throw { step: refusal.step, errors: refusal.errors };
      }),
    },
  });
  const actor = createActor(machine).start();

  const viewOf = (): CreditFormView => {
    const snapshot = actor.getSnapshot();
    const shown = creditApplicationStep(snapshot.value);
    const step = shown === "submitted" ? "review" : shown;
    const answers = flat(mergedAnswers(snapshot.context.answers));
    const submitError = snapshot.context.submitError;
    return {
      step,
      values: withoutSsns(answers),
      errors:
        snapshot.context.errors && Object.keys(snapshot.context.errors).length > 0 ? snapshot.context.errors : null,
      ssnKept: { applicant: ssnLast4(answers.ssn), coBorrower: ssnLast4(answers["coBorrower.ssn"]) },
      review: step === "review" ? reviewSections(answers, options.reviewTexts) : null,
      failure: submitError?.reason === "failed" ? (lastFailure ?? submitError.message) : null,
      idempotencyKey: options.idempotencyKey,
    };
  };
  actor.subscribe(() => options.onView(viewOf()));

  return {
    /** A press of one of the form's buttons (`intent`), with the form's fields. */
    handle(intent: string, form: FormData) {
      const snapshot = actor.getSnapshot();
      if (snapshot.hasTag("busy") || snapshot.status === "done") return;
      const step = creditApplicationStep(snapshot.value);
      if (step === "submitted") return;
      const own = keepSsns(
        stepFields(postedValues(form), step, fullCreditStepOf),
        flat(snapshot.context.answers[step]),
      );
      actor.send(eventForIntent(intent, own));
    },
    view: viewOf,
  };
}

export type CreditStepper = ReturnType<typeof createCreditStepper>;
