import type { Event } from "json-rules-engine";
import type { TopLevelCondition } from "../questionnaire/conditions.schema";
import { selectedValues, visibleQuestions } from "../questionnaire/visibility";
import { answerFact, basePriceFact, compileOfferRules, heldKeys } from "./compile";
import { type OfferInput, type ParsedOfferInput, parseOfferInput } from "./input.schema";
import { dollars, floorDollars, max, percentOf, sum, toDollars, type Units } from "./money";
import { defaultOfferRules, type OfferRules } from "./offer-rules";
import type { OfferKind } from "./outcomes.schema";
import type { OfferReason, RuleReason } from "./reasons";
import { type BaseRule, type CostRule, isBaseRule, type ValuationKey } from "./settings.schema";

/** One deduction taken from an offer's base price because of an answer. */
export interface OfferDeduction {
  /** The deduction's name in the questionnaire, e.g. `interior-flaws`. */
  readonly name: string;
  readonly questionId: string;
  /** The answer value that carries it. */
  readonly answer: string;
  /** The percent of the base applied, or false for a flat amount. */
  readonly percent: number | false;
  /** Dollars deducted, exact (a percent may leave fractions of a cent). */
  readonly amount: number;
}

/** A cost taken from the base price by a cost rule of the offer settings (reconditioning, advertising…). */
export interface OfferCost {
  readonly name: string;
  readonly amount: number;
}

export type WithheldReason = RuleReason | "below-minimum";

export interface CashNowOffer {
  /** Whole dollars (rounded down), or null when the offer is withheld. */
  readonly price: number | null;
  readonly withheld: WithheldReason | null;
  /** The base price the offer starts from, and the valuation figure it was taken from. */
  readonly base: number;
  readonly baseKey: ValuationKey;
  readonly deductions: readonly OfferDeduction[];
  readonly costs: readonly OfferCost[];
}

export interface MoreCashLaterOffer extends CashNowOffer {
  /** The reserve check (paid first) and the profit-sharing check; they add up to the price. Null when withheld. */
  readonly reserve: number | null;
  readonly profitShare: number | null;
}

export interface OfferResult {
  /** "offer" when at least one offer has a price; otherwise the vehicle must be brought in. */
  readonly outcome: "offer" | "bring-in";
  /** Why the vehicle must be brought in (every matching code); empty for an offer. */
  readonly reasons: readonly OfferReason[];
  readonly asOf: string;
  /** The last day the offer stands (asOf plus the settings' validForDays). */
  readonly validUntil: string;
  /** Years: asOf's year minus the model year. */
  readonly age: number;
  /** Both null when the vehicle must be brought in. */
  readonly cashNow: CashNowOffer | null;
  readonly moreCashLater: MoreCashLaterOffer | null;
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
export async function evaluateOffer(input: OfferInput, rules: OfferRules = defaultOfferRules): Promise<OfferResult> {
  const parsed = parseOfferInput(input, rules.questionnaire);
  const engines = compileOfferRules(rules);
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
