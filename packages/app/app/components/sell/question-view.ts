import type { Question } from "@showroom/rules/questionnaire";
import type { QuestionView } from "./types";

/** A question as the form renders it: the answers' descriptions as text, nothing about deductions. */
export function questionView(question: Question): QuestionView {
  return {
    questionId: question.questionId,
    text: question.text,
    ...(question.description ? { description: question.description } : {}),
    inputType: question.inputType,
    required: question.required,
    answers: question.answers.map((a) => ({
      value: a.value,
      label: a.label,
      ...(a.description ? { description: a.description.text } : {}),
    })),
  };
}

/** `2021 MINI Cooper Convertible JCW`. */
export function vehicleTitle(vehicle: { year: number; make: string; model: string; trim?: string | null }): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
}
