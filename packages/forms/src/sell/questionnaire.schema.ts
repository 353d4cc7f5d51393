import {
  type Answers,
  DEFAULT_TEXT_MAX_LENGTH,
  defaultQuestionnaire,
  type Questionnaire,
  validateAnswers,
  visibleSteps,
} from "@showroom/rules/questionnaire";
import { z } from "zod";
import { MESSAGES } from "../messages";

export interface QuestionnaireSchemaOptions {
  /** The questionnaire the answers are for; the one shipped in `@showroom/rules` by default. */
  questionnaire?: Questionnaire;
  /**
   * Check only the steps up to this index (0-based, in `visibleSteps` order): each step of the five-step form posts
   * the answers so far, and later questions are not yet required. All steps by default.
   */
  throughStep?: number;
}

/**
 * Normalises answers as a form posts them: trimmed text, a checkbox with one box ticked (posted as a single value)
 * as a list, blank answers and ticks left out, and answers to questions the questionnaire does not have dropped like
 * any unknown field (a page rendered from an older questionnaire must not fail on them).
 */
function normaliseAnswers(questionnaire: Questionnaire) {
  const byId = new Map(questionnaire.questions.map((question) => [question.questionId, question]));
  return (value: unknown): unknown => {
    // A form with nothing ticked posts no `answers` at all: that is "no answers yet", not a malformed body.
    if (value === undefined || value === null) return {};
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const answers: Record<string, string | string[]> = {};
    for (const [questionId, raw] of Object.entries(value)) {
      const question = byId.get(questionId);
      if (!question) continue;
      const texts = (Array.isArray(raw) ? raw : [raw])
        .filter((item): item is string => typeof item === "string")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      if (texts.length === 0) continue;
      const [first = ""] = texts;
      answers[questionId] = question.inputType === "checkbox" ? texts : first;
    }
    return answers;
  };
}

/** What is wrong with a questionnaire's answers, each on its question (or on the answers as a whole). */
interface AnswerIssue {
  readonly questionId: string | undefined;
  readonly message: string;
}

/**
 * Checks normalised answers against the questionnaire, through one step: `validateAnswers` decides, and only
 * problems of questions up to `throughStep` count (a later step's questions are not yet required).
 */
function checkAnswers(
  given: Answers,
  questionnaire: Questionnaire,
  throughStep: number,
): { answers: Record<string, string | string[]>; issues: readonly AnswerIssue[] } {
  const stepOf = new Map(
    visibleSteps(given, questionnaire).flatMap((step) =>
      step.questions.map((question) => [question.questionId, step.index] as const),
    ),
  );
  const inScope = (questionId: string) => (stepOf.get(questionId) ?? 0) <= throughStep;
  const result = validateAnswers(given, questionnaire);
  if (result.success) return { answers: result.answers as Record<string, string | string[]>, issues: [] };
  const issues = result.problems
    .filter((problem) => problem.questionId === undefined || inScope(problem.questionId))
    .map((problem) => ({ questionId: problem.questionId, message: problem.message }));
  return { answers: keepShown(given, stepOf), issues };
}

/**
 * Sell/trade questionnaire answers, keyed by questionId (`answers.100`, `answers.300` posted once per ticked box).
 * Delegates to `@showroom/rules/questionnaire`: `validateAnswers` decides (every shown question answered except
 * comments, each answer one the question offers) and its messages land on `answers.{questionId}`; the output keeps
 * only the answers to shown questions.
 */
export function createQuestionnaireAnswersSchema({
  questionnaire = defaultQuestionnaire,
  throughStep = Number.POSITIVE_INFINITY,
}: QuestionnaireSchemaOptions = {}) {
  const answers = z
    .preprocess<unknown, z.ZodRecord<z.ZodString, z.ZodUnion<[z.ZodString, z.ZodArray<z.ZodString>]>>, Answers>(
      normaliseAnswers(questionnaire),
      z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    )
    .transform((given, ctx) => {
      const { answers: checked, issues } = checkAnswers(given, questionnaire, throughStep);
      for (const issue of issues) {
        ctx.addIssue({ code: "custom", path: issue.questionId ? [issue.questionId] : [], message: issue.message });
      }
      return issues.length > 0 ? z.NEVER : checked;
    });
  return z.object({ answers });
}

