import outcomesJson from "../../rules/offer-outcomes.json" with { type: "json" };
import settingsJson from "../../rules/offer-settings.json" with { type: "json" };
import questionnaireJson from "../../rules/questionnaire.json" with { type: "json" };
import { conditionProblems } from "../questionnaire/condition-checks";
import { type Questionnaire, questionnaireSchema } from "../questionnaire/questionnaire.schema";
import { zodProblems } from "../questionnaire/rule-problems";
import { questionnaireIndex } from "../questionnaire/visibility";
import { jsonPath, RuleFileError, type RuleProblem } from "../shared/rule-file";
import { type OfferOutcomes, offerOutcomesSchema } from "./outcomes.schema";
import { isBaseRule, type OfferSettings, offerSettingsSchema } from "./settings.schema";

/** The file each part of the offer rules lives in, in `rules/` or an analyst's directory. */
export const OFFER_RULE_FILES = {
  questionnaire: "questionnaire.json",
  outcomes: "offer-outcomes.json",
  settings: "offer-settings.json",
} as const;

export type OfferRulePart = keyof typeof OFFER_RULE_FILES;

declare const validated: unique symbol;

/**
 * The validated rule set an offer is computed from: the questionnaire (questions and their deductions), the
 * outcome triggers and the offer settings. Only {@link parseOfferRules} makes one; it is frozen, so the engines
 * compiled from it can be cached on it.
 */
export type OfferRules = {
  readonly questionnaire: Questionnaire;
  readonly outcomes: OfferOutcomes;
  readonly settings: OfferSettings;
} & { readonly [validated]: true };

/** The three files as JSON, before validation. */
export interface OfferRulesJson {
  readonly questionnaire: unknown;
  readonly outcomes: unknown;
  readonly settings: unknown;
}

const schemas = { questionnaire: questionnaireSchema, outcomes: offerOutcomesSchema, settings: offerSettingsSchema };

/**
 * Validates the offer rule files `{ questionnaire, outcomes, settings }` (the JSON of `questionnaire.json`,
 * `offer-outcomes.json` and `offer-settings.json`), each against its schema and then against each other. Throws a
 * {@link RuleFileError} whose message lists every problem as `file: $.json.path: message`.
 */
export function parseOfferRules(json: OfferRulesJson): OfferRules {
  if (typeof json !== "object" || json === null) {
    throw new RuleFileError([
      { file: "offer rules", path: "$", message: "Expected { questionnaire, outcomes, settings }." },
    ]);
  }
  const problems: RuleProblem[] = [];
  const parsed: Partial<Record<OfferRulePart, unknown>> = {};
  for (const part of Object.keys(OFFER_RULE_FILES) as OfferRulePart[]) {
    const file = OFFER_RULE_FILES[part];
    if (!(part in json)) {
      problems.push({ file, path: "$", message: `Missing: pass the JSON of ${file} as "${part}".` });
      continue;
    }
    const result = schemas[part].safeParse(json[part]);
    if (result.success) parsed[part] = result.data;
    else problems.push(...zodProblems(file, result.error, json[part], schemas[part]));
  }
  if (problems.length > 0) throw new RuleFileError(problems);
  const rules = parsed as Omit<OfferRules, typeof validated>;
  const crossProblems = crossCheckOfferRules(rules);
  if (crossProblems.length > 0) throw new RuleFileError(crossProblems);
  return deepFreeze(rules) as OfferRules;
}

/**
 * Problems between the files: outcome and price rules that read answers must name questions and answers the
 * questionnaire has, and use the base price only where it is known. A file left out (because it did not validate)
 * is not checked.
 */
export function crossCheckOfferRules(rules: {
  readonly questionnaire: Questionnaire;
  readonly outcomes?: OfferOutcomes | undefined;
  readonly settings?: OfferSettings | undefined;
}): RuleProblem[] {
  const questions = questionnaireIndex(rules.questionnaire).byId;
  const problems: RuleProblem[] = [];
  for (const [i, rule] of (rules.outcomes?.rules ?? []).entries()) {
    for (const p of conditionProblems(rule.conditions, { questions, basePriceKnown: false })) {
      problems.push({
        file: OFFER_RULE_FILES.outcomes,
        path: jsonPath(["rules", i, "conditions", ...p.path]),
        message: p.message,
      });
    }
  }
  for (const offer of ["cashNow", "moreCashLater"] as const) {
    for (const [i, rule] of (rules.settings?.[offer].priceRules ?? []).entries()) {
      if (!rule.rules) continue;
      for (const p of conditionProblems(rule.rules, { questions, basePriceKnown: !isBaseRule(rule) })) {
        problems.push({
          file: OFFER_RULE_FILES.settings,
          path: jsonPath([offer, "priceRules", i, "rules", ...p.path]),
          message: p.message,
        });
      }
    }
  }
  return problems;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The offer rules that ship with the package (`rules/questionnaire.json`, `offer-outcomes.json`, `offer-settings.json`). */
export const defaultOfferRules: OfferRules = parseOfferRules({
  questionnaire: questionnaireJson,
  outcomes: outcomesJson,
  settings: settingsJson,
});
