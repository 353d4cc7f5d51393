import fc from "fast-check";
import {
  CONTAINS_OPERATORS,
  type Condition,
  EQUALITY_OPERATORS,
  type FactCondition,
  isUnconditional,
  MEMBERSHIP_OPERATORS,
  NUMERIC_OPERATORS,
  type OfferFact,
  type TopLevelCondition,
} from "../questionnaire/conditions.schema";
import { defaultQuestionnaire } from "../questionnaire/default-questionnaire";
import type { Question } from "../questionnaire/questionnaire.schema";
import { defaultOfferRules, type OfferRules, parseOfferRules } from "./offer-rules";
import { OFFER_KINDS } from "./outcomes.schema";
import { RULE_REASONS } from "./reasons";
import { isBaseRule } from "./settings.schema";

/** Numbers around the thresholds the default rules and the offer inputs use, so conditions flip often. */
const NUMBERS = [
  -1, 0, 1, 2, 9, 10, 14, 15, 2008, 2019, 2025, 2026, 10_000, 14_999.99, 15_000, 20_000, 149_999, 150_000,
];

export const numberArb = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -5, max: 200_000 }));
export const scalarArb = fc.oneof(
  numberArb,
  fc.constantFrom("Ford", "F-150", "Toyota", "yes", "no", "good", "poor", "15000", "", "transmission"),
  fc.boolean(),
  fc.constant(null),
);

const NUMERIC_FACTS = [
  "age",
  "year",
  "currentYear",
  "mileage",
  "roughWholesale",
  "adjustedWholesaleAvg",
  "adjustedRetailAvg",
] as const satisfies readonly OfferFact[];

/** Every operator of spec section 5 and json-rules-engine's own names. */
export const ALL_OPERATORS = [
  ...NUMERIC_OPERATORS,
  ...EQUALITY_OPERATORS,
  ...MEMBERSHIP_OPERATORS,
  ...CONTAINS_OPERATORS,
] as const;

type LeafArb = fc.Arbitrary<FactCondition>;

function numericLeafArb(facts: readonly OfferFact[]): LeafArb {
  return fc.record({
    fact: fc.constantFrom(...facts),
    operator: fc.constantFrom(...NUMERIC_OPERATORS),
    value: numberArb,
  }) as LeafArb;
}

function textLeafArb(): LeafArb {
  const values = fc.constantFrom("Ford", "Toyota", "F-150", "Camry", "Equinox");
  return fc.oneof(
    fc.record({
      fact: fc.constantFrom("make", "model"),
      operator: fc.constantFrom(...EQUALITY_OPERATORS),
      value: values,
    }),
    fc.record({
      fact: fc.constantFrom("make", "model"),
      operator: fc.constantFrom(...MEMBERSHIP_OPERATORS),
      value: fc.uniqueArray(values, { minLength: 1, maxLength: 3 }),
    }),
  ) as LeafArb;
}

/** A condition on a question's answer that the cross-file checks accept: its own values, an operator that fits. */
function answerLeafArb(questions: readonly Question[]): LeafArb {
  return fc.constantFrom(...questions).chain((q) => {
    const values = fc.constantFrom(...q.answers.map((a) => a.value));
    const params = { questionId: q.questionId };
    if (q.inputType === "checkbox") {
      return fc.record({
        fact: fc.constant("answer" as const),
        params: fc.constant(params),
        operator: fc.constantFrom(...CONTAINS_OPERATORS),
        value: values,
      }) as LeafArb;
    }
    return fc.oneof(
      fc.record({
        fact: fc.constant("answer" as const),
        params: fc.constant(params),
        operator: fc.constantFrom(...EQUALITY_OPERATORS),
        value: values,
      }),
      fc.record({
        fact: fc.constant("answer" as const),
        params: fc.constant(params),
        operator: fc.constantFrom(...MEMBERSHIP_OPERATORS),
        value: fc.uniqueArray(values, { minLength: 1, maxLength: 3 }),
      }),
    ) as LeafArb;
  });
}

const choiceQuestions = defaultQuestionnaire.questions.filter((q) => q.inputType !== "textarea");

/** Leaves valid where they are used: `basePrice` only in deductions and cost rules. */
export function leafArb(options: { basePrice: boolean }): LeafArb {
  const numeric = numericLeafArb(options.basePrice ? [...NUMERIC_FACTS, "basePrice"] : NUMERIC_FACTS);
  return fc.oneof(
    { arbitrary: numeric, weight: 4 },
    { arbitrary: textLeafArb(), weight: 1 },
    { arbitrary: answerLeafArb(choiceQuestions), weight: 3 },
  );
}

