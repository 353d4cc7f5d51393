import { assign, fromPromise, setup } from "xstate";
import { ActorNotProvidedError } from "../shared/errors";

/** The five steps of the full credit application (spec section 2), in order. */
export const CREDIT_APPLICATION_STEPS = ["applicant", "residence", "employment", "coBorrower", "review"] as const;
export type CreditApplicationStep = (typeof CREDIT_APPLICATION_STEPS)[number];

/** The steps whose answers are checked on Continue; review's consents are checked when the application is sent. */
export type AnswerStep = Exclude<CreditApplicationStep, "review">;
export const ANSWER_STEPS = CREDIT_APPLICATION_STEPS.filter(
  (step): step is AnswerStep => step !== "review",
) as readonly AnswerStep[];

/** One step's answers exactly as its form posts them: field name → value (a repeated field gives a list). */
export type StepValues = Readonly<Record<string, string | readonly string[]>>;

/** Messages by field name, as a form shows them; `""` holds a message for the whole step. */
export type StepErrors = Readonly<Record<string, readonly string[]>>;

/**
 * Checks answers with the forms' schemas (the machine cannot import them: app → forms → rules). For a step, the
 * messages of that step's fields, or null when they are acceptable. For `"all"`, the whole application (every step's
 * answers merged with review's), and on failure the first step a message belongs to, so the shopper is sent there.
 */
export interface CreditApplicationValidator {
  step(step: AnswerStep, values: StepValues): StepErrors | null;
  all(values: StepValues): { step: CreditApplicationStep; errors: StepErrors } | null;
}

/** What the app's `submitApplication` actor receives: every answer, in the single POST's field names. */
export interface SubmitApplicationInput {
  values: StepValues;
}

/** What a successful submission gives back: the application's reference number, shown on the confirmation. */
export interface SubmitApplicationOutput {
  reference: string;
}

/** Why the last send failed: the server refused some answers, or could not be reached. */
export type SubmitError =
  | { reason: "refused"; step: CreditApplicationStep; errors: StepErrors }
  | { reason: "failed"; message: string };

export interface CreditApplicationContext {
  /** The answers of each step as last posted, kept when the shopper goes back or edits. */
  answers: Partial<Record<CreditApplicationStep, StepValues>>;
  /** Steps whose current answers passed their check. Editing a step takes it out until it passes again. */
  accepted: AnswerStep[];
  /** Messages of the last refused Continue or send, for the step on screen. */
  errors: StepErrors | null;
  submitError: SubmitError | null;
  /** Set once, when the application was received. */
  reference: string | null;
}

export type CreditApplicationEvent =
  /** Check the step on screen and go on: to the next unfinished step, or to review when every step is done. */
  | { type: "CONTINUE"; values: StepValues }
  /** Keep the step's answers as they are without checking them (adding or removing an address or a job). */
  | { type: "SAVE"; values: StepValues }
  /** Go a step back; answers typed on the way out are kept, unchecked. */
  | { type: "BACK"; values?: StepValues }
  /** Go to a step already reached, to change its answers. */
  | { type: "EDIT"; step: CreditApplicationStep }
  /** Review's answers (the consents): send the whole application once. */
  | { type: "SUBMIT"; values: StepValues };

export const FAILED_TO_SEND = "We could not send your application. Please try again, or call us.";

/** The answers of every step merged into the single POST's fields, review's last. */
export function mergedAnswers(answers: CreditApplicationContext["answers"]): StepValues {
  return Object.assign({}, ...CREDIT_APPLICATION_STEPS.map((step) => answers[step] ?? {}));
}

function stepIndex(step: CreditApplicationStep): number {
  return CREDIT_APPLICATION_STEPS.indexOf(step);
}

/**
 * Where Continue leads from `step`: the first later step not yet accepted, else the first earlier one (a step
 * changed on the way back), else review.
 */
export function nextStep(step: AnswerStep, accepted: readonly AnswerStep[]): CreditApplicationStep {
  const open = ANSWER_STEPS.filter((s) => s !== step && !accepted.includes(s));
  return open.find((s) => stepIndex(s) > stepIndex(step)) ?? open[0] ?? "review";
}

/** The step before `step` (the first step stays). */
export function previousStep(step: CreditApplicationStep): CreditApplicationStep {
  return CREDIT_APPLICATION_STEPS[Math.max(0, stepIndex(step) - 1)] ?? "applicant";
}

/** The step a snapshot shows: its state, with submitting shown as review. */
export function creditApplicationStep(value: unknown): CreditApplicationStep | "submitted" {
  if (value === "submitted") return "submitted";
  if (value === "submitting") return "review";
  return CREDIT_APPLICATION_STEPS.includes(value as CreditApplicationStep)
    ? (value as CreditApplicationStep)
    : "applicant";
}

