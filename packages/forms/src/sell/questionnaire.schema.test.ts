import { parseWithZod } from "@conform-to/zod/v4";
import { REQUIRED_MESSAGE, validateAnswers, visibleQuestions } from "@showroom/rules/questionnaire";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { errorsOf } from "../testing/form-data.test-support";
import { createQuestionnaireAnswersSchema, questionnaireAnswersSchema } from "./questionnaire.schema";

function post(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const FAIR_COMPLETE: [string, string][] = [
  ["answers.100", "fair"],
  ["answers.200", "no"],
  ["answers.201", "no"],
  ["answers.202", "yes"],
  ["answers.203", "minor"],
  ["answers.204", "one-two"],
  ["answers.205", "two-or-more"],
  ["answers.300", "brakes"],
  ["answers.300", "ac-heat"],
  ["answers.301", "replace-two"],
  ["answers.500", "  Small dent on the tailgate.  "],
];

describe("sell/trade questionnaire answers (delegating to @showroom/rules/questionnaire)", () => {
  it("uses the rules package's required message, which is the spec's", () => {
    expect(REQUIRED_MESSAGE).toBe(MESSAGES.required);
  });

  it("accepts a complete fair-condition post, with 300 as a checkbox list and comments trimmed", () => {
    const submission = parseWithZod(post(FAIR_COMPLETE), { schema: questionnaireAnswersSchema });
    expect(submission.status === "success" && submission.value.answers).toEqual({
      "100": "fair",
      "200": "no",
      "201": "no",
      "202": "yes",
      "203": "minor",
      "204": "one-two",
      "205": "two-or-more",
      "300": ["brakes", "ac-heat"],
      "301": "replace-two",
      "500": "Small dent on the tailgate.",
    });
  });

  it("reads one ticked box of 300 as a one-item list", () => {
    const entries = FAIR_COMPLETE.filter(([name, value]) => name !== "answers.300" || value === "brakes");
    const submission = parseWithZod(post(entries), { schema: questionnaireAnswersSchema });
    expect(submission.status === "success" && submission.value.answers["300"]).toEqual(["brakes"]);
  });

  it("requires every shown question except comments, on the question's own field", () => {
    const submission = parseWithZod(
      post([
        ["answers.100", "poor"],
        ["answers.500", ""],
      ]),
      {
        schema: questionnaireAnswersSchema,
      },
    );
    const shownRequired = visibleQuestions({ "100": "poor" })
      .filter((question) => question.required)
      .map((question) => question.questionId)
      .filter((id) => id !== "100");
    expect(shownRequired).toEqual(["200", "201", "202", "203", "204", "205", "300", "301", "400", "401", "402", "403"]);
    expect(errorsOf(submission)).toEqual(
      Object.fromEntries(shownRequired.map((id) => [`answers.${id}`, [MESSAGES.required]])),
    );
  });

  it("asks for the overall condition when nothing is answered", () => {
    const submission = parseWithZod(post([]), { schema: questionnaireAnswersSchema });
    expect(errorsOf(submission)).toEqual({ "answers.100": [MESSAGES.required] });
  });

  it("passes the rules package's messages through for answers a question does not offer", () => {
    const submission = parseWithZod(post([["answers.100", "mint"]]), { schema: questionnaireAnswersSchema });
    const expected = validateAnswers({ "100": "mint" });
    expect(expected.success).toBe(false);
    if (expected.success) return;
    expect(errorsOf(submission)).toEqual({ "answers.100": expected.problems.map((problem) => problem.message) });
  });

  it("drops answers to hidden and unknown questions", () => {
    const submission = parseWithZod(
      post([
        ["answers.100", "great"],
        ["answers.300", "brakes"],
        ["answers.999", "x"],
      ]),
      { schema: questionnaireAnswersSchema },
    );
    expect(submission.status === "success" && submission.value.answers).toEqual({ "100": "great" });
  });

  it("checks only the steps reached so far when told which step is posted", () => {
    const firstStep = createQuestionnaireAnswersSchema({ throughStep: 0 });
    const stepOne = parseWithZod(post([["answers.100", "fair"]]), { schema: firstStep });
    expect(stepOne.status === "success" && stepOne.value.answers).toEqual({ "100": "fair" });
    const secondStep = createQuestionnaireAnswersSchema({ throughStep: 1 });
    const stepTwo = parseWithZod(
      post([
        ["answers.100", "fair"],
        ["answers.200", "no"],
      ]),
      { schema: secondStep },
    );
    expect(Object.keys((errorsOf(stepTwo) ?? {}) as object)).toEqual([
      "answers.201",
      "answers.202",
      "answers.203",
      "answers.204",
      "answers.205",
    ]);
  });
});
