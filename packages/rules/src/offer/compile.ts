import type { Question } from "../questionnaire/questionnaire.schema";
import { questionnaireIndex } from "../questionnaire/visibility";
import { type CompiledCondition, compileCondition } from "./compile-condition";
import { dollars, percentFixed, type Units } from "./money";
import type { OfferRules } from "./offer-rules";
import { OFFER_KINDS, type OfferKind } from "./outcomes.schema";
import type { RuleReason } from "./reasons";
import { type BaseRule, type CostRule, isBaseRule } from "./settings.schema";

/** An outcome rule, compiled: its conditions and what it does when they hold. */
export interface CompiledOutcome {
  readonly holds: CompiledCondition;
  readonly type: "bring-in" | "withhold";
  readonly reason: RuleReason;
  /** The offer a withhold rule withholds. */
  readonly offer?: OfferKind;
}

/** One deduction line, with its money figures converted once. */
export interface CompiledTier {
  readonly holds: CompiledCondition;
  readonly name: string;
  readonly percent: number | false;
  /** The flat amount in units, or null for a percent line. */
  readonly flat: Units | null;
  /** The percent as a fixed-point bigint (see money.ts), or null for a flat line. */
  readonly percentFixed: bigint | null;
}

export interface CompiledQuestion {
  readonly question: Question;
  /** Its visibility conditions: each names an earlier question (by its position) and the answers that reveal. */
  readonly revealedBy: readonly {
    readonly position: number;
    readonly questionId: string;
    readonly answers: readonly string[];
  }[];
  /** The deduction lines of each answer value that has any. */
  readonly tiers: ReadonlyMap<string, readonly CompiledTier[]>;
}

export interface CompiledBase {
  readonly holds: CompiledCondition;
  readonly rule: BaseRule;
  readonly percentFixed: bigint | null;
}

export interface CompiledCost {
  readonly holds: CompiledCondition;
  readonly rule: CostRule;
  readonly flat: Units | null;
  readonly percentFixed: bigint | null;
  readonly minimum: Units | null;
}

export interface CompiledOffer {
  /** Base rules in order; the last always holds (the schema makes it unconditional). */
  readonly bases: readonly CompiledBase[];
  readonly costs: readonly CompiledCost[];
  readonly minimumPrice: number;
}

/** A validated rule set compiled to plain functions and precomputed money (ADR 210). */
export interface CompiledOfferRules {
  readonly outcomes: readonly CompiledOutcome[];
  /** Questions in step order. */
  readonly questions: readonly CompiledQuestion[];
  readonly offers: Readonly<Record<OfferKind, CompiledOffer>>;
  readonly validForDays: number;
  /** More Cash Later's reserve check: a flat amount in dollars, or a fixed-point percent. */
  readonly reserve: { readonly amount: number } | { readonly percentFixed: bigint };
}

const compiled = new WeakMap<OfferRules, CompiledOfferRules>();

const fixedOrNull = (percent: number | false) => (percent === false ? null : percentFixed(percent));
const unitsOrNull = (amount: number | false | undefined) =>
  amount === false || amount === undefined ? null : dollars(amount);

function compileQuestions(rules: OfferRules): CompiledQuestion[] {
  const { ordered } = questionnaireIndex(rules.questionnaire);
  const position = new Map(ordered.map((q, i) => [q.questionId, i]));
  return ordered.map((question) => ({
    question,
    revealedBy: (question.condition ?? []).map((entry) => ({
      position: position.get(entry.id) ?? -1,
      questionId: entry.id,
      answers: entry.answers,
    })),
    tiers: new Map(
      question.answers
        .filter((a) => (a.deduction ?? []).length > 0)
        .map((a) => [
          a.value,
          (a.deduction ?? []).map((d) => ({
            holds: compileCondition(d.rules),
            name: d.name,
            percent: d.percent,
            flat: unitsOrNull(d.amount),
            percentFixed: fixedOrNull(d.percent),
          })),
        ]),
    ),
  }));
}

function compileOffer(rules: OfferRules, kind: OfferKind): CompiledOffer {
  const settings = rules.settings[kind];
  const bases: CompiledBase[] = [];
  const costs: CompiledCost[] = [];
  for (const rule of settings.priceRules) {
    if (isBaseRule(rule)) {
      bases.push({ holds: compileCondition(rule.rules), rule, percentFixed: fixedOrNull(rule.percent) });
    } else {
      costs.push({
        holds: compileCondition(rule.rules),
        rule,
        flat: unitsOrNull(rule.amount),
        percentFixed: fixedOrNull(rule.percent),
        minimum: unitsOrNull(rule.minimum),
      });
    }
  }
  return { bases, costs, minimumPrice: settings.minimumPrice };
}

/** The compiled form of a rule set, built on first use and cached for as long as the rule set lives. */
export function compileOfferRules(rules: OfferRules): CompiledOfferRules {
  let result = compiled.get(rules);
  if (!result) {
    const [reserveStep] = rules.settings.moreCashLater.stepPayments;
    result = {
      outcomes: rules.outcomes.rules.map((rule) => ({
        holds: compileCondition(rule.conditions),
        type: rule.event.type,
        reason: rule.event.params.reason,
        ...(rule.event.type === "withhold" ? { offer: rule.event.params.offer } : {}),
      })),
      questions: compileQuestions(rules),
      offers: Object.fromEntries(OFFER_KINDS.map((kind) => [kind, compileOffer(rules, kind)])) as Record<
        OfferKind,
        CompiledOffer
      >,
      validForDays: rules.settings.validForDays,
      reserve:
        reserveStep.amount !== false
          ? { amount: reserveStep.amount }
          : { percentFixed: percentFixed(reserveStep.percent as number) },
    };
    compiled.set(rules, result);
  }
  return result;
}
