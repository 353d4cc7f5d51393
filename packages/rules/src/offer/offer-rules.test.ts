import fc from "fast-check";
import { describe, expect, it } from "vitest";
import outcomesJson from "../../rules/offer-outcomes.json" with { type: "json" };
import settingsJson from "../../rules/offer-settings.json" with { type: "json" };
import questionnaireJson from "../../rules/questionnaire.json" with { type: "json" };
import { jsonPath, RuleFileError } from "../shared/rule-file";
import { defaultOfferRules, OFFER_RULE_FILES, type OfferRulePart, parseOfferRules } from "./offer-rules";

const DEFAULTS = { questionnaire: questionnaireJson, outcomes: outcomesJson, settings: settingsJson };

function problemsOf(json: Parameters<typeof parseOfferRules>[0]): string[] {
  try {
    parseOfferRules(json);
    return [];
  } catch (error) {
    if (!(error instanceof RuleFileError)) throw error;
    return error.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the tests edit the default JSON freely, as an analyst would
type EditableJson = any;

function withPart(part: OfferRulePart, change: (json: EditableJson) => void) {
  const copy = structuredClone(DEFAULTS[part]);
  change(copy);
  return { ...DEFAULTS, [part]: copy };
}

/** Every node of a JSON document with its path. */
function nodes(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; value: unknown }[] {
  const children =
    typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([k, v]) => nodes(v, [...path, Array.isArray(value) ? Number(k) : k]))
      : [];
  return [{ path, value }, ...children];
}

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = path.slice(0, -1).reduce<EditableJson>((node, key) => node[key], root);
  parent[path.at(-1) as PropertyKey] = value;
  return root;
}

describe("parseOfferRules", () => {
  it("accepts every default file and returns the defaults", () => {
    expect(parseOfferRules(DEFAULTS)).toEqual(defaultOfferRules);
  });

  it("returns frozen rules, so the engines cached on them stay true to them", () => {
    expect(Object.isFrozen(defaultOfferRules.settings.cashNow.priceRules[0])).toBe(true);
    expect(Object.isFrozen(defaultOfferRules.questionnaire.questions[3]?.answers)).toBe(true);
  });

  it("rejects a mutated file, naming the file and the JSON path of the mutation", () => {
    const mutation = fc.constantFrom(...(Object.keys(OFFER_RULE_FILES) as OfferRulePart[])).chain((part) =>
      fc.record({
        part: fc.constant(part),
        node: fc.constantFrom(...nodes(DEFAULTS[part])),
        kind: fc.constantFrom("wrong-type", "unknown-key"),
      }),
    );
    fc.assert(
      fc.property(mutation, ({ part, node, kind }) => {
        const isObject = typeof node.value === "object" && node.value !== null && !Array.isArray(node.value);
        fc.pre(kind === "wrong-type" || isObject);
        const copy = structuredClone(DEFAULTS[part]);
        const replacement =
          kind === "unknown-key"
            ? { ...(node.value as object), unexpectedKey: 1 }
            : Array.isArray(node.value)
              ? {}
              : isObject
                ? []
                : { unexpected: true };
        const json = { ...DEFAULTS, [part]: setAt(copy, node.path, replacement) };
        const error = (() => {
          try {
            parseOfferRules(json);
          } catch (e) {
            return e;
          }
        })();
        expect(error).toBeInstanceOf(RuleFileError);
        const path = jsonPath(node.path);
        const located = (error as RuleFileError).problems.filter(
          (p) =>
            p.file === OFFER_RULE_FILES[part] &&
            (p.path === path || path.startsWith(`${p.path}.`) || path.startsWith(`${p.path}[`)),
        );
        expect(located.length, (error as Error).message).toBeGreaterThan(0);
        expect((error as Error).message).toContain(`${OFFER_RULE_FILES[part]}: ${located[0]?.path}: `);
      }),
      { numRuns: 200 },
    );
  });

  it("names a missing file", () => {
    const { settings: _settings, ...partial } = DEFAULTS;
    expect(problemsOf(partial as never)).toEqual([
      'offer-settings.json: $: Missing: pass the JSON of offer-settings.json as "settings".',
    ]);
  });

  it("checks outcome rules against the questionnaire", () => {
    const json = withPart("outcomes", (o) => {
      o.rules[3].conditions.all[0].params.questionId = "999";
      o.rules[4].conditions.all[0].value = "maybe";
      o.rules[6].conditions.all[0].operator = "equal";
      o.rules[0].conditions.all.push({ fact: "basePrice", operator: "<", value: 3000 });
    });
    expect(problemsOf(json)).toEqual([
      "offer-outcomes.json: $.rules[0].conditions.all[1].fact: basePrice is not known here: only deductions and cost rules can use it.",
      "offer-outcomes.json: $.rules[3].conditions.all[0].params.questionId: No question 999 in the questionnaire.",
      'offer-outcomes.json: $.rules[4].conditions.all[0].value: "maybe" is not an answer to question 400 (answers: no, yes).',
      "offer-outcomes.json: $.rules[6].conditions.all[0].operator: Question 300 is a checkbox, so its answer is a list: use contains or doesNotContain.",
    ]);
  });

  it("only knows the reason codes the app has words for", () => {
    const json = withPart("outcomes", (o) => {
      o.rules[0].event.params.reason = "too-old";
    });
    expect(problemsOf(json)).toHaveLength(1);
    expect(problemsOf(json)[0]).toMatch(/^offer-outcomes\.json: \$\.rules\[0\]\.event\.params\.reason: /);
  });

  it("needs a fallback base rule last, and no unconditional base rule before it", () => {
    const json = withPart("settings", (s) => {
      s.cashNow.priceRules.reverse();
      s.moreCashLater.priceRules[0].rules = { all: [{ fact: "age", operator: "<", value: 8 }] };
    });
    expect(problemsOf(json)).toEqual([
      "offer-settings.json: $.cashNow.priceRules[4].rules: The last base rule is the fallback: give it no rules so every vehicle gets a base.",
      "offer-settings.json: $.cashNow.priceRules[3].rules: This base rule always holds, so the base rules after it never apply.",
      "offer-settings.json: $.moreCashLater.priceRules[0].rules: The last base rule is the fallback: give it no rules so every vehicle gets a base.",
    ]);
  });

  it("checks costs and the More Cash Later checks", () => {
    const json = withPart("settings", (s) => {
      s.moreCashLater.priceRules[4].amount = false;
      s.moreCashLater.stepPayments[1].percent = 30;
      s.cashNow.priceRules[0].rules.all.push({ fact: "basePrice", operator: ">", value: 1 });
    });
    expect(problemsOf(json)).toEqual([
      "offer-settings.json: $.moreCashLater.priceRules[4].logicOperation: subtract-greater compares amount with percent: set both.",
      "offer-settings.json: $.moreCashLater.stepPayments[1].percent: The two checks must add up to 100 %; they add up to 98 %.",
    ]);
    // The base rule's basePrice is a cross-file problem, reported once the files themselves are valid.
    const base = withPart("settings", (s) => {
      s.cashNow.priceRules[0].rules.all.push({ fact: "basePrice", operator: ">", value: 1 });
    });
    expect(problemsOf(base)).toEqual([
      "offer-settings.json: $.cashNow.priceRules[0].rules.all[2].fact: basePrice is not known here: only deductions and cost rules can use it.",
    ]);
  });
});
