/**
 * The unlock-price stepper (spec section 4): six steps from down payment to a personalized payment estimate, as an
 * xstate v5 machine whose profile save the app provides.
 */

export {
  type ContactDraft,
  draftOf,
  invalidProfileFields,
  PROFILE_FIELDS,
  type ProfileField,
} from "./contact-draft";
export { persistedUnlockPriceSchema, resumeUnlockPrice } from "./persistence";
export { type UnlockPriceSnapshot, unlockPriceProgress, unlockPriceStep } from "./steps";
export {
  type ContactError,
  createUnlockPriceMachine,
  SAVE_PROFILE_ERROR,
  type SaveProfileInput,
  UNLOCK_PRICE_CHOICES,
  UNLOCK_PRICE_STEPS,
  type UnlockPriceChoice,
  type UnlockPriceContext,
  type UnlockPriceEvent,
  type UnlockPriceInput,
  type UnlockPriceMachine,
  type UnlockPriceOutput,
  type UnlockPriceSelections,
  type UnlockPriceStep,
  unlockPriceEstimate,
  unlockPriceInputSchema,
  unlockPriceMachine,
} from "./unlock-price.machine";
