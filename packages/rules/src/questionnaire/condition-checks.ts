import { likelySpelling } from "../shared/spelling";
import {
  CONTAINS_OPERATORS,
  type Condition,
  type ConditionOperator,
  EQUALITY_OPERATORS,
  factConditions,
  MEMBERSHIP_OPERATORS,
} from "./conditions.schema";

/** What a condition check needs to know about a question. */
export interface QuestionShape {
  readonly questionId: string;
  readonly inputType: "radio" | "checkbox" | "textarea";
  readonly answers: readonly { readonly value: string }[];
}

export interface ConditionCheckContext {
  readonly questions: ReadonlyMap<string, QuestionShape>;
  /** False where the base price is not chosen yet (outcome triggers, base price rules). */
  readonly basePriceKnown: boolean;
}

export interface LocatedProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const LIST_OPERATORS: readonly ConditionOperator[] = CONTAINS_OPERATORS;
const SINGLE_OPERATORS: readonly ConditionOperator[] = [...EQUALITY_OPERATORS, ...MEMBERSHIP_OPERATORS];

/**
 * Problems a schema cannot see because they depend on other data: the base price used before it exists, an answer
 * fact naming a question that does not exist, a value that is not one of its answers, or an operator that cannot
 * match the answer's shape (a checkbox answer is a list; a radio answer is one value).
 */
export function conditionProblems(condition: Condition, context: ConditionCheckContext): LocatedProblem[] {
  const problems: LocatedProblem[] = [];
  for (const { leaf, path } of factConditions(condition)) {
    if (leaf.fact === "basePrice" && !context.basePriceKnown) {
      problems.push({
        path: [...path, "fact"],
        message: "basePrice is not known here: only deductions and cost rules can use it.",
      });
    }
    if (leaf.fact !== "answer" || !leaf.params) continue;
    const { questionId } = leaf.params;
    const question = context.questions.get(questionId);
    if (!question) {
      problems.push({
        path: [...path, "params", "questionId"],
        message: `No question ${questionId} in the questionnaire.`,
      });
      continue;
    }
    if (question.inputType === "textarea") {
      problems.push({
        path: [...path, "params", "questionId"],
        message: `Question ${questionId} is free text: rules cannot depend on it.`,
      });
      continue;
    }
    const fits = question.inputType === "checkbox" ? LIST_OPERATORS : SINGLE_OPERATORS;
    if (!fits.includes(leaf.operator)) {
      problems.push({
        path: [...path, "operator"],
        message:
          question.inputType === "checkbox"
            ? `Question ${questionId} is a checkbox, so its answer is a list: use contains or doesNotContain.`
            : `Question ${questionId} takes one answer: use equal, notEqual, in or notIn.`,
      });
    }
    const known = question.answers.map((a) => a.value);
    const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
    for (const [i, value] of values.entries()) {
      if (typeof value === "string" && known.includes(value)) continue;
      problems.push({
        path: Array.isArray(leaf.value) ? [...path, "value", i] : [...path, "value"],
        message: notAnAnswer(value, questionId, known),
      });
    }
  }
  return problems;
}

/** `"grate" is not an answer to question 100; did you mean "great"? (answers: …)` */
function notAnAnswer(value: unknown, questionId: string, known: readonly string[]): string {
  const likely = typeof value === "string" ? likelySpelling(value, known) : undefined;
  const guess = likely === undefined ? "" : `; did you mean ${JSON.stringify(likely)}?`;
  return `${JSON.stringify(value)} is not an answer to question ${questionId}${guess} (answers: ${known.join(", ")}).`;
}
