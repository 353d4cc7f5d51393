import { OFFER_RULE_FILES } from "../offer/offer-rules";
import { OFFER_KINDS, type OfferOutcomes } from "../offer/outcomes.schema";
import { isBaseRule, type OfferSettings } from "../offer/settings.schema";
import {
  type Condition,
  canonicalOperator,
  type FactCondition,
  isFactCondition,
  type TopLevelCondition,
} from "../questionnaire/conditions.schema";
import type { Deduction, Questionnaire } from "../questionnaire/questionnaire.schema";
import { holdsIn, type Situation, situations } from "./condition-domains";

/** Something `check` found in the offer rules beyond what the schemas and the cross-file checks catch. */
export interface Finding {
  readonly file: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface OfferRuleSet {
  readonly questionnaire: Questionnaire;
  readonly outcomes?: OfferOutcomes | undefined;
  readonly settings?: OfferSettings | undefined;
}

/**
 * Deduction lines that overlap or leave a gap, names used twice, questions never shown, rules that can never hold,
 * and empty `any` lists (ADR 217). Expects rules that passed their schemas and the cross-file checks.
 */
export function analyzeOfferRules(rules: OfferRuleSet): Finding[] {
  return [
    ...emptyAnyLists(rules),
    ...duplicateNames(rules),
    ...neverShown(rules.questionnaire),
    ...tierCoverage(rules.questionnaire),
    ...neverHolds(rules),
  ];
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const money = (n: number) => usd.format(n).replace(/\.00$/, "");

const OPERATOR_WORDS: Readonly<Record<string, string>> = {
  equal: "is",
  notEqual: "is not",
  lessThan: "<",
  lessThanInclusive: "<=",
  greaterThan: ">",
  greaterThanInclusive: ">=",
  in: "is one of",
  notIn: "is none of",
  contains: "includes",
  doesNotContain: "does not include",
};

/** A condition as an analyst would say it: `mileage >= 150000`, `the answer to question 402 is "yes"`. */
export function conditionText(condition: Condition): string {
  if (isFactCondition(condition)) return leafText(condition);
  if ("not" in condition) return `not (${conditionText(condition.not)})`;
  const [joiner, parts] = "all" in condition ? [" and ", condition.all] : [" or ", condition.any];
  return parts.length === 1 ? conditionText(parts[0] as Condition) : `(${parts.map(conditionText).join(joiner)})`;
}

function leafText(leaf: FactCondition): string {
  const fact = leaf.fact === "answer" ? `the answer to question ${leaf.params?.questionId}` : leaf.fact;
  const value = Array.isArray(leaf.value)
    ? leaf.value.map((v) => JSON.stringify(v)).join(", ")
    : typeof leaf.value === "string"
      ? JSON.stringify(leaf.value)
      : String(leaf.value);
  return `${fact} ${OPERATOR_WORDS[canonicalOperator(leaf.operator)] ?? leaf.operator} ${value}`;
}

function* allConditions(rules: OfferRuleSet): Generator<{ file: string; path: PropertyKey[]; condition: Condition }> {
  for (const [i, q] of rules.questionnaire.questions.entries()) {
    for (const [j, a] of q.answers.entries()) {
      for (const [k, d] of (a.deduction ?? []).entries()) {
        if (d.rules) {
          const path = ["questions", i, "answers", j, "deduction", k, "rules"];
          yield { file: OFFER_RULE_FILES.questionnaire, path, condition: d.rules };
        }
      }
    }
  }
  for (const [i, rule] of (rules.outcomes?.rules ?? []).entries()) {
    yield { file: OFFER_RULE_FILES.outcomes, path: ["rules", i, "conditions"], condition: rule.conditions };
  }
  for (const kind of OFFER_KINDS) {
    for (const [i, rule] of (rules.settings?.[kind].priceRules ?? []).entries()) {
      if (rule.rules)
        yield { file: OFFER_RULE_FILES.settings, path: [kind, "priceRules", i, "rules"], condition: rule.rules };
    }
  }
}

function emptyAnyLists(rules: OfferRuleSet): Finding[] {
  const findings: Finding[] = [];
  const visit = (file: string, path: PropertyKey[], condition: Condition) => {
    if (isFactCondition(condition)) return;
    if ("not" in condition) return visit(file, [...path, "not"], condition.not);
    const [key, parts] = "all" in condition ? (["all", condition.all] as const) : (["any", condition.any] as const);
    if (key === "any" && parts.length === 0) {
      findings.push({
        file,
        path,
        message:
          'An empty "any" list always holds (json-rules-engine counts it as met). List the conditions it should choose between, or remove it.',
      });
    }
    for (const [i, part] of parts.entries()) visit(file, [...path, key, i], part);
  };
  for (const { file, path, condition } of allConditions(rules)) visit(file, path, condition);
  return findings;
}

function duplicateNames(rules: OfferRuleSet): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  for (const [i, rule] of (rules.outcomes?.rules ?? []).entries()) {
    if (rule.name === undefined) continue;
    const first = seen.get(rule.name);
    if (first === undefined) seen.set(rule.name, i);
    else {
      findings.push({
        file: OFFER_RULE_FILES.outcomes,
        path: ["rules", i, "name"],
        message: `Rule ${first + 1} already has the name "${rule.name}". Give each rule its own name, so messages and the simulation can tell them apart.`,
      });
    }
  }
  for (const kind of OFFER_KINDS) {
    const names = new Map<string, { index: number; base: boolean }>();
    for (const [i, rule] of (rules.settings?.[kind].priceRules ?? []).entries()) {
      const first = names.get(rule.name);
      // Two cost rules with one name are refused by the schema already.
      if (first && (first.base || isBaseRule(rule))) {
        findings.push({
          file: OFFER_RULE_FILES.settings,
          path: [kind, "priceRules", i, "name"],
          message: `Price rule ${first.index + 1} already has the name "${rule.name}". Give each price rule its own name.`,
        });
      }
      if (!first) names.set(rule.name, { index: i, base: isBaseRule(rule) });
    }
  }
  return findings;
}

function neverShown(questionnaire: Questionnaire): Finding[] {
  const findings: Finding[] = [];
  for (const [i, q] of questionnaire.questions.entries()) {
    if ((q.condition ?? []).length === 0) continue;
    const found = situations([], { questionnaire, include: [q.questionId] });
    if (found && !found.some((s) => s.answers[q.questionId] !== undefined)) {
      findings.push({
        file: OFFER_RULE_FILES.questionnaire,
        path: ["questions", i, "condition"],
        message:
          "This question is never shown: its conditions cannot all hold together, so nobody answers it and no rule sees an answer. Check the questions and answers its condition names.",
      });
    }
  }
  return findings;
}

function lineText(line: Deduction): string {
  return line.percent === false ? money(line.amount as number) : `${line.percent} %`;
}

/** Where a situation sits among base prices, in words: `exactly $15,000`, `from $0 to $14,999.99`. */
function basePriceRange(offending: readonly Situation[], all: readonly Situation[], first: Situation): string {
  const others = (s: Situation) =>
    JSON.stringify([Object.entries(s.facts).filter(([k]) => k !== "basePrice"), s.answers]);
  const key = others(first);
  const row = all
    .filter((s) => others(s) === key)
    .sort((a, b) => Number(a.facts.basePrice) - Number(b.facts.basePrice));
  const bad = new Set(offending);
  const start = row.indexOf(first);
  let end = start;
  while (end + 1 < row.length && bad.has(row[end + 1] as Situation)) end++;
  const lo = Number(first.facts.basePrice);
  const hi = Number(row[end]?.facts.basePrice);
  const context = Object.entries(first.facts)
    .filter(([k]) => k !== "basePrice")
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(", ");
  const range =
    lo === hi ? `at a base price of exactly ${money(lo)}` : `at base prices from ${money(lo)} to ${money(hi)}`;
  return context ? `${range} (with ${context})` : range;
}

const TIER_EXAMPLE = 'for example "basePrice" ">=" 15000 on one line and "basePrice" "<" 15000 on the other';

function tierCoverage(questionnaire: Questionnaire): Finding[] {
  const findings: Finding[] = [];
  for (const [i, q] of questionnaire.questions.entries()) {
    for (const [j, answer] of q.answers.entries()) {
      const groups = new Map<string, { index: number; line: Deduction }[]>();
      for (const [k, line] of (answer.deduction ?? []).entries()) {
        groups.set(line.name, [...(groups.get(line.name) ?? []), { index: k, line }]);
      }
      for (const [name, lines] of groups) {
        const conditions = lines.flatMap(({ line }) => (line.rules ? [line.rules] : []));
        const found = situations(conditions, {
          questionnaire,
          fixed: { questionId: q.questionId, value: answer.value },
          include: ["basePrice"],
        });
        if (!found) continue;
        const tests = lines.map(({ line }) => holdsIn(line.rules));
        const holding = found.map((s) => tests.flatMap((test, n) => (test(s) ? [n] : [])));
        const overlaps = found.filter((_, n) => (holding[n] ?? []).length > 1);
        const gaps = found.filter((_, n) => (holding[n] ?? []).length === 0);
        const base = ["questions", i, "answers", j, "deduction"];
        const overlap = overlaps[0];
        if (overlap) {
          const [a, b] = (holding[found.indexOf(overlap)] ?? []).map((n) => lines[n]) as [
            { index: number; line: Deduction },
            { index: number; line: Deduction },
          ];
          findings.push({
            file: OFFER_RULE_FILES.questionnaire,
            path: [...base, b.index],
            message: `Line ${a.index + 1} (${lineText(a.line)}) and line ${b.index + 1} (${lineText(b.line)}) of deduction "${name}" both apply ${basePriceRange(overlaps, found, overlap)}, so the answer is charged twice there. Make the lines' base price ranges meet without overlapping, ${TIER_EXAMPLE}.`,
          });
        }
        const gap = gaps[0];
        if (gap) {
          findings.push({
            file: OFFER_RULE_FILES.questionnaire,
            path: base,
            message: `No line of deduction "${name}" applies ${basePriceRange(gaps, found, gap)}, so the answer costs nothing there. Cover every base price, ${TIER_EXAMPLE}.`,
          });
        }
      }
    }
  }
  return findings;
}

/** Why a condition can never hold: the first part or pair of parts of its `all` that cannot hold together. */
function whyNever(condition: TopLevelCondition, options: Parameters<typeof situations>[1]): string {
  const parts = "all" in condition ? condition.all : [condition];
  const possible = (conditions: Condition[]) => {
    const all: TopLevelCondition = { all: conditions };
    const found = situations([all], options);
    return found === null || found.some(holdsIn(all));
  };
  for (const part of parts) if (!possible([part])) return `: ${conditionText(part)} never holds`;
  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      if (!possible([a, b])) return `: ${conditionText(a)} and ${conditionText(b)} cannot both hold`;
    }
  }
  return "";
}

