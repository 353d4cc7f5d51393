import { Engine, type TopLevelCondition as EngineCondition, type Event, type RuleProperties } from "json-rules-engine";
import {
  type Condition,
  canonicalOperator,
  factConditions,
  isFactCondition,
  isUnconditional,
  type TopLevelCondition,
} from "../questionnaire/conditions.schema";
import { selectedValues, visibleQuestions } from "../questionnaire/visibility";
import type { CashNowOffer, MoreCashLaterOffer, OfferDeduction, OfferResult } from "./evaluate-offer";
import { type OfferInput, type ParsedOfferInput, parseOfferInput } from "./input.schema";
import { dollars, floorDollars, max, percentOf, sum, toDollars, type Units } from "./money";
import { defaultOfferRules, type OfferRules } from "./offer-rules";
import { OFFER_KINDS, type OfferKind } from "./outcomes.schema";
import type { RuleReason } from "./reasons";
import { type BaseRule, type CostRule, isBaseRule } from "./settings.schema";

/*
 * The offer engine as it ran before ADR 210: json-rules-engine decides every condition (pooled engines, condition
 * groups evaluated once), the arithmetic is the original code. Kept, unchanged in substance, as the oracle the
 * compiled evaluator is compared with (engine-reference.test.ts); nothing outside tests imports it.
 */

/** Idle engines kept per pool; more are built only while that many evaluations overlap. */
const MAX_IDLE_ENGINES = 8;

/**
 * Engines for one rule set. json-rules-engine keeps a run status on the Engine itself, so two overlapping runs on
 * one engine can skip each other's lower-priority rules; a pool hands each run an engine of its own and takes it
 * back afterwards. Engines are built from the same rule list and never changed after they are built.
 */
export class EnginePool {
  readonly #rules: readonly RuleProperties[];
  /** The facts the rules read; a run gets only these (the engine hashes every fact it is given). */
  readonly #facts: readonly string[];
  readonly #idle: Engine[] = [];
  #built = 0;

  constructor(rules: readonly RuleProperties[]) {
    this.#rules = rules;
    const facts = new Set<string>();
    for (const rule of rules) for (const { leaf } of factConditions(rule.conditions as Condition)) facts.add(leaf.fact);
    this.#facts = [...facts];
    this.#idle.push(this.#build());
  }

  /** How many rules each engine of this pool holds. */
  get ruleCount(): number {
    return this.#rules.length;
  }

  /** How many engines this pool has built so far. */
  get enginesBuilt(): number {
    return this.#built;
  }

