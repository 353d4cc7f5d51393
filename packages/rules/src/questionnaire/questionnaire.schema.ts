import { z } from "zod";
import { moneySchema, percentSchema } from "./amounts.schema";
import { conditionProblems } from "./condition-checks";
import { topLevelConditionSchema } from "./conditions.schema";

const SCHEMA_KEY = "Where an editor finds this file's JSON Schema, for autocompletion and checks.";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase words joined by hyphens (e.g. one-two).");
const questionId = z
  .string()
  .regex(/^\d+$/, "Use digits only (e.g. 203).")
  .describe('The question\'s number, in quotes, like "203"; rules name questions by it.');
const text = z.string().trim().min(1);

/**
 * One line of a deduction: a flat amount or a percent of the offer's base price (the unused one is false), applied
 * when its `rules` hold. An answer carries one line per tier, e.g. $500 when basePrice ≥ 15000 and 5 % below.
 */
export const deductionSchema = z
  .strictObject({
    name: slug.describe("What is deducted, e.g. interior-flaws. One question owns a name; its levels share it."),
    percent: z.union([percentSchema, z.literal(false)]).describe("Percent of the offer's base price, or false."),
    amount: z.union([moneySchema, z.literal(false)]).describe("Flat dollars, or false."),
    logicOperation: z.literal("merge").describe("merge: adds up with every other deduction that applies."),
    rules: topLevelConditionSchema
      .optional()
      .describe("json-rules-engine conditions (usually on basePrice) for this line to apply; absent: always."),
  })
  .superRefine((d, ctx) => {
    if ((d.percent === false) === (d.amount === false)) {
      ctx.addIssue({
        code: "custom",
        path: ["percent"],
        message: "Set exactly one of percent and amount; the other is false.",
      });
    }
  });

export const answerSchema = z.strictObject({
  label: text.describe("The answer as shoppers read it, like Yes."),
  value: slug.describe("What the form submits and rules compare against."),
  description: z
    .strictObject({
      title: text.describe("The heading of the explanation, like Great."),
      text: text.describe("The explanation shoppers read under the answer."),
    })
    .optional()
    .describe("An explanation shown with the answer."),
  exclusive: z
    .boolean()
    .optional()
    .describe('Checkbox only: this answer cannot be combined with others (e.g. "none").'),
  deduction: z
    .array(deductionSchema)
    .optional()
    .describe(
      "What this answer takes off each offer: one line per base price range, like $500 at 15000 or more, 5 % below.",
    ),
});

export const questionSchema = z.strictObject({
  questionId,
  text: text.describe("The question as shoppers read it."),
  description: z.string().optional().describe("A hint shown under the question."),
  inputType: z
    .enum(["radio", "checkbox", "textarea"])
    .describe("radio: one answer; checkbox: one or more answers; textarea: free text."),
  required: z.boolean().describe("A required checkbox needs at least one answer."),
  maxLength: z.int().positive().optional().describe("Textarea only: the longest text accepted."),
  condition: z
    .array(
      z.strictObject({
        id: questionId.describe("An earlier question."),
        answers: z.array(slug).min(1).describe("Answers of that question that reveal this one."),
      }),
    )
    .optional()
    .describe("Shown only when every entry holds. A question hidden by its conditions counts for nothing."),
  answers: z.array(answerSchema).describe("The answers to choose from (none for a textarea question)."),
});

export const categorySchema = z.strictObject({
  categoryId: slug.describe("The step's id, lower-case words joined by hyphens, like condition-details."),
  categoryTitle: text.describe("The step's title as shoppers read it."),
  categoryDescription: z.string().describe("A sentence under the step's title."),
  questionsIds: z.array(questionId).min(1).describe("The questions of this step, in order."),
});

export type Deduction = z.infer<typeof deductionSchema>;
export type Answer = z.infer<typeof answerSchema>;
export type Question = z.infer<typeof questionSchema>;
export type Category = z.infer<typeof categorySchema>;

/** The sell/trade questionnaire: questions, and the steps (categories) that order them. */
export const questionnaireSchema = z
  .strictObject({
    $schema: z.string().optional().describe(SCHEMA_KEY),
    questions: z.array(questionSchema).min(1).describe("Every question, with its answers and their deductions."),
    categories: z.array(categorySchema).min(1).describe("The steps, in order."),
  })
  .superRefine((q, ctx) => {
    for (const p of questionnaireProblems(q)) ctx.addIssue({ code: "custom", path: [...p.path], message: p.message });
  });