function neverHolds(rules: OfferRuleSet): Finding[] {
  const findings: Finding[] = [];
  const { questionnaire } = rules;
  const check = (
    file: string,
    path: PropertyKey[],
    condition: TopLevelCondition,
    what: string,
    options: Parameters<typeof situations>[1] = { questionnaire },
  ) => {
    const found = situations([condition], options);
    if (found === null || found.some(holdsIn(condition))) return;
    findings.push({
      file,
      path,
      message: `${what} can never hold${whyNever(condition, options)}. No vehicle and answers meet all of its conditions at once.`,
    });
  };
  for (const [i, rule] of (rules.outcomes?.rules ?? []).entries()) {
    check(OFFER_RULE_FILES.outcomes, ["rules", i, "conditions"], rule.conditions, "This rule");
  }
  for (const kind of OFFER_KINDS) {
    for (const [i, rule] of (rules.settings?.[kind].priceRules ?? []).entries()) {
      if (!rule.rules) continue;
      const what = isBaseRule(rule) ? "This base rule (so its base is never used)" : "This cost";
      check(OFFER_RULE_FILES.settings, [kind, "priceRules", i, "rules"], rule.rules, what);
    }
  }
  for (const [i, q] of questionnaire.questions.entries()) {
    for (const [j, answer] of q.answers.entries()) {
      for (const [k, line] of (answer.deduction ?? []).entries()) {
        if (!line.rules) continue;
        check(
          OFFER_RULE_FILES.questionnaire,
          ["questions", i, "answers", j, "deduction", k, "rules"],
          line.rules,
          "This deduction line",
          { questionnaire, fixed: { questionId: q.questionId, value: answer.value } },
        );
      }
    }
  }
  return findings;
}
