import type { Answers } from "../questionnaire/visibility";
import { type CompiledOffer, type CompiledOfferRules, type CompiledQuestion, compileOfferRules } from "./compile";
import type { ConditionFacts } from "./compile-condition";
import { type OfferInput, type ParsedOfferInput, parseOfferInput } from "./input.schema";
import { dollars, floorDollars, max, percentOfFixed, toDollars, type Units } from "./money";
import { defaultOfferRules, type OfferRules } from "./offer-rules";
import type { OfferKind } from "./outcomes.schema";
import type { OfferReason, RuleReason } from "./reasons";
import type { ValuationKey } from "./settings.schema";

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

/** The facts of one evaluation; `basePrice` is set while one offer's deductions and costs are decided. */
interface OfferFacts extends ConditionFacts {
  basePrice: number | undefined;
}

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Computes the sell/trade outcome for a vehicle: bring it in (with every matching reason), or a Cash Now and a More
 * Cash Later offer, each priced from its own base with the deductions of the shown answers and the offer's costs.
 * Rejects with an `OfferInputError` listing each problem when the input does not validate.
 */
export async function evaluateOffer(input: OfferInput, rules: OfferRules = defaultOfferRules): Promise<OfferResult> {
  return evaluateParsedOffer(parseOfferInput(input, rules.questionnaire), rules);
}

/**
 * {@link evaluateOffer} without the input validation, synchronously, for input that `parseOfferInput` returned for
 * the same questionnaire (its answers are those to shown questions only). For a book of offers priced in a loop.
 */
export function evaluateParsedOffer(parsed: ParsedOfferInput, rules: OfferRules = defaultOfferRules): OfferResult {
  const compiled = compileOfferRules(rules);
  const { vehicle, valuation } = parsed;
  const currentYear = Number(parsed.asOf.slice(0, 4));
  const age = currentYear - vehicle.year;
  const facts: OfferFacts = {
    age,
    year: vehicle.year,
    currentYear,
    mileage: vehicle.mileage,
    make: vehicle.make,
    model: vehicle.model,
    roughWholesale: valuation.roughWholesale,
    adjustedWholesaleAvg: valuation.adjustedWholesaleAvg,
    adjustedRetailAvg: valuation.adjustedRetailAvg,
    basePrice: undefined,
    answers: parsed.answers,
  };
  const common = { asOf: parsed.asOf, validUntil: addDays(parsed.asOf, compiled.validForDays), age };

  const reasons: RuleReason[] = [];
  const withheld: Partial<Record<OfferKind, RuleReason>> = {};
  for (const rule of compiled.outcomes) {
    if (!rule.holds(facts)) continue;
    if (rule.type === "bring-in") {
      if (!reasons.includes(rule.reason)) reasons.push(rule.reason);
    } else if (rule.offer !== undefined && withheld[rule.offer] === undefined) {
      withheld[rule.offer] = rule.reason;
    }
  }
  if (reasons.length > 0) return { ...common, outcome: "bring-in", reasons, cashNow: null, moreCashLater: null };

  const shown = shownQuestions(compiled.questions, parsed.answers);
  const cashNow = priceOffer(compiled.offers.cashNow, parsed, facts, shown, withheld.cashNow ?? null);
  const moreCashLater = withSteps(
    priceOffer(compiled.offers.moreCashLater, parsed, facts, shown, withheld.moreCashLater ?? null),
    compiled,
  );
  if (cashNow.price === null && moreCashLater.price === null) {
    return { ...common, outcome: "bring-in", reasons: ["no-online-offer"], cashNow: null, moreCashLater: null };
  }
  return { ...common, outcome: "offer", reasons: [], cashNow, moreCashLater };
}

/** True when the answer chooses one of `values` (a blank text chooses nothing). */
function chooses(answer: unknown, values: readonly string[]): boolean {
  if (typeof answer === "string") return answer.trim() !== "" && values.includes(answer);
  return Array.isArray(answer) && answer.some((v) => typeof v === "string" && values.includes(v));
}

/** The questions shown for these answers, in step order: the rule of `visibleQuestions`, on compiled data. */
function shownQuestions(questions: readonly CompiledQuestion[], answers: Answers): CompiledQuestion[] {
  const flags: boolean[] = [];
  const shown: CompiledQuestion[] = [];
  for (const [i, q] of questions.entries()) {
    let revealed = true;
    for (const entry of q.revealedBy) {
      if (!(flags[entry.position] === true && chooses(answers[entry.questionId], entry.answers))) {
        revealed = false;
        break;
      }
    }
    flags[i] = revealed;
    if (revealed) shown.push(q);
  }
  return shown;
}

function priceOffer(
  offer: CompiledOffer,
  input: ParsedOfferInput,
  facts: OfferFacts,
  shown: readonly CompiledQuestion[],
  withheldByRule: RuleReason | null,
): CashNowOffer {
  // The schema makes the last base rule unconditional, so one always holds.
  const base = offer.bases.find((b) => b.holds(facts)) ?? (offer.bases.at(-1) as CompiledOffer["bases"][number]);
  const figure = dollars(input.valuation[base.rule.vehiclePriceKey]);
  const baseUnits = base.percentFixed === null ? figure : percentOfFixed(figure, base.percentFixed);
  facts.basePrice = toDollars(baseUnits);

  let total = baseUnits;
  const deductions: OfferDeduction[] = [];
  for (const { question, tiers } of shown) {
    if (tiers.size === 0) continue;
    const answer = input.answers[question.questionId];
    const values = typeof answer === "string" ? (answer.trim() === "" ? [] : [answer]) : (answer ?? []);
    for (const value of values) {
      for (const tier of tiers.get(value) ?? []) {
        if (!tier.holds(facts)) continue;
        const units = tier.flat ?? percentOfFixed(baseUnits, tier.percentFixed as bigint);
        total -= units;
        deductions.push({
          name: tier.name,
          questionId: question.questionId,
          answer: value,
          percent: tier.percent,
          amount: toDollars(units),
        });
      }
    }
  }
  const costs: OfferCost[] = [];
  for (const cost of offer.costs) {
    if (!cost.holds(facts)) continue;
    const { rule } = cost;
    const reference = rule.vehiclePriceKey === "basePrice" ? baseUnits : dollars(input.valuation[rule.vehiclePriceKey]);
    const fromPercent = cost.percentFixed === null ? 0n : percentOfFixed(reference, cost.percentFixed);
    const flat = cost.flat ?? 0n;
    let units: Units = rule.logicOperation === "subtract" ? flat + fromPercent : max(flat, fromPercent);
    if (cost.minimum !== null) units = max(units, cost.minimum);
    total -= units;
    costs.push({ name: rule.name, amount: toDollars(units) });
  }
  facts.basePrice = undefined;

  const price = floorDollars(total);
  const withheld = withheldByRule ?? (price < offer.minimumPrice ? "below-minimum" : null);
  return {
    price: withheld === null ? price : null,
    withheld,
    base: toDollars(baseUnits),
    baseKey: base.rule.vehiclePriceKey,
    deductions,
    costs,
  };
}

function withSteps(offer: CashNowOffer, compiled: CompiledOfferRules): MoreCashLaterOffer {
  if (offer.price === null) return { ...offer, reserve: null, profitShare: null };
  const step = compiled.reserve;
  const reserve =
    "amount" in step
      ? Math.min(offer.price, Math.floor(step.amount))
      : floorDollars(percentOfFixed(dollars(offer.price), step.percentFixed));
  return { ...offer, reserve, profitShare: offer.price - reserve };
}
