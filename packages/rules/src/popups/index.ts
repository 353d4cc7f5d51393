/**
 * Popups (spec sections 3, 4 and 5): popup definitions validated with zod, condition evaluation (page visit rules,
 * param rules, adsValues, lead-only popups, timers, tag visibility and clicks as facts), the browser-storage model
 * as pure reducers, and the lifecycle machine (inactive → active → submitted → finished).
 */
export {
  adsValueMatches,
  evaluatePopup,
  isLeadOnly,
  type PopupFacts,
  type PopupSkipReason,
  type PopupVerdict,
  popupsToShow,
} from "./conditions";
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
  DIALOG_POSITIONS,
  type DialogPosition,
  isButtonTriggered,
  isClosable,
  type PageRule,
  type ParamRule,
  type PopupCondition,
  type PopupDefinition,
  pageRuleSchema,
  paramRuleSchema,
  popupConditionSchema,
  popupDefinitionSchema,
  popupIdSchema,
  popupListSchema,
} from "./popup.schema";
export { type ParsedPopupList, parsePopupList } from "./popup-list";
export {
  disablePopupForSession,
  EMPTY_POPUP_STORAGE,
  finishPopup,
  forgetRetiredPopups,
  POPUP_SESSION_KEY,
  POPUP_STORAGE_KEYS,
  type PopupStorage,
  parseDisabledPopups,
  parsePopupStorage,
  recordPageVisit,
  serializePopupStorage,
  type ViewedRule,
  visitCount,
} from "./storage";
