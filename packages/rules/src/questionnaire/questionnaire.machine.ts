import { assign, emit, setup } from "xstate";
import { RuleFileError } from "../shared/rule-file";
import { defaultQuestionnaire } from "./default-questionnaire";
import type { Questionnaire } from "./questionnaire.schema";
import { answerProblems, validateAnswers } from "./validate-answers";
import { type Answers, type AnswerValue, type VisibleStep, visibleAnswers, visibleSteps } from "./visibility";

export interface QuestionnaireContext {
  readonly questionnaire: Questionnaire;
  /** Every answer given so far, including to questions a later change hid (they count for nothing). */
  readonly answers: Answers;
  /** Index of the current step in `questionnaire.categories`. */
  readonly stepIndex: number;
}

export type QuestionnaireEvent =
  | { type: "ANSWER"; questionId: string; value: AnswerValue }
  | { type: "NEXT" }
  | { type: "BACK" }
  | { type: "SUBMIT" };

/** Emitted on SUBMIT with the answers to shown questions only. */
export interface QuestionnaireSubmitted {
  type: "submitted";
  answers: Answers;
}

export interface QuestionnaireInput {
  /** Defaults to the questionnaire that ships with the package. */
  questionnaire?: Questionnaire;
  /** Answers to resume from. */
  answers?: Answers;
}

/** The current step with the questions it shows, and where it sits among the steps that show anything. */
export interface CurrentStep extends VisibleStep {
  /** 1-based position among the steps shown for the current answers. */
  readonly number: number;
  /** How many steps are shown for the current answers. */
  readonly total: number;
}

/** The step the form is on, for rendering. */
export function currentStep(context: QuestionnaireContext): CurrentStep {
  const shown = visibleSteps(context.answers, context.questionnaire).filter((s) => s.questions.length > 0);
  const position = shown.findIndex((s) => s.index === context.stepIndex);
  const step = shown[position] ?? visibleSteps(context.answers, context.questionnaire)[context.stepIndex];
  if (!step) {
    throw new RuleFileError([
      { file: "questionnaire.json", path: "$.categories", message: `There is no step ${context.stepIndex + 1}.` },
    ]);
  }
  return { ...step, number: position + 1, total: shown.length };
}

function shownStepIndexes(context: QuestionnaireContext): number[] {
  return visibleSteps(context.answers, context.questionnaire)
    .filter((s) => s.questions.length > 0)
    .map((s) => s.index);
}

/** The next step after the current one that shows a question, if any. */
export function nextStepIndex(context: QuestionnaireContext): number | undefined {
  return shownStepIndexes(context).find((i) => i > context.stepIndex);
}

/** The last step before the current one that shows a question, if any. */
export function previousStepIndex(context: QuestionnaireContext): number | undefined {
  return shownStepIndexes(context)
    .filter((i) => i < context.stepIndex)
    .at(-1);
}

/** True when every question the current step shows has a valid answer. */
export function isStepComplete(context: QuestionnaireContext): boolean {
  return currentStep(context).questions.every((q) => answerProblems(q, context.answers[q.questionId]).length === 0);
}

/** True when the value has the shape the question's input gives: a list for checkboxes, a string otherwise. */
export function fitsInput(inputType: string, value: unknown): boolean {
  return inputType === "checkbox"
    ? Array.isArray(value) && value.every((v) => typeof v === "string")
    : typeof value === "string";
}

/**
 * The five-step sell/trade questionnaire as a machine, driven by the questionnaire data: ANSWER records an answer
 * to a question shown on the current step; NEXT moves to the next step that shows a question, and is refused while
 * a shown question of this step lacks a valid answer; BACK returns to the previous shown step; SUBMIT, on the last
 * shown step with every shown question answered, emits `submitted` with the answers to shown questions only and
 * ends with them as output.
 */
export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput | undefined,
    emitted: {} as QuestionnaireSubmitted,
    output: {} as { answers: Answers },
  },
  guards: {
    isAnswerable: ({ context }, params: { questionId: string; value: unknown }) => {
      const question = currentStep(context).questions.find((q) => q.questionId === params.questionId);
      return question !== undefined && fitsInput(question.inputType, params.value);
    },
    canGoNext: ({ context }) => isStepComplete(context) && nextStepIndex(context) !== undefined,
    canGoBack: ({ context }) => previousStepIndex(context) !== undefined,
    canSubmit: ({ context }) =>
      nextStepIndex(context) === undefined && validateAnswers(context.answers, context.questionnaire).success,
  },
  actions: {
    recordAnswer: assign({
      answers: ({ context }, params: { questionId: string; value: AnswerValue }) => ({
        ...context.answers,
        [params.questionId]: params.value,
      }),
    }),
    goNext: assign({ stepIndex: ({ context }) => nextStepIndex(context) ?? context.stepIndex }),
    goBack: assign({ stepIndex: ({ context }) => previousStepIndex(context) ?? context.stepIndex }),
    emitSubmitted: emit(({ context }) => ({
      type: "submitted" as const,
      answers: visibleAnswers(context.answers, context.questionnaire),
    })),
  },
}).createMachine({
  id: "questionnaire",
  context: ({ input }) => {
    const questionnaire = input?.questionnaire ?? defaultQuestionnaire;
    const answers = input?.answers ?? {};
    const first = visibleSteps(answers, questionnaire).find((s) => s.questions.length > 0);
    return { questionnaire, answers, stepIndex: first?.index ?? 0 };
  },
  initial: "answering",
  states: {
    answering: {
      on: {
        ANSWER: {
          guard: {
            type: "isAnswerable",
            params: ({ event }) => ({ questionId: event.questionId, value: event.value }),
          },
          actions: {
            type: "recordAnswer",
            params: ({ event }) => ({ questionId: event.questionId, value: event.value }),
          },
        },
        NEXT: { guard: "canGoNext", actions: "goNext" },
        BACK: { guard: "canGoBack", actions: "goBack" },
        SUBMIT: { guard: "canSubmit", target: "submitted", actions: "emitSubmitted" },
      },
    },
    submitted: { type: "final" },
  },
  output: ({ context }) => ({ answers: visibleAnswers(context.answers, context.questionnaire) }),
});