  /** Runs the rules on these facts and returns the events of the rules that held. */
  async run(facts: Record<string, unknown>): Promise<Event[]> {
    if (this.#rules.length === 0) return [];
    const engine = this.#idle.pop() ?? this.#build();
    const { events } = await engine.run(Object.fromEntries(this.#facts.map((f) => [f, facts[f]])));
    // An engine whose run threw is dropped (the await above rethrows), so only clean engines are reused.
    if (this.#idle.length < MAX_IDLE_ENGINES) this.#idle.push(engine);
    return events;
  }

  #build(): Engine {
    this.#built += 1;
    return new Engine(this.#rules.map((r) => ({ ...r })));
  }
}

/** Where a condition group is evaluated: with the vehicle's facts, or with one offer's base price as well. */
export type ConditionScope = "vehicle" | OfferKind;

/** The engine fact holding one question's answer; analysts write `{ "fact": "answer", "params": { "questionId" } }`. */
export function answerFact(questionId: string): string {
  return `answer:${questionId}`;
}

/** The engine fact holding one offer's base price; analysts write `basePrice`. */
export function basePriceFact(offer: OfferKind): string {
  return `basePrice:${offer}`;
}

/**
 * Conditions as the engine runs them: the spec's operator aliases become json-rules-engine's names, answers are
 * plain facts (a fact with params would be hashed on every lookup), and basePrice names the offer it belongs to so
 * both offers' deductions are decided in one run.
 */
function canonical(condition: Condition, scope: ConditionScope): Condition {
  if (isFactCondition(condition)) {
    const { params, ...leaf } = condition;
    const fact =
      condition.fact === "answer" && params
        ? answerFact(params.questionId)
        : condition.fact === "basePrice" && scope !== "vehicle"
          ? basePriceFact(scope)
          : condition.fact;
    return { ...leaf, fact, operator: canonicalOperator(condition.operator) } as Condition;
  }
  if ("all" in condition) return { all: condition.all.map((c) => canonical(c, scope)) };
  if ("any" in condition) return { any: condition.any.map((c) => canonical(c, scope)) };
  return { not: canonical(condition.not, scope) };
}

/** Identifies a condition group by its content and scope; equal groups share a key and are evaluated once. */
export type ConditionKey = string;

/** null for a group that always holds (absent, or `{ "all": [] }`). */
function conditionKey(condition: TopLevelCondition | undefined, scope: ConditionScope): ConditionKey | null {
  return condition === undefined || isUnconditional(condition)
    ? null
    : `${scope} ${JSON.stringify(canonical(condition, scope))}`;
}

/** One rule per distinct condition group, whose event names the group when it holds. */
function holdsRules(
  groups: Iterable<{ condition: TopLevelCondition | undefined; scope: ConditionScope }>,
  keys: Map<TopLevelCondition, Partial<Record<ConditionScope, ConditionKey>>>,
): RuleProperties[] {
  const distinct = new Map<ConditionKey, TopLevelCondition>();
  for (const { condition, scope } of groups) {
    const key = conditionKey(condition, scope);
    if (key === null || condition === undefined) continue;
    keys.set(condition, { ...keys.get(condition), [scope]: key });
    if (!distinct.has(key)) distinct.set(key, canonical(condition, scope) as TopLevelCondition);
  }
  return [...distinct].map(([key, c], i) => ({
    name: `condition group ${i}`,
    conditions: c as EngineCondition,
    event: { type: "holds", params: { key } },
  }));
}

/** The keys of the condition groups that held in a run. */
export function heldKeys(events: readonly Event[]): ReadonlySet<ConditionKey> {
  return new Set(events.filter((e) => e.type === "holds").map((e) => String(e.params?.key)));
}

export interface CompiledOfferRules {
  /** Outcome triggers and base-price choices: facts of the vehicle, its valuation and the answers. */
  readonly vehicle: EnginePool;
  /** Deduction tiers and cost rules of both offers: the same facts plus each offer's base price. */
  readonly offer: EnginePool;
  /** True when the group always holds, or held in the run whose keys are `held`. */
  holds(condition: TopLevelCondition | undefined, scope: ConditionScope, held: ReadonlySet<ConditionKey>): boolean;
}

const compiled = new WeakMap<OfferRules, CompiledOfferRules>();

/** The engines for a rule set, built on first use and cached for as long as the rule set lives. */
export function referenceEngines(rules: OfferRules): CompiledOfferRules {
  let engines = compiled.get(rules);
  if (!engines) {
    const keys = new Map<TopLevelCondition, Partial<Record<ConditionScope, ConditionKey>>>();
    const outcomeRules: RuleProperties[] = rules.outcomes.rules.map((rule, order) => ({
      name: rule.name ?? `rule ${order}`,
      ...(rule.priority === undefined ? {} : { priority: rule.priority }),
      conditions: canonical(rule.conditions, "vehicle") as EngineCondition,
      event: { type: rule.event.type, params: { ...rule.event.params, order } },
    }));
    const tiers = rules.questionnaire.questions.flatMap((q) =>
      q.answers.flatMap((a) => (a.deduction ?? []).map((d) => d.rules)),
    );
    const baseGroups = OFFER_KINDS.flatMap((kind) =>
      rules.settings[kind].priceRules
        .filter(isBaseRule)
        .map((r) => ({ condition: r.rules, scope: "vehicle" as const })),
    );
    const offerGroups = OFFER_KINDS.flatMap((kind) => [
      ...tiers.map((condition) => ({ condition, scope: kind })),
      ...rules.settings[kind].priceRules
        .filter((r) => !isBaseRule(r))
        .map((r) => ({ condition: r.rules, scope: kind })),
    ]);
    const vehicle = new EnginePool([...outcomeRules, ...holdsRules(baseGroups, keys)]);
    const offer = new EnginePool(holdsRules(offerGroups, keys));
    engines = {
      vehicle,
      offer,
      holds: (condition, scope, held) => {
        if (condition === undefined) return true;
        const key = keys.get(condition)?.[scope] ?? conditionKey(condition, scope);
        return key === null || held.has(key);
      },
    };
    compiled.set(rules, engines);
  }
  return engines;
}

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function eventsOf(events: readonly Event[], type: string): { order: number; params: Record<string, unknown> }[] {
  return events
    .filter((e) => e.type === type)
    .map((e) => ({ order: Number(e.params?.order), params: e.params ?? {} }))
    .sort((a, b) => a.order - b.order);
}

/**
 * Computes the sell/trade outcome for a vehicle: bring it in (with every matching reason), or a Cash Now and a More
 * Cash Later offer, each priced from its own base with the deductions of the shown answers and the offer's costs.
 * Rejects with an `OfferInputError` listing each problem when the input does not validate.
 */
export async function referenceEvaluateOffer(
  input: OfferInput,
  rules: OfferRules = defaultOfferRules,
): Promise<OfferResult> {
  const parsed = parseOfferInput(input, rules.questionnaire);
  const engines = referenceEngines(rules);
  const currentYear = Number(parsed.asOf.slice(0, 4));
  const age = currentYear - parsed.vehicle.year;
  const facts: Record<string, unknown> = {
    age,
    year: parsed.vehicle.year,
    currentYear,
    mileage: parsed.vehicle.mileage,
    make: parsed.vehicle.make,
    model: parsed.vehicle.model,
    ...parsed.valuation,
  };
  for (const q of rules.questionnaire.questions) facts[answerFact(q.questionId)] = parsed.answers[q.questionId];
  const vehicleEvents = await engines.vehicle.run(facts);
  const common = { asOf: parsed.asOf, validUntil: addDays(parsed.asOf, rules.settings.validForDays), age };

  const reasons = [...new Set(eventsOf(vehicleEvents, "bring-in").map((e) => e.params.reason as RuleReason))];
  if (reasons.length > 0) return { ...common, outcome: "bring-in", reasons, cashNow: null, moreCashLater: null };

  const withheld = new Map<OfferKind, RuleReason>();
  for (const { params } of eventsOf(vehicleEvents, "withhold")) {
    const offer = params.offer as OfferKind;
    if (!withheld.has(offer)) withheld.set(offer, params.reason as RuleReason);
  }
  const vehicleHeld = heldKeys(vehicleEvents);
  const baseOf = (kind: OfferKind) => {
    // The schema makes the last base rule unconditional, so one always holds.
    const rule = rules.settings[kind].priceRules.find(
      (r): r is BaseRule => isBaseRule(r) && engines.holds(r.rules, "vehicle", vehicleHeld),
    ) as BaseRule;
    const figure = dollars(parsed.valuation[rule.vehiclePriceKey]);
    return { rule, units: rule.percent === false ? figure : percentOf(figure, rule.percent) };
  };
  const bases = { cashNow: baseOf("cashNow"), moreCashLater: baseOf("moreCashLater") };
  const offerHeld = heldKeys(
    await engines.offer.run({
      ...facts,
      [basePriceFact("cashNow")]: toDollars(bases.cashNow.units),
      [basePriceFact("moreCashLater")]: toDollars(bases.moreCashLater.units),
    }),
  );
  const price = (kind: OfferKind) => {
    const held = (condition: TopLevelCondition | undefined) => engines.holds(condition, kind, offerHeld);
    return priceOffer(kind, bases[kind], parsed, rules, held, withheld.get(kind) ?? null);
  };
  const cashNow = price("cashNow");
  const moreCashLater = withSteps(price("moreCashLater"), rules);

  if (cashNow.price === null && moreCashLater.price === null) {
    return { ...common, outcome: "bring-in", reasons: ["no-online-offer"], cashNow: null, moreCashLater: null };
  }
  return { ...common, outcome: "offer", reasons: [], cashNow, moreCashLater };
}

function priceOffer(
  kind: OfferKind,
  base: { rule: BaseRule; units: Units },
  input: ParsedOfferInput,
  rules: OfferRules,
  holds: (condition: TopLevelCondition | undefined) => boolean,
  withheldByRule: RuleReason | null,
): CashNowOffer {
  const settings = rules.settings[kind];
  const deductions: (OfferDeduction & { units: Units })[] = [];
  for (const question of visibleQuestions(input.answers, rules.questionnaire)) {
    for (const value of selectedValues(input.answers[question.questionId])) {
      const answer = question.answers.find((a) => a.value === value);
      for (const tier of answer?.deduction ?? []) {
        if (!holds(tier.rules)) continue;
        const units = tier.percent === false ? dollars(tier.amount as number) : percentOf(base.units, tier.percent);
        deductions.push({
          name: tier.name,
          questionId: question.questionId,
          answer: value,
          percent: tier.percent,
          amount: toDollars(units),
          units,
        });
      }
    }
  }
  const costs = settings.priceRules
    .filter((r): r is CostRule => !isBaseRule(r) && holds(r.rules))
    .map((rule) => ({ name: rule.name, units: costOf(rule, base.units, input) }));

  const price = floorDollars(base.units - sum(deductions.map((d) => d.units)) - sum(costs.map((c) => c.units)));
  const withheld = withheldByRule ?? (price < settings.minimumPrice ? "below-minimum" : null);
  return {
    price: withheld === null ? price : null,
    withheld,
    base: toDollars(base.units),
    baseKey: base.rule.vehiclePriceKey,
    deductions: deductions.map(({ units: _units, ...d }) => d),
    costs: costs.map((c) => ({ name: c.name, amount: toDollars(c.units) })),
  };
}

function costOf(rule: CostRule, base: Units, input: ParsedOfferInput): Units {
  const reference = rule.vehiclePriceKey === "basePrice" ? base : dollars(input.valuation[rule.vehiclePriceKey]);
  const fromPercent = rule.percent === false ? 0n : percentOf(reference, rule.percent);
  const flat = rule.amount === false ? 0n : dollars(rule.amount);
  const cost = rule.logicOperation === "subtract" ? flat + fromPercent : max(flat, fromPercent);
  return rule.minimum === undefined ? cost : max(cost, dollars(rule.minimum));
}

function withSteps(offer: CashNowOffer, rules: OfferRules): MoreCashLaterOffer {
  if (offer.price === null) return { ...offer, reserve: null, profitShare: null };
  const [reserveStep] = rules.settings.moreCashLater.stepPayments;
  const reserve =
    reserveStep.amount !== false
      ? Math.min(offer.price, Math.floor(reserveStep.amount))
      : floorDollars(percentOf(dollars(offer.price), reserveStep.percent as number));
  return { ...offer, reserve, profitShare: offer.price - reserve };
}