const without = <T>(list: readonly T[], item: T): T[] => list.filter((x) => x !== item);

function sameValues(a: StepValues, b: StepValues | undefined): boolean {
  if (b === undefined) return Object.keys(a).length === 0;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key] ?? "") === JSON.stringify(b[key] ?? ""));
}

/** Every step except `step`. */
const others = (step: CreditApplicationStep) => CREDIT_APPLICATION_STEPS.filter((s) => s !== step);

/** A refusal as the app's `submitApplication` may throw it: the server's messages and the step they belong to. */
function refusalOf(error: unknown): Extract<SubmitError, { reason: "refused" }> | null {
  if (typeof error !== "object" || error === null) return null;
  const { step, errors } = error as { step?: unknown; errors?: unknown };
  if (!CREDIT_APPLICATION_STEPS.includes(step as CreditApplicationStep)) return null;
  if (typeof errors !== "object" || errors === null) return null;
  return { reason: "refused", step: step as CreditApplicationStep, errors: errors as StepErrors };
}

/**
 * The full credit application stepper: applicant → residence → employment → coBorrower → review → submitting →
 * submitted. Continue checks the step's answers with `validator.step` and moves on only when they pass (to the next
 * unfinished step, so a step edited from review leads back to review); Back and Edit move without checking and never
 * drop answers; review's Submit checks the whole application with `validator.all`, sending the shopper to the step a
 * message belongs to, then invokes `submitApplication` once, which the app provides (the built-in one always fails,
 * so nothing is sent without the app). Events sent while the application is in flight are ignored, and once it is
 * received the machine is final. Context is plain JSON, so a snapshot can be persisted between form posts.
 */
