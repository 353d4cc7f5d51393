import { defaultQuestionnaire } from "./default-questionnaire";
import type { Category, Question, Questionnaire } from "./questionnaire.schema";

/** One answer: a value for radio and textarea questions, a list of values for checkbox questions. */
export type AnswerValue = string | readonly string[];
/** Answers keyed by questionId. */
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

interface QuestionnaireIndex {
  /** Questions in the order the steps ask them. */
  readonly ordered: readonly Question[];
  readonly byId: ReadonlyMap<string, Question>;
  readonly stepOf: ReadonlyMap<string, number>;
}

const indexes = new WeakMap<Questionnaire, QuestionnaireIndex>();

/** Lookup tables of a questionnaire, built once per questionnaire object. */
export function questionnaireIndex(questionnaire: Questionnaire): QuestionnaireIndex {
  let index = indexes.get(questionnaire);
  if (!index) {
    const byId = new Map(questionnaire.questions.map((q) => [q.questionId, q]));
    const stepOf = new Map<string, number>();
    const ordered: Question[] = [];
    for (const [step, category] of questionnaire.categories.entries()) {
      for (const id of category.questionsIds) {
        const question = byId.get(id);
        if (question && !stepOf.has(id)) {
          stepOf.set(id, step);
          ordered.push(question);
        }
      }
    }
    index = { ordered, byId, stepOf };
    indexes.set(questionnaire, index);
  }
  return index;
}

/** The values chosen in an answer: `["good"]` for a radio answer, the list itself for a checkbox answer. */
export function selectedValues(value: unknown): readonly string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/** True when the answer holds something: a non-blank text or at least one choice. */
export function isAnswered(value: unknown): boolean {
  return selectedValues(value).length > 0;
}

/**
 * The questions shown for these answers, in step order. A question is shown when, for each entry of its
 * `condition`, the named earlier question is itself shown and one of the listed answers is chosen there.
 */
export function visibleQuestions(answers: Answers, questionnaire: Questionnaire = defaultQuestionnaire): Question[] {
  const visible: Question[] = [];
  const shown = new Set<string>();
  for (const question of questionnaireIndex(questionnaire).ordered) {
    const revealed = (question.condition ?? []).every(
      (entry) => shown.has(entry.id) && selectedValues(answers[entry.id]).some((v) => entry.answers.includes(v)),
    );
    if (revealed) {
      shown.add(question.questionId);
      visible.push(question);
    }
  }
  return visible;
}

/** The answers that count: those to shown questions, with blank ones left out. */
export function visibleAnswers(answers: Answers, questionnaire: Questionnaire = defaultQuestionnaire): Answers {
  const counted: Record<string, AnswerValue> = {};
  for (const question of visibleQuestions(answers, questionnaire)) {
    const value = answers[question.questionId];
    if (value !== undefined && isAnswered(value)) counted[question.questionId] = value;
  }
  return counted;
}

/** A step of the questionnaire with the questions it shows for these answers (possibly none). */
export interface VisibleStep {
  readonly index: number;
  readonly category: Category;
  readonly questions: readonly Question[];
}

/** Every step with its shown questions; a step with no shown question is skipped by the form. */
export function visibleSteps(answers: Answers, questionnaire: Questionnaire = defaultQuestionnaire): VisibleStep[] {
  const shown = new Set(visibleQuestions(answers, questionnaire).map((q) => q.questionId));
  const { byId } = questionnaireIndex(questionnaire);
  return questionnaire.categories.map((category, index) => ({
    index,
    category,
    questions: category.questionsIds.filter((id) => shown.has(id)).flatMap((id) => byId.get(id) ?? []),
  }));
}

/** Every deduction name the questionnaire can apply, in the order the steps ask for them. */
export function deductionNames(questionnaire: Questionnaire = defaultQuestionnaire): string[] {
  const names = new Set<string>();
  for (const question of questionnaireIndex(questionnaire).ordered) {
    for (const answer of question.answers) for (const d of answer.deduction ?? []) names.add(d.name);
  }
  return [...names];
}
