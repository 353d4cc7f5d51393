import { type CompiledCondition, compileCondition } from "../offer/compile-condition";
import { type Condition, factConditions, type OfferFact } from "../questionnaire/conditions.schema";
import type { Question, Questionnaire } from "../questionnaire/questionnaire.schema";
import { questionnaireIndex } from "../questionnaire/visibility";

/**
 * The finite set of situations that decides a condition: for each fact a condition reads, the values at and one
 * step either side of every threshold it compares with (plus the ends of the fact's range); for each answer it
 * reads, every answer (and every small set of the answers it names, for a checkbox), kept only where the
 * questionnaire would show and ask it. Between two thresholds nothing a condition can test changes, so checking
 * these values checks every vehicle (ADR 217).
 */

/** One situation: the facts by name and the answers to shown questions. */
export interface Situation {
  readonly facts: Readonly<Record<string, unknown>>;
  readonly answers: Readonly<Record<string, unknown>>;
}

interface Range {
  readonly min: number;
  readonly max: number;
  /** The smallest difference a value of the fact can have. */
  readonly step: number;
}

const RANGES: Readonly<Partial<Record<OfferFact, Range>>> = {
  age: { min: -1, max: 200, step: 1 },
  year: { min: 1900, max: 2100, step: 1 },
  currentYear: { min: 1900, max: 2100, step: 1 },
  mileage: { min: 0, max: 2_000_000, step: 1 },
  roughWholesale: { min: 0, max: 10_000_000, step: 0.01 },
  adjustedWholesaleAvg: { min: 0, max: 10_000_000, step: 0.01 },
  adjustedRetailAvg: { min: 0, max: 10_000_000, step: 0.01 },
  basePrice: { min: 0, max: 10_000_000, step: 0.01 },
};

/** More situations than this and the analysis says nothing rather than guess. */
export const MAX_SITUATIONS = 20_000;

const round = (n: number) => Math.round(n * 100) / 100;

function numericCandidates(range: Range, thresholds: readonly number[]): number[] {
  const values = new Set<number>([range.min, range.max]);
  for (const t of thresholds) {
    for (const v of [t - range.step, t, t + range.step]) {
      if (v >= range.min && v <= range.max) values.add(round(v));
    }
  }
  return [...values].sort((a, b) => a - b);
}

/** The values a condition compares each fact with. */
function comparedValues(conditions: readonly Condition[]): Map<string, unknown[]> {
  const byFact = new Map<string, unknown[]>();
  for (const condition of conditions) {
    for (const { leaf } of factConditions(condition)) {
      const key = leaf.fact === "answer" ? `answer:${leaf.params?.questionId}` : leaf.fact;
      const list = byFact.get(key) ?? [];
      list.push(...(Array.isArray(leaf.value) ? leaf.value : [leaf.value]));
      byFact.set(key, list);
    }
  }
  return byFact;
}

/** The answers a shown question can have that matter to conditions comparing it with `named`. */
function answerCandidates(question: Question, named: readonly unknown[]): unknown[] {
  const values = question.answers.map((a) => a.value);
  if (question.inputType !== "checkbox") return values;
  const exclusive = question.answers.filter((a) => a.exclusive).map((a) => a.value);
  const mentioned = values.filter((v) => named.includes(v) && !exclusive.includes(v)).slice(0, 6);
  const other = values.find((v) => !named.includes(v) && !exclusive.includes(v));
  const sets: string[][] = exclusive.map((v) => [v]);
  // Every set of the named answers, with and without one answer nobody named.
  for (let mask = 0; mask < 1 << mentioned.length; mask++) {
    const set = mentioned.filter((_, i) => mask & (1 << i));
    if (set.length > 0) sets.push(set);
    if (other !== undefined) sets.push([...set, other]);
  }
  if (!question.required) sets.push([]);
  return sets;
}

function chooses(answer: unknown, values: readonly string[]): boolean {
  if (typeof answer === "string") return values.includes(answer);
  return Array.isArray(answer) && answer.some((v) => values.includes(v));
}

/** The questions a set of questions' visibility depends on, with them, in step order. */
function withAncestors(ids: Iterable<string>, questionnaire: Questionnaire): Question[] {
  const { ordered, byId } = questionnaireIndex(questionnaire);
  const wanted = new Set<string>();
  const visit = (id: string) => {
    if (wanted.has(id)) return;
    wanted.add(id);
    for (const entry of byId.get(id)?.condition ?? []) visit(entry.id);
  };
  for (const id of ids) visit(id);
  return ordered.filter((q) => wanted.has(q.questionId));
}

