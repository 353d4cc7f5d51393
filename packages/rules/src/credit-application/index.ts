/**
 * The full credit application (spec sections 2 and 3): its five steps as a pure xstate v5 machine. The app provides
 * the answer checks (the forms' schemas) and the actor that sends the application.
 */

export { ActorNotProvidedError, ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export {
  ANSWER_STEPS,
  type AnswerStep,
  CREDIT_APPLICATION_STEPS,
  type CreditApplicationContext,
  type CreditApplicationEvent,
  type CreditApplicationMachine,
  type CreditApplicationStep,
  type CreditApplicationValidator,
  createCreditApplicationMachine,
  creditApplicationStep,
  FAILED_TO_SEND,
  mergedAnswers,
  nextStep,
  previousStep,
  type StepErrors,
  type StepValues,
  type SubmitApplicationInput,
  type SubmitApplicationOutput,
  type SubmitError,
} from "./credit-application.machine";
export { persistedCreditApplicationSchema, resumeCreditApplication } from "./persistence";
