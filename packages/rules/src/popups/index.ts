/**
 * Popups (spec sections 3, 4 and 5): popup definitions validated with zod, condition evaluation (page visit rules,
 * param rules, adsValues, lead-only popups, timers, tag visibility and clicks as facts), the browser-storage model
 * as pure reducers, and the lifecycle machine (inactive → active → submitted → finished).
 */

export { ActorNotProvidedError, ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export {
  adsValueMatches,
  evaluatePopup,
  isLeadOnly,
  type PopupFacts,
  type PopupSkipReason,
  type PopupVerdict,
  popupsToShow,
} from "./conditions";
export { DIALOG_POSITIONS, type DialogPosition, isButtonTriggered, isClosable } from "./dialog";
export {
  matchPageRule,
  type PageRuleMatch,
  type PageVisit,
  type PopupProblem,
  pageRuleAllows,
  popupProblems,
  visitCap,
} from "./page-rules";
export {
  type PopupContext,
  type PopupEvent,
  type PopupMachineInput,
  type PopupOutcome,
  type PopupSubmission,
  popupMachine,
  SIDE_BUTTON_PULSE_AFTER_MS,
  SIDE_BUTTON_PULSE_FOR_MS,
} from "./popup.machine";
export {
  type AdsValueRule,
  adsValueRuleSchema,
  type PageRule,
  type ParamRule,
  type PopupCondition,
  type PopupDefinition,
  pageRuleSchema,
  paramRuleSchema,
  popupConditionSchema,
  popupDefinitionSchema,
  popupListSchema,
} from "./popup.schema";
export { popupIdSchema } from "./popup-id.schema";
export { type ParsedPopupList, parsePopupList } from "./popup-list";
export { type ServerPopupFacts, type ServerVerdict, serverVerdict } from "./server-verdict";
export {
  disablePopupForSession,
  EMPTY_POPUP_STORAGE,
  finishPopup,
  forgetRetiredPopups,
  type PopupStorage,
  recordPageVisit,
  serializePopupStorage,
  type ViewedRule,
  visitCount,
} from "./storage";
export { POPUP_SESSION_KEY, POPUP_STORAGE_KEYS } from "./storage-keys";
export { parseDisabledPopups, parsePopupStorage } from "./storage-parse";