/**
 * A problem in the shopper's words: "This field is required" for a missing answer, "Choose one of the options." for
 * one the question does not offer (or offers only alone), the length limit for a comment.
 */
function shopperMessage(question: Questionnaire["questions"][number] | undefined, message: string): string {
  if (message === MESSAGES.required || !question) return message;
  if (question.inputType === "textarea") {
    return MESSAGES.tooLong(question.maxLength ?? DEFAULT_TEXT_MAX_LENGTH);
  }
  return MESSAGES.choice;
}

/** The form field of a question's answer in the sell/trade journey's posts: `q{questionId}` (`q100=good`). */
export function answerField(questionId: string): string {
  return `q${questionId}`;
}

/** One optional, loosely read field per question (`q100`…), for a form's shape; {@link readAnswerFields} checks them. */
export function answerFieldsShape(questionnaire: Questionnaire = defaultQuestionnaire) {
  return Object.fromEntries(
    questionnaire.questions.map((question) => [answerField(question.questionId), z.unknown().optional()]),
  ) as Record<string, z.ZodOptional<z.ZodUnknown>>;
}

/**
 * The answers of a post whose questions are `q{questionId}` fields, normalised and checked through `throughStep`;
 * each problem is added to `ctx` on its question's field. Returns the answers to shown questions.
 */
export function readAnswerFields(
  form: Readonly<Record<string, unknown>>,
  ctx: z.RefinementCtx,
  {
    questionnaire = defaultQuestionnaire,
    throughStep = Number.POSITIVE_INFINITY,
    soFar,
  }: QuestionnaireSchemaOptions & {
    /**
     * The answers of the earlier steps, when the post carries only one step's (`throughStep`): they decide which of
     * its questions show. The step's own questions are read from the post alone.
     */
    soFar?: Answers;
  } = {},
): { answers: Record<string, string | string[]>; valid: boolean } {
  const ownQuestions = new Set(soFar === undefined ? [] : (questionnaire.categories[throughStep]?.questionsIds ?? []));
  const byId = Object.fromEntries(
    questionnaire.questions.map((question) => [
      question.questionId,
      soFar === undefined || ownQuestions.has(question.questionId)
        ? form[answerField(question.questionId)]
        : soFar[question.questionId],
    ]),
  );
  const given = normaliseAnswers(questionnaire)(byId) as Answers;
  const { answers, issues } = checkAnswers(given, questionnaire, throughStep);
  const questions = new Map(questionnaire.questions.map((q) => [q.questionId, q]));
  for (const issue of issues) {
    const question = issue.questionId ? questions.get(issue.questionId) : undefined;
    ctx.addIssue({
      code: "custom",
      path: issue.questionId ? [answerField(issue.questionId)] : [],
      message: shopperMessage(question, issue.message),
      input: issue.questionId ? form[answerField(issue.questionId)] : undefined,
    });
  }
  return { answers, valid: issues.length === 0 };
}

/** The answers to shown questions (used when only later, out-of-scope steps are incomplete). */
function keepShown(given: Answers, stepOf: ReadonlyMap<string, number>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [questionId, value] of Object.entries(given)) {
    if (value !== undefined && stepOf.has(questionId))
      kept[questionId] = typeof value === "string" ? value : [...value];
  }
  return kept;
}

/** The whole questionnaire, every step, against the default questionnaire. */
export const questionnaireAnswersSchema = createQuestionnaireAnswersSchema();

export type QuestionnaireAnswersInput = z.input<typeof questionnaireAnswersSchema>;
export type QuestionnaireAnswersSubmission = z.output<typeof questionnaireAnswersSchema>;