export interface SituationOptions {
  readonly questionnaire: Questionnaire;
  /** Answers fixed in every situation: the deduction line's own answer, which is chosen when the line applies. */
  readonly fixed?: { readonly questionId: string; readonly value: string };
  /** Facts (by name) or questions (by questionId) to vary even where no condition reads them. */
  readonly include?: readonly string[];
}

/**
 * Every situation that decides `conditions` (see the module comment), or null when there are more than
 * {@link MAX_SITUATIONS}.
 */
export function situations(conditions: readonly Condition[], options: SituationOptions): Situation[] | null {
  const compared = comparedValues(conditions);
  for (const name of options.include ?? []) {
    const key = /^\d+$/.test(name) ? `answer:${name}` : name;
    if (!compared.has(key)) compared.set(key, []);
  }
  const factDomains: [string, unknown[]][] = [];
  const questionIds = new Set<string>(options.fixed ? [options.fixed.questionId] : []);
  for (const [key, values] of compared) {
    if (key.startsWith("answer:")) {
      questionIds.add(key.slice("answer:".length));
      continue;
    }
    const range = RANGES[key as OfferFact];
    if (range) {
      factDomains.push([
        key,
        numericCandidates(
          range,
          values.filter((v): v is number => typeof v === "number"),
        ),
      ]);
    } else {
      factDomains.push([key, [...new Set([...values.filter((v) => typeof v === "string"), "(another)"])]]);
    }
  }
  // With age, year and currentYear all read, a situation must have age = currentYear − year: offer the current years
  // that make each candidate age and year meet.
  const domainOf = (key: string) => factDomains.find(([k]) => k === key)?.[1] as number[] | undefined;
  const [ages, years, currentYears] = [domainOf("age"), domainOf("year"), domainOf("currentYear")];
  if (ages && years && currentYears) {
    const extra = ages.flatMap((a) => years.map((y) => a + y)).filter((c) => c >= 1900 && c <= 2100);
    currentYears.splice(0, currentYears.length, ...new Set([...currentYears, ...extra]));
  }
  const questions = withAncestors(questionIds, options.questionnaire);
  const answerDomains = questions.map((q): [Question, unknown[]] => {
    if (options.fixed?.questionId === q.questionId) {
      const value = options.fixed.value;
      const candidates = answerCandidates(q, [...(compared.get(`answer:${q.questionId}`) ?? []), value]);
      return [q, candidates.filter((c) => chooses(c, [value]))];
    }
    const candidates = answerCandidates(q, compared.get(`answer:${q.questionId}`) ?? []);
    return [q, (q.condition ?? []).length > 0 ? [...candidates, undefined] : candidates];
  });
  const size = [...factDomains, ...answerDomains].reduce((n, [, d]) => n * Math.max(1, d.length), 1);
  if (size > MAX_SITUATIONS) return null;

  const result: Situation[] = [];
  const facts: Record<string, unknown> = {};
  const answers: Record<string, unknown> = {};
  const consistent = () => {
    const shown = new Set<string>();
    for (const q of questions) {
      const revealed = (q.condition ?? []).every(
        (entry) => shown.has(entry.id) && chooses(answers[entry.id], entry.answers),
      );
      if (revealed !== (answers[q.questionId] !== undefined)) return false;
      if (revealed) shown.add(q.questionId);
    }
    if (facts.age !== undefined && facts.year !== undefined && facts.currentYear !== undefined) {
      return facts.age === (facts.currentYear as number) - (facts.year as number);
    }
    return true;
  };
  const walk = (i: number) => {
    if (i === factDomains.length + answerDomains.length) {
      if (consistent()) result.push({ facts: { ...facts }, answers: { ...answers } });
      return;
    }
    if (i < factDomains.length) {
      const [key, domain] = factDomains[i] as [string, unknown[]];
      for (const value of domain) {
        facts[key] = value;
        walk(i + 1);
      }
      return;
    }
    const [question, domain] = answerDomains[i - factDomains.length] as [Question, unknown[]];
    for (const value of domain) {
      if (value === undefined) delete answers[question.questionId];
      else answers[question.questionId] = value;
      walk(i + 1);
    }
    delete answers[question.questionId];
  };
  walk(0);
  return result;
}

/** Compiles conditions for evaluation in a situation. */
export function holdsIn(condition: Condition | undefined): (situation: Situation) => boolean {
  const compiled: CompiledCondition = compileCondition(condition);
  return (s) => compiled({ ...s.facts, answers: s.answers });
}
