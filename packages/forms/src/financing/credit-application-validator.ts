import { parseWithZod } from "@conform-to/zod/v4";
import type { CreditApplicationValidator, StepErrors, StepValues } from "@showroom/rules/credit-application";
import type { FormContext } from "../fields/context";
import {
  createFullCreditApplicationSchema,
  createFullCreditStepSchemas,
  FULL_CREDIT_STEPS,
  fullCreditStepOf,
} from "./full-credit.schema";

function formDataOf(values: StepValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of typeof value === "string" ? [value] : value) data.append(key, item);
  }
  return data;
}

function errorsOf(submission: { reply(): { error?: Record<string, string[] | null> | null } }): StepErrors {
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(submission.reply().error ?? {})) {
    if (messages && messages.length > 0) errors[key] = messages;
  }
  return errors;
}

/**
 * The credit application stepper's checks, from @showroom/forms' step schemas: the same on the server (each round
 * trip without JavaScript) and in the browser's stepper, so both refuse the same answers with the same words.
 */
export function creditApplicationValidator(context?: FormContext): CreditApplicationValidator {
  const steps = createFullCreditStepSchemas(context);
  const whole = createFullCreditApplicationSchema(context);
  return {
    step(step, values) {
      const submission = parseWithZod(formDataOf(values), { schema: steps[step] });
      return submission.status === "success" ? null : errorsOf(submission);
    },
    all(values) {
      const submission = parseWithZod(formDataOf(values), { schema: whole });
      if (submission.status === "success") return null;
      const errors = errorsOf(submission);
      const step =
        FULL_CREDIT_STEPS.find((s) => Object.keys(errors).some((key) => fullCreditStepOf(key) === s)) ?? "review";
      return {
        step,
        errors: Object.fromEntries(Object.entries(errors).filter(([key]) => fullCreditStepOf(key) === step)),
      };
    },
  };
}
