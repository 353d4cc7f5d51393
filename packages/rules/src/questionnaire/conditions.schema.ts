import { z } from "zod";

/**
 * The facts a rule condition may read, with what each one means. Deductions, outcome triggers and offer price rules
 * all speak this vocabulary, so one list documents it for analysts and for the JSON Schema.
 */
export const OFFER_FACTS = {
  age: "Vehicle age in years: the offer date's year minus the model year.",
  year: "Model year of the vehicle.",
  currentYear: "Year of the offer's date.",
  mileage: "Odometer miles.",
  make: "Make, as entered (e.g. Ford).",
  model: "Model, as entered (e.g. F-150).",
  roughWholesale: "Valuation: rough wholesale.",
  adjustedWholesaleAvg: "Valuation: adjusted wholesale average.",
  adjustedRetailAvg: "Valuation: adjusted retail average.",
  basePrice: "The offer's base price. Known only once the base is chosen: deductions and cost rules may use it.",
  answer:
    "The answer to a shown question, named by params.questionId: a string, or a list for checkbox questions. Unanswered or hidden: undefined.",
} as const;

export type OfferFact = keyof typeof OFFER_FACTS;
export const offerFactSchema = z.enum(Object.keys(OFFER_FACTS) as [OfferFact, ...OfferFact[]]).describe(
  Object.entries(OFFER_FACTS)
    .map(([fact, meaning]) => `${fact}: ${meaning}`)
    .join("\n"),
);

/** Facts whose values are text; numeric comparisons on them are mistakes. */
export const TEXT_FACTS: ReadonlySet<OfferFact> = new Set(["make", "model", "answer"]);

/**
 * json-rules-engine's operator names, plus the spec's short names (section 5: <, <=, >, >=, ==, =, !=, in, not_in,
 * includes) as aliases. The engine runs the canonical name an alias stands for.
 */
export const OPERATOR_ALIASES = {
  "<": "lessThan",
  "<=": "lessThanInclusive",
  ">": "greaterThan",
  ">=": "greaterThanInclusive",
  "==": "equal",
  "=": "equal",
  "!=": "notEqual",
  not_in: "notIn",
  includes: "contains",
} as const;

export const NUMERIC_OPERATORS = [
  "lessThan",
  "lessThanInclusive",
  "greaterThan",
  "greaterThanInclusive",
  "<",
  "<=",
  ">",
  ">=",
] as const;
export const EQUALITY_OPERATORS = ["equal", "notEqual", "==", "=", "!="] as const;
export const MEMBERSHIP_OPERATORS = ["in", "notIn", "not_in"] as const;
/** For list facts (checkbox answers): true when the list holds (or lacks) the value. */
export const CONTAINS_OPERATORS = ["contains", "doesNotContain", "includes"] as const;

export type ConditionOperator =
  | (typeof NUMERIC_OPERATORS)[number]
  | (typeof EQUALITY_OPERATORS)[number]
  | (typeof MEMBERSHIP_OPERATORS)[number]
  | (typeof CONTAINS_OPERATORS)[number];

export type CanonicalOperator = Exclude<ConditionOperator, keyof typeof OPERATOR_ALIASES>;

/** The operator json-rules-engine runs for `operator` (aliases resolved). */
export function canonicalOperator(operator: ConditionOperator): CanonicalOperator {
  return operator in OPERATOR_ALIASES
    ? OPERATOR_ALIASES[operator as keyof typeof OPERATOR_ALIASES]
    : (operator as CanonicalOperator);
}

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Scalar = z.infer<typeof scalarSchema>;

const paramsSchema = z
  .strictObject({
    questionId: z
      .string()
      .regex(/^\d+$/, "Use the questionId, digits only (e.g. 402).")
      .describe('The questionId of the question whose answer is read, in quotes, like "402".'),
  })
  .describe("Only for the answer fact: which question's answer to read.");

const leafShape = { fact: offerFactSchema, params: paramsSchema.optional() };

const numericLeaf = z.strictObject({
  ...leafShape,
  operator: z
    .enum(NUMERIC_OPERATORS)
    .describe("Compares numbers: < (lessThan), <= (lessThanInclusive), > (greaterThan), >= (greaterThanInclusive)."),
  value: z.number().finite().describe("The number the fact is compared with, like 150000."),
});
const equalityLeaf = z.strictObject({
  ...leafShape,
  operator: z
    .enum(EQUALITY_OPERATORS)
    .describe("== or = (equal): the fact is exactly the value; != (notEqual): anything else."),
  value: scalarSchema.describe('The value the fact must (not) be, like "yes" or 2019.'),
});
const membershipLeaf = z.strictObject({
  ...leafShape,
  operator: z
    .enum(MEMBERSHIP_OPERATORS)
    .describe("in: the fact is one of the values; not_in (notIn): it is none of them."),
  value: z.array(scalarSchema).min(1).describe('The list of values, like ["fair", "poor"].'),
});
const containsLeaf = z.strictObject({
  ...leafShape,
  operator: z
    .enum(CONTAINS_OPERATORS)
    .describe("For checkbox answers (lists): includes (contains) or doesNotContain the value."),
  value: scalarSchema.describe('The value the list must (not) hold, like "transmission".'),
});

