import {
  evaluateOffer,
  OFFER_REASONS,
  type OfferDeduction,
  type OfferResult,
  type OfferRules,
  VALUATION_KEYS,
} from "@showroom/rules/offer";
import { SELL_INTERESTS, type SellJourneyOutput } from "@showroom/rules/questionnaire";
import { z } from "zod";
import type { SellServices } from "../../context";
import { logError } from "../log.server";
import type { BookValue } from "../valuation/valuation-provider.server";

/** Why no online price could be made before the rules ran: the book does not list the vehicle, or did not answer. */
const VALUATION_REASONS = ["no-valuation", "valuation-unavailable"] as const;
type ValuationReason = (typeof VALUATION_REASONS)[number];

const reasonCodes = [...(Object.keys(OFFER_REASONS) as (keyof typeof OFFER_REASONS)[]), ...VALUATION_REASONS] as const;
const money = z.number().finite().min(0);

const deductionSchema = z.object({
  questionId: z.string(),
  /** The question and answer as the shopper saw them when the offer was made. */
  question: z.string(),
  answerValue: z.string(),
  answer: z.string(),
  name: z.string(),
  percent: z.union([z.number(), z.literal(false)]),
  amount: money,
});

const pricedSchema = z.object({
  price: z.int().min(0).nullable(),
  withheld: z.string().nullable(),
  base: money,
  baseKey: z.enum(VALUATION_KEYS),
  deductions: z.array(deductionSchema),
  costs: z.array(z.object({ name: z.string(), amount: money })),
});

/**
 * An offer as saved in `offers.offer` and explained on its page: the vehicle, the valuation and its source, the
 * outcome with its reason codes, and each offer with its base, deductions (question, answer, amount) and costs,
 * straight from `evaluateOffer`'s result. Read back through this schema.
 */
export const savedOfferSchema = z.object({
  version: z.literal(1),
  asOf: z.iso.date(),
  validUntil: z.iso.date(),
  rulesVersion: z.string().min(1),
  /** The published version's number (ADR 341); absent for the package's rules or OFFER_RULES_DIR's. */
  rulesPublished: z.int().positive().nullish(),
  vehicle: z.object({
    year: z.int(),
    make: z.string(),
    model: z.string(),
    trim: z.string().nullable(),
    vin: z.string().nullable(),
    mileage: z.int(),
    zip: z.string(),
    interest: z.enum(SELL_INTERESTS),
  }),
  valuation: z
    .object({
      source: z.string(),
      roughWholesale: money,
      adjustedWholesaleAvg: money,
      adjustedRetailAvg: money,
    })
    .nullable(),
  outcome: z.enum(["offer", "bring-in"]),
  reasons: z.array(z.enum(reasonCodes)),
  cashNow: pricedSchema.nullable(),
  moreCashLater: pricedSchema
    .extend({
      reserve: z.int().min(0).nullable(),
      profitShare: z.int().min(0).nullable(),
      reservePercent: z.number().nullable(),
      profitSharePercent: z.number().nullable(),
    })
    .nullable(),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});

export type SavedOffer = z.infer<typeof savedOfferSchema>;
export type SavedOfferPrice = NonNullable<SavedOffer["cashNow"]>;

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The deduction with the question and answer in words, from the questionnaire that priced it. */
function explained(rules: OfferRules, deduction: OfferDeduction): SavedOfferPrice["deductions"][number] {
  const question = rules.questionnaire.questions.find((q) => q.questionId === deduction.questionId);
  const answer = question?.answers.find((a) => a.value === deduction.answer);
  return {
    questionId: deduction.questionId,
    question: question?.text ?? deduction.questionId,
    answerValue: deduction.answer,
    answer: answer?.label ?? deduction.answer,
    name: deduction.name,
    percent: deduction.percent,
    amount: deduction.amount,
  };
}

function priced(rules: OfferRules, offer: NonNullable<OfferResult["cashNow"]>): SavedOfferPrice {
  return {
    price: offer.price,
    withheld: offer.withheld,
    base: offer.base,
    baseKey: offer.baseKey,
    deductions: offer.deductions.map((d) => explained(rules, d)),
    costs: offer.costs.map((c) => ({ name: c.name, amount: c.amount })),
  };
}

async function valuationOf(
  sell: SellServices,
  journey: SellJourneyOutput,
  asOf: string,
): Promise<BookValue | ValuationReason> {
  const { vehicle, details } = journey;
  try {
    const value = await sell.valuation.value({
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim ?? undefined,
      mileage: details.mileage,
      zip: details.zip,
      asOf,
    });
    return value ?? "no-valuation";
  } catch (error) {
    // The shopper still gets an answer (bring it in) and the lead is still recorded: nothing is lost to an outage.
    logError("sell-trade: the valuation failed", error);
    return "valuation-unavailable";
  }
}

/**
 * Prices a completed journey on `asOf` (the dealer's calendar day): the book's value of the vehicle, then
 * `evaluateOffer` with the current offer rules. A vehicle the book cannot value gets no online price: bring it in,
 * with its own reason. Rejects with `OfferInputError` when the answers do not fit the rules' questionnaire.
 */
export async function priceOffer(sell: SellServices, journey: SellJourneyOutput, asOf: string): Promise<SavedOffer> {
  const { rules, version, published } = sell.offerRules.current();
  const { vehicle, details, answers } = journey;
  const common = {
    version: 1 as const,
    asOf,
    rulesVersion: version,
    rulesPublished: published ?? null,
    vehicle: { ...vehicle, mileage: details.mileage, zip: details.zip, interest: details.interest },
    answers: Object.fromEntries(
      Object.entries(answers).flatMap(([id, value]) =>
        value === undefined ? [] : [[id, typeof value === "string" ? value : [...value]]],
      ),
    ),
  };
  const valuation = await valuationOf(sell, journey, asOf);
  if (typeof valuation === "string") {
    return {
      ...common,
      validUntil: addDays(asOf, rules.settings.validForDays),
      valuation: null,
      outcome: "bring-in",
      reasons: [valuation],
      cashNow: null,
      moreCashLater: null,
    };
  }
  const result = await evaluateOffer(
    {
      vehicle: {
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        ...(vehicle.trim ? { trim: vehicle.trim } : {}),
        ...(vehicle.vin ? { vin: vehicle.vin } : {}),
        mileage: details.mileage,
      },
      valuation,
      answers,
      asOf,
    },
    rules,
  );
  const [reserveStep, profitStep] = rules.settings.moreCashLater.stepPayments;
  return {
    ...common,
    validUntil: result.validUntil,
    valuation: { source: sell.valuation.name, ...valuation },
    outcome: result.outcome,
    reasons: [...result.reasons],
    cashNow: result.cashNow ? priced(rules, result.cashNow) : null,
    moreCashLater: result.moreCashLater
      ? {
          ...priced(rules, result.moreCashLater),
          reserve: result.moreCashLater.reserve,
          profitShare: result.moreCashLater.profitShare,
          reservePercent: reserveStep.percent === false ? null : reserveStep.percent,
          profitSharePercent: profitStep.percent === false ? null : profitStep.percent,
        }
      : null,
  };
}
