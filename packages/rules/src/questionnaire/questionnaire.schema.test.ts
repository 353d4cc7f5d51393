import { describe, expect, it } from "vitest";
import questionnaireJson from "../../rules/questionnaire.json" with { type: "json" };
import { RuleFileError } from "../shared/rule-file";
import { parseQuestionnaire, withoutDeductions } from "./index";

// biome-ignore lint/suspicious/noExplicitAny: the tests edit the questionnaire freely, as an analyst would
type Json = any;

/** The default file with one change applied to a copy. */
function edited(change: (q: Json) => void): Json {
  const copy: Json = structuredClone(questionnaireJson);
  change(copy);
  return copy;
}

function problems(json: unknown): string[] {
  try {
    parseQuestionnaire(json);
    return [];
  } catch (error) {
    if (!(error instanceof RuleFileError)) throw error;
    return error.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
  }
}

const q = (json: Json, id: string): Json => {
  const found = json.questions.find((x: { questionId: string }) => x.questionId === id);
  if (!found) throw new Error(`no question ${id}`);
  return found;
};

describe("questionnaire.json schema", () => {
  it("accepts the default questionnaire", () => {
    expect(problems(questionnaireJson)).toEqual([]);
  });

  it("a condition must name an earlier question and its real answers", () => {
    expect(
      problems(
        edited((json) => {
          q(json, "200").condition = [{ id: "300", answers: ["fair"] }];
          q(json, "201").condition = [{ id: "100", answers: ["excellent"] }];
        }),
      ),
    ).toEqual([
      "questionnaire.json: $.questions[1].condition[0].id: The condition must name an earlier question; 300 is not one.",
      'questionnaire.json: $.questions[2].condition[0].answers[0]: "excellent" is not an answer to question 100.',
    ]);
  });

  it("a deduction name belongs to one question", () => {
    const result = problems(
      edited((json) => {
        const smoked = q(json, "202").answers[1]?.deduction?.[0];
        if (smoked) smoked.name = "accident";
      }),
    );
    expect(result).toEqual([
      'questionnaire.json: $.questions[3].answers[1].deduction[0].name: Deduction "accident" already belongs to question 200.',
    ]);
  });

  it("every question sits in exactly one step, and steps name real questions", () => {
    const result = problems(
      edited((json) => {
        json.categories[1]?.questionsIds.push("999", "100");
        json.categories[2]?.questionsIds.splice(1, 1);
      }),
    );
    expect(result).toEqual([
      "questionnaire.json: $.categories[1].questionsIds[6]: No question 999 in questions.",
      "questionnaire.json: $.categories[1].questionsIds[7]: Question 100 is already in a step.",
      "questionnaire.json: $.questions[8].questionId: Question 301 is in no step (categories[].questionsIds).",
    ]);
  });

  it("a deduction sets exactly one of percent and amount", () => {
    const result = problems(
      edited((json) => {
        const tier = q(json, "202").answers[1]?.deduction?.[0] as Record<string, unknown>;
        tier.percent = 5;
      }),
    );
    expect(result).toEqual([
      "questionnaire.json: $.questions[3].answers[1].deduction[0].percent: Set exactly one of percent and amount; the other is false.",
    ]);
  });

  it("reports a typo deep inside deduction rules at its own path", () => {
    const result = problems(
      edited((json) => {
        const leaf = q(json, "203").answers[2]?.deduction?.[1]?.rules.all[0] as Record<string, unknown>;
        leaf.operator = "lessThen";
        const other = q(json, "204").answers[1]?.deduction?.[0]?.rules.all[0] as Record<string, unknown>;
        other.fact = "basePrise";
      }),
    );
    expect(result).toHaveLength(2);
    expect(result[0]).toMatch(
      /^questionnaire\.json: \$\.questions\[4\]\.answers\[2\]\.deduction\[1\]\.rules\.all\[0\]\.operator: /,
    );
    expect(result[1]).toMatch(
      /^questionnaire\.json: \$\.questions\[5\]\.answers\[1\]\.deduction\[0\]\.rules\.all\[0\]\.fact: /,
    );
  });

  it("deduction rules that read answers must name a real question, answer and operator", () => {
    const result = problems(
      edited((json) => {
        const rules = q(json, "202").answers[1]?.deduction?.[0]?.rules as unknown as { all: unknown[] };
        rules.all.push(
          { fact: "answer", params: { questionId: "100" }, operator: "in", value: ["fair", "excellent"] },
          { fact: "answer", params: { questionId: "300" }, operator: "equal", value: "brakes" },
          { fact: "answer", params: { questionId: "777" }, operator: "equal", value: "yes" },
        );
      }),
    );
    expect(result).toEqual([
      'questionnaire.json: $.questions[3].answers[1].deduction[0].rules.all[1].value[1]: "excellent" is not an answer to question 100 (answers: great, good, fair, poor).',
      "questionnaire.json: $.questions[3].answers[1].deduction[0].rules.all[2].operator: Question 300 is a checkbox, so its answer is a list: use contains or doesNotContain.",
      "questionnaire.json: $.questions[3].answers[1].deduction[0].rules.all[3].params.questionId: No question 777 in the questionnaire.",
    ]);
  });

  it("answers fit their input type", () => {
    const result = problems(
      edited((json) => {
        (q(json, "200").answers[0] as Record<string, unknown>).exclusive = true;
        q(json, "201").answers[1] = { ...(q(json, "201").answers[0] as { label: string; value: string }) };
        q(json, "500").answers = [{ label: "Yes", value: "yes" }] as never;
      }),
    );
    expect(result).toEqual([
      "questionnaire.json: $.questions[1].answers[0].exclusive: exclusive applies to checkbox questions only.",
      'questionnaire.json: $.questions[2].answers[1].value: The value "no" is used twice.',
      "questionnaire.json: $.questions[13].answers: A textarea question has no answers to choose from.",
    ]);
  });

  it("accepts the spec's operator names as aliases", () => {
    const result = problems(
      edited((json) => {
        for (const question of json.questions) {
          for (const answer of question.answers) {
            for (const tier of (answer as { deduction?: { rules: { all: { operator: string }[] } }[] }).deduction ??
              []) {
              for (const leaf of tier.rules.all) leaf.operator = leaf.operator === "lessThan" ? "<" : ">=";
            }
          }
        }
      }),
    );
    expect(result).toEqual([]);
  });

  it("withoutDeductions keeps the form and drops the dealer's deduction table", () => {
    const stripped = withoutDeductions();
    expect(JSON.stringify(stripped)).not.toContain("deduction");
    expect(stripped.questions.map((x) => x.answers.map((a) => a.label))).toEqual(
      parseQuestionnaire(questionnaireJson).questions.map((x) => x.answers.map((a) => a.label)),
    );
  });
});
