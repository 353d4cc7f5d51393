/**
 * Tracking: what each conversion event is worth (spec section 9), which route changes send a PageView, the
 * ConversationStarted user, the ad parameters kept from a landing URL, and Meta Conversions API user data normalized
 * and hashed with Web Crypto so the same code runs in the browser and on the server.
 */

export { ShowroomRulesError, type ShowroomRulesErrorCode, WebCryptoUnavailableError } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export { type AdParams, adParameterNames, MAX_AD_PARAM_LENGTH, pickAdParams, type SearchInput } from "./ad-params";
export { type ConversationUser, conversationStartedUser } from "./conversation";
export { defaultTrackingRules } from "./defaults";
export { GOOGLE_ITEM_EVENTS, type GoogleItemEvent, TRACKING_EVENT_NAMES, type TrackingEventName } from "./event-names";
export {
  type EventValue,
  eventValue,
  googleItemEventOfLead,
  googleItemValue,
  type SplitName,
  shouldTrackPageView,
  splitConversationName,
} from "./events";
export { LEAD_KIND_EVENTS, leadEvent, leadEventId } from "./lead-events";
export {
  hashMetaUserData,
  META_USER_FIELDS,
  type MetaProfileSource,
  type MetaUserData,
  type MetaUserField,
  type MetaUserInput,
  metaUserInputFromProfile,
  normalizeMetaField,
  normalizeMetaUserData,
  sha256Hex,
  US_CALLING_CODE,
} from "./meta-user-data";
export { parseTrackingRules } from "./parse-rules";
export { type TrackingRules, trackingEventNameSchema, trackingRulesSchema } from "./tracking.schema";
export { US_STATE_CODES } from "./us-states";
