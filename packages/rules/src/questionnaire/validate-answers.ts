import { defaultQuestionnaire } from "./default-questionnaire";
import type { Question, Questionnaire } from "./questionnaire.schema";
import { type Answers, isAnswered, questionnaireIndex, visibleAnswers, visibleQuestions } from "./visibility";

/** The spec's message for a missing required answer (section 8). */
export const REQUIRED_MESSAGE = "This field is required";
/** Longest comment accepted when a textarea question sets no maxLength. */
export const DEFAULT_TEXT_MAX_LENGTH = 1000;

/** What is wrong with the answers; `questionId` is absent when the answers as a whole are malformed. */
export interface AnswerProblem {
  readonly questionId?: string;
  readonly message: string;
}

export type AnswersValidation =
  | { readonly success: true /** Answers to shown questions only. */; readonly answers: Answers }
  | { readonly success: false; readonly problems: readonly AnswerProblem[] };

/** Problems of one answer to a shown question (none when it is fine). */
export function answerProblems(question: Question, value: unknown): string[] {
  if (!isAnswered(value)) return question.required ? [REQUIRED_MESSAGE] : [];
  const labelOf = (v: string) => question.answers.find((a) => a.value === v)?.label;
  const choices = question.answers.map((a) => a.value).join(", ");
  switch (question.inputType) {
    case "textarea": {
      if (typeof value !== "string") return ["Enter text."];
      const max = question.maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
      return value.length > max ? [`Use at most ${max} characters.`] : [];
    }
    case "radio":
      if (typeof value !== "string") return ["Choose one answer."];
      return labelOf(value) === undefined ? [`Choose one of: ${choices}.`] : [];
    case "checkbox": {
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) return ["Choose one or more answers."];
      const values = value as string[];
      const problems = values.filter((v) => labelOf(v) === undefined).map((v) => `"${v}" is not one of: ${choices}.`);
      if (new Set(values).size !== values.length) problems.push("Choose each answer once.");
      const exclusive = question.answers.find((a) => a.exclusive && values.includes(a.value));
      if (exclusive && values.length > 1) problems.push(`"${exclusive.label}" cannot be combined with other answers.`);
      return problems;
    }
  }
}

/**
 * Checks answers keyed by questionId against the questionnaire: every shown required question is answered, and
 * every answer to a shown question is one it offers. Answers to hidden questions count for nothing, so they are
 * neither checked nor returned; an answer to a question the questionnaire does not have is a mistake.
 */
export function validateAnswers(
  answers: unknown,
  questionnaire: Questionnaire = defaultQuestionnaire,
): AnswersValidation {
  if (typeof answers !== "object" || answers === null || Array.isArray(answers)) {
    return { success: false, problems: [{ message: "Answers must be an object keyed by questionId." }] };
  }
  const record = answers as Record<string, unknown>;
  const { byId } = questionnaireIndex(questionnaire);
  const problems: AnswerProblem[] = Object.keys(record)
    .filter((id) => !byId.has(id))
    .map((questionId) => ({ questionId, message: `There is no question ${questionId}.` }));
  const typed = record as Answers;
  for (const question of visibleQuestions(typed, questionnaire)) {
    for (const message of answerProblems(question, record[question.questionId])) {
      problems.push({ questionId: question.questionId, message });
    }
  }
  return problems.length > 0
    ? { success: false, problems }
    : { success: true, answers: visibleAnswers(typed, questionnaire) };
}