export function createCreditApplicationMachine(validator: CreditApplicationValidator) {
  const reviewReady = (accepted: readonly AnswerStep[]) => ANSWER_STEPS.every((s) => accepted.includes(s));
  const withReview = (context: CreditApplicationContext, values: StepValues) =>
    mergedAnswers({ ...context.answers, review: values });
  /** Where review's Submit must send the shopper back, or null when the whole application passes. */
  const refusalAt = (context: CreditApplicationContext, values: StepValues) => {
    const missing = ANSWER_STEPS.find((s) => !context.accepted.includes(s));
    if (missing) return { step: missing as CreditApplicationStep, errors: {} as StepErrors };
    return validator.all(withReview(context, values));
  };

  return setup({
    types: {
      context: {} as CreditApplicationContext,
      events: {} as CreditApplicationEvent,
      output: {} as SubmitApplicationOutput,
    },
    actors: {
      submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(async () => {
        throw new ActorNotProvidedError("creditApplicationMachine", "submitApplication");
      }),
    },
    guards: {
      continuesTo: ({ context, event }, params: { step: AnswerStep; to: CreditApplicationStep }) =>
        event.type === "CONTINUE" &&
        validator.step(params.step, event.values) === null &&
        nextStep(params.step, without(context.accepted, params.step)) === params.to,
      canEdit: ({ context, event }, params: { from: CreditApplicationStep; to: CreditApplicationStep }) =>
        event.type === "EDIT" &&
        event.step === params.to &&
        (stepIndex(params.to) < stepIndex(params.from) ||
          context.accepted.includes(params.to as AnswerStep) ||
          (params.to === "review" && reviewReady(context.accepted))),
      applicationPasses: ({ context, event }) => event.type === "SUBMIT" && refusalAt(context, event.values) === null,
      refusedAt: ({ context, event }, params: { step: CreditApplicationStep }) =>
        event.type === "SUBMIT" && refusalAt(context, event.values)?.step === params.step,
      serverRefusedAt: ({ event }, params: { step: CreditApplicationStep }) =>
        "error" in event && refusalOf(event.error)?.step === params.step,
    },
    actions: {
      keepAnswers: assign({
        answers: ({ context, event }, params: { step: CreditApplicationStep }) =>
          "values" in event && event.values !== undefined
            ? { ...context.answers, [params.step]: { ...event.values } }
            : context.answers,
      }),
      accept: assign({
        accepted: ({ context }, params: { step: AnswerStep }) => [
          ...without(context.accepted, params.step),
          params.step,
        ],
        errors: null,
        submitError: null,
      }),
      reject: assign({
        accepted: ({ context }, params: { step: AnswerStep }) => without(context.accepted, params.step),
        errors: ({ event }, params: { step: AnswerStep }) =>
          event.type === "CONTINUE" ? (validator.step(params.step, event.values) ?? {}) : null,
      }),
      unaccept: assign({
        accepted: ({ context }, params: { step: AnswerStep }) => without(context.accepted, params.step),
        errors: null,
      }),
      /** Answers changed on the way back must pass their check again; unchanged ones stay accepted. */
      unacceptChanged: assign({
        accepted: ({ context, event }, params: { step: AnswerStep }) =>
          "values" in event && event.values !== undefined && !sameValues(event.values, context.answers[params.step])
            ? without(context.accepted, params.step)
            : context.accepted,
      }),
      clearErrors: assign({ errors: null, submitError: null }),
      refuse: assign(({ context, event }) => {
        if (event.type !== "SUBMIT") return {};
        const refusal = refusalAt(context, event.values) ?? { step: "review" as const, errors: {} };
        return {
          accepted: refusal.step === "review" ? context.accepted : without(context.accepted, refusal.step),
          errors: refusal.errors,
          submitError: { reason: "refused" as const, ...refusal },
        };
      }),
      serverRefused: assign(({ context, event }) => {
        const refusal = "error" in event ? refusalOf(event.error) : null;
        if (!refusal) return {};
        return {
          accepted: refusal.step === "review" ? context.accepted : without(context.accepted, refusal.step),
          errors: refusal.errors,
          submitError: refusal,
        };
      }),
      sendFailed: assign({ submitError: { reason: "failed", message: FAILED_TO_SEND } }),
    },
  }).createMachine({
    id: "creditApplication",
    context: { answers: {}, accepted: [], errors: null, submitError: null, reference: null },
    initial: "applicant",
    states: {
      ...(Object.fromEntries(
        ANSWER_STEPS.map((step) => [
          step,
          {
            on: {
              CONTINUE: [
                ...others(step).map((to) => ({
                  guard: { type: "continuesTo" as const, params: { step, to } },
                  target: to,
                  actions: [
                    { type: "keepAnswers" as const, params: { step } },
                    { type: "accept" as const, params: { step } },
                  ],
                })),
                {
                  actions: [
                    { type: "keepAnswers" as const, params: { step } },
                    { type: "reject" as const, params: { step } },
                  ],
                },
              ],
              SAVE: {
                actions: [
                  { type: "keepAnswers" as const, params: { step } },
                  { type: "unaccept" as const, params: { step } },
                ],
              },
              ...(step === "applicant"
                ? {}
                : {
                    BACK: {
                      target: previousStep(step),
                      actions: [
                        // Compared before they are kept.
                        { type: "unacceptChanged" as const, params: { step } },
                        { type: "keepAnswers" as const, params: { step } },
                        "clearErrors" as const,
                      ],
                    },
                  }),
              EDIT: others(step).map((to) => ({
                guard: { type: "canEdit" as const, params: { from: step, to } },
                target: to,
                actions: "clearErrors" as const,
              })),
            },
          },
        ]),
      ) as Record<AnswerStep, object>),
      review: {
        on: {
          SUBMIT: [
            {
              guard: "applicationPasses",
              target: "submitting",
              actions: [{ type: "keepAnswers", params: { step: "review" } }, "clearErrors"],
            },
            ...CREDIT_APPLICATION_STEPS.map((step) => ({
              guard: { type: "refusedAt" as const, params: { step } },
              target: step,
              actions: [{ type: "keepAnswers" as const, params: { step: "review" as const } }, "refuse" as const],
            })),
          ],
          BACK: { target: "coBorrower", actions: "clearErrors" },
          EDIT: others("review").map((to) => ({
            guard: { type: "canEdit" as const, params: { from: "review" as const, to } },
            target: to,
            actions: "clearErrors" as const,
          })),
        },
      },
      submitting: {
        tags: ["busy"],
        invoke: {
          src: "submitApplication",
          input: ({ context }): SubmitApplicationInput => ({ values: mergedAnswers(context.answers) }),
          onDone: {
            target: "submitted",
            actions: assign({ reference: ({ event }) => event.output.reference, errors: null, submitError: null }),
          },
          onError: [
            ...CREDIT_APPLICATION_STEPS.map((step) => ({
              guard: { type: "serverRefusedAt" as const, params: { step } },
              target: step,
              actions: "serverRefused" as const,
            })),
            { target: "review", actions: "sendFailed" },
          ],
        },
      },
      submitted: { type: "final" },
    },
    output: ({ context }) => ({ reference: context.reference ?? "" }),
  });
}

export type CreditApplicationMachine = ReturnType<typeof createCreditApplicationMachine>;