export type Questionnaire = z.infer<typeof questionnaireSchema>;

function questionnaireProblems(q: Pick<Questionnaire, "questions" | "categories">) {
  const problems: { path: PropertyKey[]; message: string }[] = [];
  const add = (path: PropertyKey[], message: string) => problems.push({ path, message });

  const byId = new Map<string, Question>();
  for (const [i, question] of q.questions.entries()) {
    if (byId.has(question.questionId))
      add(["questions", i, "questionId"], `Question ${question.questionId} is defined twice.`);
    else byId.set(question.questionId, question);
  }

  // Step order: a condition may only look back, so the form never depends on something not yet asked.
  const position = new Map<string, number>();
  const categoryIds = new Set<string>();
  for (const [c, category] of q.categories.entries()) {
    if (categoryIds.has(category.categoryId)) add(["categories", c, "categoryId"], "This categoryId is used twice.");
    categoryIds.add(category.categoryId);
    for (const [k, id] of category.questionsIds.entries()) {
      const path = ["categories", c, "questionsIds", k];
      if (!byId.has(id)) add(path, `No question ${id} in questions.`);
      else if (position.has(id)) add(path, `Question ${id} is already in a step.`);
      else position.set(id, position.size);
    }
  }

  const deductionOwner = new Map<string, string>();
  for (const [i, question] of q.questions.entries()) {
    const at = (...rest: PropertyKey[]) => ["questions", i, ...rest];
    if (!position.has(question.questionId) && byId.get(question.questionId) === question) {
      add(at("questionId"), `Question ${question.questionId} is in no step (categories[].questionsIds).`);
    }
    checkAnswers(question, at, add);
    // A question in no step is reported above; whether its conditions look back cannot be told.
    const conditions = position.has(question.questionId) ? (question.condition ?? []) : [];
    for (const [k, entry] of conditions.entries()) {
      const earlier = byId.get(entry.id);
      const before = (position.get(entry.id) ?? Infinity) < (position.get(question.questionId) ?? -Infinity);
      if (!earlier || !before) {
        add(at("condition", k, "id"), `The condition must name an earlier question; ${entry.id} is not one.`);
        continue;
      }
      if (earlier.inputType === "textarea") add(at("condition", k, "id"), `Question ${entry.id} is free text.`);
      const values = earlier.answers.map((a) => a.value);
      for (const [m, value] of entry.answers.entries()) {
        if (!values.includes(value))
          add(at("condition", k, "answers", m), `"${value}" is not an answer to question ${entry.id}.`);
      }
    }
    for (const [a, answer] of question.answers.entries()) {
      for (const [d, deduction] of (answer.deduction ?? []).entries()) {
        const owner = deductionOwner.get(deduction.name);
        if (owner !== undefined && owner !== question.questionId) {
          add(
            at("answers", a, "deduction", d, "name"),
            `Deduction "${deduction.name}" already belongs to question ${owner}.`,
          );
        }
        deductionOwner.set(deduction.name, owner ?? question.questionId);
        if (deduction.rules) {
          for (const p of conditionProblems(deduction.rules, { questions: byId, basePriceKnown: true })) {
            add(at("answers", a, "deduction", d, "rules", ...p.path), p.message);
          }
        }
      }
    }
  }
  return problems;
}

function checkAnswers(
  question: Question,
  at: (...rest: PropertyKey[]) => PropertyKey[],
  add: (path: PropertyKey[], message: string) => void,
): void {
  if (question.inputType === "textarea") {
    if (question.answers.length > 0) add(at("answers"), "A textarea question has no answers to choose from.");
    return;
  }
  if (question.maxLength !== undefined) add(at("maxLength"), "maxLength applies to textarea questions only.");
  if (question.answers.length < 2) add(at("answers"), "Offer at least two answers to choose from.");
  const seen = new Set<string>();
  for (const [a, answer] of question.answers.entries()) {
    if (seen.has(answer.value)) add(at("answers", a, "value"), `The value "${answer.value}" is used twice.`);
    seen.add(answer.value);
    if (answer.exclusive && question.inputType !== "checkbox") {
      add(at("answers", a, "exclusive"), "exclusive applies to checkbox questions only.");
    }
  }
}
