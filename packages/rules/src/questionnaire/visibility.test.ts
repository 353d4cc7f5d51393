import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answersArb, candidateAnswersArb } from "../offer/arbitraries.test-support";
import { defaultQuestionnaire } from "./default-questionnaire";
import { REQUIRED_MESSAGE, validateAnswers } from "./validate-answers";
import { visibleAnswers, visibleQuestions, visibleSteps } from "./visibility";

const RUNS = { numRuns: 200 };
const ids = (answers: Parameters<typeof visibleQuestions>[0]) => visibleQuestions(answers).map((q) => q.questionId);

describe("which questions show", () => {
  it("each overall condition shows the issue's questions and no others", () => {
    const detail = ["200", "201", "202", "203", "204", "205"];
    const repairs = ["300", "301"];
    const structure = ["400", "401", "402", "403"];
    fc.assert(
      fc.property(candidateAnswersArb(), (answers) => {
        const overall = answers["100"];
        const expected = [
          "100",
          ...(overall === "great" ? [] : detail),
          ...(overall === "fair" || overall === "poor" ? repairs : []),
          ...(overall === "poor" ? structure : []),
          "500",
        ];
        expect(ids(answers)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it("a question shows only when every question its conditions name shows", () => {
    fc.assert(
      fc.property(candidateAnswersArb(), (answers) => {
        const shown = new Set(ids(answers));
        for (const q of defaultQuestionnaire.questions) {
          if (!shown.has(q.questionId)) continue;
          for (const c of q.condition ?? []) expect(shown.has(c.id)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("nothing but overall condition and comments shows before the first answer", () => {
    expect(ids({})).toEqual(["100", "500"]);
    expect(visibleSteps({}).map((s) => s.questions.length)).toEqual([1, 0, 0, 0, 1]);
  });
});

describe("validateAnswers", () => {
  it("complete answers to shown questions are valid and come back unchanged", () => {
    fc.assert(
      fc.property(answersArb(), (answers) => {
        expect(validateAnswers(answers)).toEqual({ success: true, answers });
      }),
      RUNS,
    );
  });

  it("answers to hidden questions are neither checked nor returned", () => {
    fc.assert(
      fc.property(answersArb(), fc.constantFrom("nonsense", ["x", "y"], ""), (answers, junk) => {
        const shown = new Set(ids(answers));
        const hidden = defaultQuestionnaire.questions.filter((q) => !shown.has(q.questionId));
        fc.pre(hidden.length > 0);
        const withJunk = { ...Object.fromEntries(hidden.map((q) => [q.questionId, junk])), ...answers };
        expect(validateAnswers(withJunk)).toEqual({ success: true, answers: visibleAnswers(answers) });
      }),
      RUNS,
    );
  });

  it("every missing required shown answer is reported with the spec's message", () => {
    fc.assert(
      fc.property(answersArb(), fc.integer({ min: 1, max: 16 }), (answers, drop) => {
        const required = visibleQuestions(answers).filter((q) => q.required);
        const removed = required.slice(0, drop).filter((q) => q.questionId !== "100");
        fc.pre(removed.length > 0);
        const partial = { ...answers };
        for (const q of removed) delete partial[q.questionId];
        const result = validateAnswers(partial);
        expect(result.success).toBe(false);
        if (!result.success) {
          expect(result.problems).toEqual(
            removed.map((q) => ({ questionId: q.questionId, message: REQUIRED_MESSAGE })),
          );
        }
      }),
      RUNS,
    );
  });

  it("names what is wrong with each bad answer", () => {
    const result = validateAnswers({
      "100": "fair",
      "200": "maybe",
      "201": ["no"],
      "202": "no",
      "203": "none",
      "204": "none",
      "205": "one",
      "300": ["none", "brakes", "brakes"],
      "301": "good",
      "999": "x",
      "500": "x".repeat(1001),
    });
    expect(result).toEqual({
      success: false,
      problems: [
        { questionId: "999", message: "There is no question 999." },
        { questionId: "200", message: "Choose one of: no, yes." },
        { questionId: "201", message: "Choose one answer." },
        { questionId: "300", message: "Choose each answer once." },
        { questionId: "300", message: '"None of these" cannot be combined with other answers.' },
        { questionId: "500", message: "Use at most 1000 characters." },
      ],
    });
  });

  it("rejects answers that are not an object keyed by questionId", () => {
    for (const bad of [null, "great", ["great"], 7]) {
      expect(validateAnswers(bad)).toEqual({
        success: false,
        problems: [{ message: "Answers must be an object keyed by questionId." }],
      });
    }
  });

  it("a blank comment counts as no comment", () => {
    expect(validateAnswers({ "100": "great", "500": "   " })).toEqual({ success: true, answers: { "100": "great" } });
  });
});
