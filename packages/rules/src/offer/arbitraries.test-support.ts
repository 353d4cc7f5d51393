import fc from "fast-check";
import { factConditions } from "../questionnaire/conditions.schema";
import { defaultQuestionnaire } from "../questionnaire/default-questionnaire";
import type { Question, Questionnaire } from "../questionnaire/questionnaire.schema";
import { type Answers, type AnswerValue, visibleAnswers } from "../questionnaire/visibility";
import type { OfferInput } from "./input.schema";
import { defaultOfferRules } from "./offer-rules";

/** `questionId:value` pairs whose answer brings the vehicle in, read from the default outcome rules. */
export const TRIGGER_ANSWERS: ReadonlySet<string> = new Set(
  defaultOfferRules.outcomes.rules
    .filter((r) => r.event.type === "bring-in")
    .flatMap((r) => [...factConditions(r.conditions)])
    .flatMap(({ leaf }) => (leaf.fact === "answer" && leaf.params ? [`${leaf.params.questionId}:${leaf.value}`] : [])),
);

function answerArb(question: Question, allowTriggers: boolean): fc.Arbitrary<AnswerValue> {
  const values = question.answers
    .map((a) => a.value)
    .filter((v) => allowTriggers || !TRIGGER_ANSWERS.has(`${question.questionId}:${v}`));
  switch (question.inputType) {
    case "radio":
      return fc.constantFrom(...values);
    case "checkbox": {
      const exclusive = question.answers.filter((a) => a.exclusive && values.includes(a.value)).map((a) => a.value);
      const others = values.filter((v) => !exclusive.includes(v));
      return fc.oneof(...exclusive.map((v) => fc.constant([v])), fc.subarray(others, { minLength: 1 }));
    }
    case "textarea":
      return fc.oneof(fc.constant(""), fc.string({ maxLength: 40 }));
  }
}

/** A valid answer for every question, shown or not; keep the shown ones with `visibleAnswers`. */
export function candidateAnswersArb(
  options: { allowTriggers?: boolean; questionnaire?: Questionnaire } = {},
): fc.Arbitrary<Record<string, AnswerValue>> {
  const questionnaire = options.questionnaire ?? defaultQuestionnaire;
  return fc.record(
    Object.fromEntries(questionnaire.questions.map((q) => [q.questionId, answerArb(q, options.allowTriggers ?? true)])),
  );
}

/** Complete, valid answers: every shown question answered, nothing else. */
export function answersArb(options: { allowTriggers?: boolean } = {}): fc.Arbitrary<Answers> {
  return candidateAnswersArb(options).map((all) => visibleAnswers(all));
}

/** Dollars, whole or with cents, with the base-price boundaries (10000, 15000, 20000) and their neighbours. */
export const dollarsArb = fc.oneof(
  fc.integer({ min: 0, max: 60_000 }),
  fc.integer({ min: 0, max: 6_000_000 }).map((cents) => cents / 100),
  fc.constantFrom(9_999.99, 10_000, 14_999, 14_999.99, 15_000, 15_000.01, 20_000, 20_000.01),
);

export const valuationArb = fc
  .tuple(dollarsArb, fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 900_000 }))
  .map(([rough, wholesaleCents, retailCents]) => {
    const adjustedWholesaleAvg = Math.round(rough * 100 + wholesaleCents) / 100;
    return {
      roughWholesale: rough,
      adjustedWholesaleAvg,
      adjustedRetailAvg: Math.round(adjustedWholesaleAvg * 100 + retailCents) / 100,
    };
  });

export const asOfArb = fc
  .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const MAKES = [
  ["Ford", "F-150"],
  ["Chevrolet", "Equinox"],
  ["Toyota", "Camry"],
  ["Honda", "CR-V"],
  ["Jeep", "Grand Cherokee"],
] as const;

/** Any valid offer input: any age (−1 to 20 years), mileage, valuation and complete answers. */
export function offerInputArb(
  options: { allowTriggers?: boolean; ages?: { min: number; max: number }; maxMileage?: number } = {},
): fc.Arbitrary<OfferInput & { answers: Answers }> {
  const ages = options.ages ?? { min: -1, max: 20 };
  return fc
    .record({
      asOf: asOfArb,
      age: fc.integer(ages),
      mileage: fc.oneof(
        fc.integer({ min: 0, max: options.maxMileage ?? 250_000 }),
        fc.constantFrom(149_999, 150_000).filter((m) => m <= (options.maxMileage ?? Infinity)),
      ),
      car: fc.constantFrom(...MAKES),
      valuation: valuationArb,
      answers: answersArb({ allowTriggers: options.allowTriggers ?? true }),
    })
    .map(({ asOf, age, mileage, car, valuation, answers }) => ({
      vehicle: { year: Number(asOf.slice(0, 4)) - age, make: car[0], model: car[1], mileage },
      valuation,
      answers,
      asOf,
    }));
}

/** Inputs no outcome rule brings in: 2 to 14 years old, under 150000 miles, no trigger answer. */
export const pricedInputArb = offerInputArb({ allowTriggers: false, ages: { min: 2, max: 14 }, maxMileage: 149_999 });