/** Nested all / any / not groups (empty lists included) over the given leaves. */
export function topLevelConditionArb(leaf: LeafArb, depth = 3): fc.Arbitrary<TopLevelCondition> {
  const { group } = fc.letrec<{ node: Condition; group: TopLevelCondition }>((tie) => ({
    node: fc.oneof({ depthSize: "small", maxDepth: depth }, leaf, tie("group")),
    group: fc.oneof(
      { depthSize: "small", maxDepth: depth },
      fc.record({ all: fc.array(tie("node"), { maxLength: 3 }) }),
      fc.record({ any: fc.array(tie("node"), { maxLength: 3 }) }),
      fc.record({ not: tie("node") }),
    ),
  }));
  return group;
}

/** Conditions mixing every fact and operator, whether or not the cross-file checks would accept them. */
export function anyConditionArb(): fc.Arbitrary<TopLevelCondition> {
  const scalarOperators = ALL_OPERATORS.filter((o) => !(MEMBERSHIP_OPERATORS as readonly string[]).includes(o));
  const anyLeaf = fc.oneof(
    fc.record({
      fact: fc.constantFrom(...NUMERIC_FACTS, "basePrice", "make", "model"),
      operator: fc.constantFrom(...scalarOperators),
      value: scalarArb,
    }),
    fc.record({
      fact: fc.constantFrom(...NUMERIC_FACTS, "make"),
      operator: fc.constantFrom(...MEMBERSHIP_OPERATORS),
      value: fc.array(scalarArb, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      fact: fc.constant("answer"),
      params: fc.record({ questionId: fc.constantFrom("100", "300", "402") }),
      operator: fc.constantFrom(...scalarOperators),
      value: scalarArb,
    }),
    fc.record({
      fact: fc.constant("answer"),
      params: fc.record({ questionId: fc.constantFrom("100", "300", "402") }),
      operator: fc.constantFrom(...MEMBERSHIP_OPERATORS),
      value: fc.array(scalarArb, { minLength: 1, maxLength: 4 }),
    }),
  ) as LeafArb;
  return topLevelConditionArb(anyLeaf, 4);
}

/**
 * A valid rule set unlike the defaults: random outcome rules, random conditions on the conditional base rule, on
 * every deduction line and on the cost rules, and random minimum prices. `parseOfferRules` accepts every one.
 */
export function ruleSetArb(): fc.Arbitrary<OfferRules> {
  const vehicleCondition = topLevelConditionArb(leafArb({ basePrice: false }));
  // A base rule before the last must be able to fail, or the schema refuses the rule set.
  const baseCondition = vehicleCondition.filter((c) => !isUnconditional(c));
  const offerCondition = topLevelConditionArb(leafArb({ basePrice: true }));
  const outcomeRuleArb = fc.record({
    name: fc.constantFrom("rule a", "rule b", "rule c"),
    conditions: vehicleCondition,
    event: fc.oneof(
      fc.record({
        type: fc.constant("bring-in" as const),
        params: fc.record({ reason: fc.constantFrom(...RULE_REASONS) }),
      }),
      fc.record({
        type: fc.constant("withhold" as const),
        params: fc.record({ offer: fc.constantFrom(...OFFER_KINDS), reason: fc.constantFrom(...RULE_REASONS) }),
      }),
    ),
  });
  const tierCount = defaultQuestionnaire.questions
    .flatMap((q) => q.answers)
    .reduce((n, a) => n + (a.deduction?.length ?? 0), 0);
  return fc
    .record({
      outcomes: fc.array(outcomeRuleArb, { maxLength: 5 }),
      baseConditions: fc.array(baseCondition, { minLength: 2, maxLength: 2 }),
      tierConditions: fc.array(fc.option(offerCondition, { nil: undefined }), {
        minLength: tierCount,
        maxLength: tierCount,
      }),
      costConditions: fc.array(fc.option(offerCondition, { nil: undefined }), { minLength: 8, maxLength: 8 }),
      minimums: fc.tuple(fc.integer({ min: 0, max: 9_000 }), fc.integer({ min: 0, max: 9_000 })),
    })
    .map(({ outcomes, baseConditions, tierConditions, costConditions, minimums }) => {
      const json = JSON.parse(
        JSON.stringify({
          questionnaire: defaultOfferRules.questionnaire,
          settings: defaultOfferRules.settings,
        }),
      );
      let t = 0;
      for (const q of json.questionnaire.questions) {
        for (const a of q.answers) for (const d of a.deduction ?? []) d.rules = tierConditions[t++];
      }
      for (const [k, kind] of OFFER_KINDS.entries()) {
        const offer = json.settings[kind];
        offer.minimumPrice = minimums[k];
        let c = 0;
        const bases = offer.priceRules.filter(isBaseRule);
        for (const rule of offer.priceRules) {
          if (isBaseRule(rule)) {
            if (rule !== bases.at(-1)) rule.rules = baseConditions[k];
          } else rule.rules = costConditions[c++ % costConditions.length];
        }
        if (bases.length < 2) {
          offer.priceRules.unshift({
            ...bases[0],
            name: "conditional-base",
            vehiclePriceKey: "adjustedWholesaleAvg",
            rules: baseConditions[k],
          });
        }
      }
      return parseOfferRules({ ...json, outcomes: { rules: outcomes } });
    });
}
