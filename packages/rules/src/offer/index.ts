/**
 * The sell/trade offer engine (spec sections 3, 4 and 9), server-side: outcome triggers, deductions and offer
 * settings are JSON rule files run by json-rules-engine. Import `@showroom/rules/questionnaire` in the browser.
 */

export type { CheckReport } from "../bin/check";
// simulate's comparison, for the staff desk's candidate view (issue 30): the same numbers the command prints.
export type { ComparedEntry, Comparison, OfferMovement, SimulationRow } from "../bin/simulate";
export { compareSimulations, parseOfferBook } from "../bin/simulate";
export { ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export type {
  CashNowOffer,
  MoreCashLaterOffer,
  OfferCost,
  OfferDeduction,
  OfferResult,
  WithheldReason,
} from "./evaluate-offer";
export { evaluateOffer, evaluateParsedOffer } from "./evaluate-offer";
export type {
  OfferBook,
  OfferBookEntry,
  OfferInput,
  OfferInputProblem,
  OfferValuation,
  OfferVehicle,
  ParsedOfferInput,
} from "./input.schema";
export {
  OfferInputError,
  offerBookSchema,
  offerInputSchema,
  offerValuationSchema,
  offerVehicleSchema,
  parseOfferInput,
} from "./input.schema";
export type { LoadedOfferRules } from "./load-offer-rules";
export { defaultOfferRulesVersion, loadOfferRules, loadOfferRuleTexts, offerRulesVersion } from "./load-offer-rules";
export type { OfferRulePart, OfferRules, OfferRulesJson } from "./offer-rules";
export { crossCheckOfferRules, defaultOfferRules, OFFER_RULE_FILES, parseOfferRules } from "./offer-rules";
export type { OfferKind, OfferOutcomes, OutcomeRule } from "./outcomes.schema";
export { OFFER_KINDS, offerOutcomesSchema } from "./outcomes.schema";
export type { OfferReason, RuleReason } from "./reasons";
export { OFFER_REASONS, RULE_REASONS } from "./reasons";
export type {
  BaseRule,
  CashNowSettings,
  CostRule,
  MoreCashLaterSettings,
  OfferSettings,
  PriceRule,
  ValuationKey,
} from "./settings.schema";
export { offerSettingsSchema, VALUATION_KEYS } from "./settings.schema";
