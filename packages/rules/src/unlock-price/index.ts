/**
 * The unlock-price stepper (spec section 4): six steps from down payment to a personalized payment estimate, as an
 * xstate v5 machine whose profile save the app provides.
 */

export {
  ActorNotProvidedError,
  InputError,
  type InputProblem,
  ShowroomRulesError,
  type ShowroomRulesErrorCode,
} from "../shared/errors";
export {
  type ContactDraft,
  draftOf,
  invalidProfileFields,
  PROFILE_FIELDS,
  type ProfileField,
} from "./contact-draft";
export { unlockPriceEstimate } from "./estimate";
export { type UnlockPriceInput, unlockPriceInputSchema } from "./input.schema";
export { persistedUnlockPriceSchema, resumeUnlockPrice } from "./persistence";
export { type UnlockPriceSnapshot, unlockPriceProgress, unlockPriceStep } from "./steps";
export {
  createUnlockPriceMachine,
  type SaveProfileInput,
  type UnlockPriceContext,
  type UnlockPriceEvent,
  type UnlockPriceMachine,
  type UnlockPriceOutput,
  unlockPriceMachine,
} from "./unlock-price.machine";
export {
  type ContactError,
  SAVE_PROFILE_ERROR,
  UNLOCK_PRICE_CHOICES,
  UNLOCK_PRICE_STEPS,
  type UnlockPriceChoice,
  type UnlockPriceSelections,
  type UnlockPriceStep,
} from "./vocabulary";
