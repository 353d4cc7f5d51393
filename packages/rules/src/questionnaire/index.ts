/**
 * The sell/trade questionnaire (spec sections 3 and 4): its questions and steps as data, which questions show for
 * given answers, answer validation, and the five-step xstate machine. Browser-safe: no rule engine in here.
 */

import { defaultQuestionnaire } from "./default-questionnaire";
import { type Questionnaire, questionnaireSchema } from "./questionnaire.schema";
import { parseWithProblems } from "./rule-problems";

export { ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";

export type {
  AllConditions,
  AnyConditions,
  Condition,
  FactCondition,
  NotCondition,
  OfferFact,
  TopLevelCondition,
} from "./conditions.schema";
export { OFFER_FACTS, OPERATOR_ALIASES } from "./conditions.schema";
export { defaultQuestionnaire } from "./default-questionnaire";
export type {
  CurrentStep,
  QuestionnaireContext,
  QuestionnaireEvent,
  QuestionnaireInput,
  QuestionnaireSubmitted,
} from "./questionnaire.machine";
export { currentStep, questionnaireMachine } from "./questionnaire.machine";
export type { Answer, Category, Deduction, Question, Questionnaire } from "./questionnaire.schema";
export { questionnaireSchema } from "./questionnaire.schema";
export type { SellJourneyStep } from "./sell-journey";
export {
  persistedSellJourneySchema,
  resumeSellJourney,
  sellJourneyProgress,
  sellJourneyStep,
} from "./sell-journey";
export type {
  DecodedVehicle,
  SellInterest,
  SellJourneyContext,
  SellJourneyEvent,
  SellJourneyMachine,
  SellJourneyOutput,
  SellVehicleDetails,
  SellVehicleIdentity,
  VinProblem,
} from "./sell-journey.machine";
export {
  createSellJourneyMachine,
  isSellDetails,
  isSellVehicle,
  SELL_INTERESTS,
  sellJourneyMachine,
  VIN_PROBLEMS,
  VinDecodeError,
} from "./sell-journey.machine";
export type { AnswerProblem, AnswersValidation } from "./validate-answers";
export { answerProblems, DEFAULT_TEXT_MAX_LENGTH, REQUIRED_MESSAGE, validateAnswers } from "./validate-answers";
export type { Answers, AnswerValue, VisibleStep } from "./visibility";
export {
  deductionNames,
  isAnswered,
  selectedValues,
  visibleAnswers,
  visibleQuestions,
  visibleSteps,
} from "./visibility";

/** The questions of the default questionnaire, in file order. */
export const questions = defaultQuestionnaire.questions;
/** The steps of the default questionnaire, in order. */
export const categories = defaultQuestionnaire.categories;

/** Validates a questionnaire file; throws a RuleFileError naming every JSON path at fault. */
export function parseQuestionnaire(json: unknown, file = "questionnaire.json"): Questionnaire {
  return parseWithProblems(questionnaireSchema, json, file);
}

/**
 * The questionnaire without its deductions: what a page needs to render the form. Send this to the browser so the
 * dealer's deduction table stays on the server.
 */
export function withoutDeductions(questionnaire: Questionnaire = defaultQuestionnaire): Questionnaire {
  return {
    ...questionnaire,
    questions: questionnaire.questions.map((q) => ({
      ...q,
      answers: q.answers.map(({ deduction: _deduction, ...answer }) => answer),
    })),
  };
}
