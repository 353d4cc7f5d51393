import { Engine, type TopLevelCondition as EngineCondition, type Event, type RuleProperties } from "json-rules-engine";
import {
  type Condition,
  canonicalOperator,
  factConditions,
  isFactCondition,
  isUnconditional,
  type TopLevelCondition,
} from "../questionnaire/conditions.schema";
import type { OfferRules } from "./offer-rules";
import { OFFER_KINDS, type OfferKind } from "./outcomes.schema";
import { isBaseRule } from "./settings.schema";

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
export function compileOfferRules(rules: OfferRules): CompiledOfferRules {
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