/** One comparison: `fact operator value`, e.g. `{ "fact": "mileage", "operator": ">=", "value": 150000 }`. */
export const factConditionSchema = z
  .discriminatedUnion("operator", [numericLeaf, equalityLeaf, membershipLeaf, containsLeaf])
  .superRefine((leaf, ctx) => {
    if (leaf.fact === "answer" && !leaf.params) {
      ctx.addIssue({ code: "custom", path: ["params"], message: 'The answer fact needs params: { "questionId": … }.' });
    }
    if (leaf.fact !== "answer" && leaf.params) {
      ctx.addIssue({ code: "custom", path: ["params"], message: `The ${leaf.fact} fact takes no params.` });
    }
    if (TEXT_FACTS.has(leaf.fact) && (NUMERIC_OPERATORS as readonly string[]).includes(leaf.operator)) {
      ctx.addIssue({
        code: "custom",
        path: ["operator"],
        message: `${leaf.fact} is text: compare it with equal, notEqual, in, notIn, contains or doesNotContain.`,
      });
    }
  })
  .meta({ id: "FactCondition" });

export type FactCondition = z.infer<typeof factConditionSchema>;
export type AllConditions = { all: Condition[] };
export type AnyConditions = { any: Condition[] };
export type NotCondition = { not: Condition };
/** What json-rules-engine accepts at the top of a rule: all, any or not. */
export type TopLevelCondition = AllConditions | AnyConditions | NotCondition;
export type Condition = FactCondition | TopLevelCondition;

const allSchema: z.ZodType<AllConditions> = z
  .strictObject({
    get all() {
      return z.array(conditionSchema).describe("Conditions that must all hold; an empty list always holds.");
    },
  })
  .meta({
    id: "AllConditions",
    description: "Holds when every condition in the list holds (an empty list always holds).",
  });
const anySchema: z.ZodType<AnyConditions> = z
  .strictObject({
    get any() {
      return z.array(conditionSchema).describe("Conditions of which at least one must hold.");
    },
  })
  .meta({ id: "AnyConditions", description: "Holds when at least one condition in the list holds." });
const notSchema: z.ZodType<NotCondition> = z
  .strictObject({
    get not() {
      return conditionSchema;
    },
  })
  .meta({ id: "NotCondition", description: "Holds when the condition does not." });

/** A comparison, or a nested all / any / not group. */
export const conditionSchema: z.ZodType<Condition> = z
  .lazy(() => z.union([factConditionSchema, allSchema, anySchema, notSchema]))
  .meta({ id: "Condition", description: "A comparison, or a nested all / any / not group." });

/** json-rules-engine conditions: `{ "all": [...] }`, `{ "any": [...] }` or `{ "not": ... }`. */
export const topLevelConditionSchema: z.ZodType<TopLevelCondition> = z.union([allSchema, anySchema, notSchema]).meta({
  id: "Conditions",
  description: 'json-rules-engine conditions: { "all": [...] }, { "any": [...] } or { "not": ... }.',
});

export function isFactCondition(condition: Condition): condition is FactCondition {
  return "fact" in condition;
}

/** Every comparison inside `condition`, with its path relative to it. */
export function* factConditions(
  condition: Condition,
  path: readonly PropertyKey[] = [],
): Generator<{ leaf: FactCondition; path: readonly PropertyKey[] }> {
  if (isFactCondition(condition)) {
    yield { leaf: condition, path };
  } else if ("all" in condition) {
    for (const [i, c] of condition.all.entries()) yield* factConditions(c, [...path, "all", i]);
  } else if ("any" in condition) {
    for (const [i, c] of condition.any.entries()) yield* factConditions(c, [...path, "any", i]);
  } else {
    yield* factConditions(condition.not, [...path, "not"]);
  }
}

/** True when the group can never fail: no comparison at all (e.g. `{ "all": [] }`). */
export function isUnconditional(condition: TopLevelCondition | undefined): boolean {
  return condition === undefined || ("all" in condition && condition.all.length === 0);
}
