import {
  type CanonicalOperator,
  type Condition,
  canonicalOperator,
  isFactCondition,
} from "../questionnaire/conditions.schema";

/**
 * The facts a compiled condition reads: the vehicle's and valuation's figures by name (`age`, `mileage`, …,
 * `basePrice` once an offer's base is chosen) and the answers to shown questions by questionId.
 */
export interface ConditionFacts {
  readonly [fact: string]: unknown;
  readonly answers: Readonly<Record<string, unknown>>;
}

/** A condition compiled to a plain function of the facts: true when it holds. */
export type CompiledCondition = (facts: ConditionFacts) => boolean;

const ALWAYS: CompiledCondition = () => true;

// json-rules-engine's default operators, reproduced to the letter (engine-default-operators.js): `contains` and
// `doesNotContain` hold only for a list fact, the numeric ones only for a fact parseFloat can read, and the
// comparisons are JavaScript's own, coercion included. The differential test in compile-condition.test.ts runs the
// engine beside these on random conditions and facts.
function isNumeric(value: unknown): boolean {
  return typeof value === "number" ? !Number.isNaN(value) : !Number.isNaN(Number.parseFloat(value as string));
}

type Comparison = (fact: unknown, value: unknown) => boolean;

// biome-ignore lint/suspicious/noExplicitAny: JavaScript's relational operators on whatever the fact holds
type Loose = any;

const OPERATORS: Readonly<Record<CanonicalOperator, Comparison>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  in: (a, b) => (b as readonly unknown[]).includes(a),
  notIn: (a, b) => !(b as readonly unknown[]).includes(a),
  contains: (a, b) => Array.isArray(a) && a.includes(b),
  doesNotContain: (a, b) => Array.isArray(a) && !a.includes(b),
  lessThan: (a, b) => isNumeric(a) && (a as Loose) < (b as Loose),
  lessThanInclusive: (a, b) => isNumeric(a) && (a as Loose) <= (b as Loose),
  greaterThan: (a, b) => isNumeric(a) && (a as Loose) > (b as Loose),
  greaterThanInclusive: (a, b) => isNumeric(a) && (a as Loose) >= (b as Loose),
};

/**
 * Compiles validated conditions (json-rules-engine's format, our operator aliases included) into a plain function,
 * once: no string is evaluated, the tree is walked at compile time and only closures remain. An empty `all` or
 * `any` holds, as it does in json-rules-engine.
 */
export function compileCondition(condition: Condition | undefined): CompiledCondition {
  if (condition === undefined) return ALWAYS;
  if (isFactCondition(condition)) {
    const compare = OPERATORS[canonicalOperator(condition.operator)];
    const value = condition.value;
    if (condition.fact === "answer") {
      const questionId = condition.params?.questionId ?? "";
      return (facts) => compare(facts.answers[questionId], value);
    }
    const fact = condition.fact;
    return (facts) => compare(facts[fact], value);
  }
  if ("not" in condition) {
    const inner = compileCondition(condition.not);
    return (facts) => !inner(facts);
  }
  const all = "all" in condition;
  const parts = (all ? condition.all : condition.any).map(compileCondition);
  if (parts.length === 0) return ALWAYS;
  if (parts.length === 1) return parts[0] as CompiledCondition;
  if (all) {
    return (facts) => {
      for (const part of parts) if (!part(facts)) return false;
      return true;
    };
  }
  return (facts) => {
    for (const part of parts) if (part(facts)) return true;
    return false;
  };
}
