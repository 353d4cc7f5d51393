import { type Actor, createActor, type Snapshot } from "xstate";
import * as z from "zod/mini";
import { ANSWER_STEPS, CREDIT_APPLICATION_STEPS, type CreditApplicationMachine } from "./credit-application.machine";

// zod/mini, as on every browser subpath (ADR 213).
const fieldValue = z.union([z.string(), z.array(z.string())]);
const stepValues = z.record(z.string(), fieldValue);
const stepErrors = z.record(z.string(), z.array(z.string()));
const step = z.enum(CREDIT_APPLICATION_STEPS);

/**
 * A stored credit application snapshot, checked before it is resumed: a known step (never in flight or submitted:
 * the app stores only snapshots between form posts), answers as posted strings, accepted steps among the five. The
 * store must still be trusted: the app keeps drafts server-side, encrypted.
 */
export const persistedCreditApplicationSchema = z.looseObject({
  status: z.literal("active"),
  value: step,
  context: z.strictObject({
    answers: z.partialRecord(step, stepValues),
    accepted: z.array(z.enum(ANSWER_STEPS as [string, ...string[]])),
    errors: z.nullable(stepErrors),
    submitError: z.nullable(
      z.discriminatedUnion("reason", [
        z.strictObject({ reason: z.literal("refused"), step, errors: stepErrors }),
        z.strictObject({ reason: z.literal("failed"), message: z.string() }),
      ]),
    ),
    reference: z.null(),
  }),
});

/**
 * Resumes a stepper from a stored snapshot (`actor.getPersistedSnapshot()` through JSON). Returns the actor
 * unstarted, or null when the value is not a snapshot of this machine between steps (the app starts afresh).
 */
export function resumeCreditApplication(
  machine: CreditApplicationMachine,
  stored: unknown,
): Actor<CreditApplicationMachine> | null {
  if (!persistedCreditApplicationSchema.safeParse(stored).success) return null;
  return createActor(machine, { snapshot: stored as Snapshot<unknown> });
}
