import { type Actor, createActor, type Snapshot, type SnapshotFrom } from "xstate";
import { z } from "zod";
import { defaultQuestionnaire } from "./default-questionnaire";
import type { Questionnaire } from "./questionnaire.schema";
import {
  isSellDetails,
  isSellVehicle,
  SELL_INTERESTS,
  type SellJourneyMachine,
  type SellVehicleDetails,
  type SellVehicleIdentity,
  VIN_PROBLEMS,
} from "./sell-journey.machine";
import { validateAnswers } from "./validate-answers";
import { visibleSteps } from "./visibility";

/** Where the journey is, as a page shows it: decoding shows as the vehicle step it started from. */
export type SellJourneyStep = "identify" | "confirm" | "questionnaire" | "contact" | "complete";

type JourneySnapshot = SnapshotFrom<SellJourneyMachine>;

export function sellJourneyStep(snapshot: JourneySnapshot): SellJourneyStep {
  if (snapshot.matches("complete")) return "complete";
  if (snapshot.matches("contact")) return "contact";
  if (snapshot.matches("questionnaire")) return "questionnaire";
  if (snapshot.matches("confirm")) return "confirm";
  return "identify";
}

/** The questionnaire steps that have any question, by index: the longest path through the questionnaire. */
function askingSteps(questionnaire: Questionnaire): number[] {
  return questionnaire.categories.flatMap((category, index) => (category.questionsIds.length > 0 ? [index] : []));
}

/**
 * The journey's position for "Step n of m" on the longest path (ADR 333): the vehicle is step 1, each questionnaire
 * step has its own number whether or not the answers so far show it, and the contact details are the last. A step
 * the answers skip is passed over (Step 2 of 7, then Step 6 of 7), so the total never changes mid-way and the number
 * never runs past it.
 */
export function sellJourneyProgress(
  snapshot: JourneySnapshot,
  questionnaire: Questionnaire = defaultQuestionnaire,
): { number: number; total: number } {
  const steps = askingSteps(questionnaire);
  const total = steps.length + 2;
  switch (sellJourneyStep(snapshot)) {
    case "identify":
    case "confirm":
      return { number: 1, total };
    case "questionnaire":
      return { number: 2 + Math.max(0, steps.indexOf(snapshot.context.stepIndex)), total };
    default:
      return { number: total, total };
  }
}

const identitySchema = z.strictObject({
  year: z.int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  vin: z.string().nullable(),
});
const detailsSchema = z.strictObject({
  mileage: z.int(),
  zip: z.string(),
  interest: z.enum(SELL_INTERESTS),
});

/**
 * A stored journey snapshot for this questionnaire: a step where a visitor can stop (never decoding, never
 * complete), a valid vehicle and details once past the vehicle step, a questionnaire step that shows a question, and
 * complete answers on the contact step. Anything else is not resumed (ADR 022).
 */
export function persistedSellJourneySchema(questionnaire: Questionnaire = defaultQuestionnaire) {
  return z
    .looseObject({
      status: z.literal("active"),
      value: z.enum(["identify", "confirm", "questionnaire", "contact"]),
      context: z.strictObject({
        vehicle: identitySchema.nullable(),
        details: detailsSchema.nullable(),
        answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        stepIndex: z
          .int()
          .min(0)
          .max(questionnaire.categories.length - 1),
        vinProblem: z.enum(VIN_PROBLEMS).nullable(),
        vin: z.string().nullable(),
        profile: z.null(),
      }),
    })
    .superRefine(({ value, context }, ctx) => {
      const past = value !== "identify";
      const vehicle = context.vehicle as SellVehicleIdentity | null;
      const details = context.details as SellVehicleDetails | null;
      if (past && !(vehicle && isSellVehicle(vehicle) && details && isSellDetails(details))) {
        ctx.addIssue({ code: "custom", path: ["context", "vehicle"], message: "Past the vehicle step, a vehicle." });
      }
      if (value === "confirm" && !vehicle?.vin) {
        ctx.addIssue({ code: "custom", path: ["context", "vehicle"], message: "Only a decoded VIN is confirmed." });
      }
      const shown = visibleSteps(context.answers, questionnaire).filter((s) => s.questions.length > 0);
      if (value === "questionnaire" && !shown.some((s) => s.index === context.stepIndex)) {
        ctx.addIssue({ code: "custom", path: ["context", "stepIndex"], message: "A step that shows a question." });
      }
      if (value === "contact" && !validateAnswers(context.answers, questionnaire).success) {
        ctx.addIssue({ code: "custom", path: ["context", "answers"], message: "Contact comes after every answer." });
      }
    });
}

/** Resumes a journey from a stored snapshot; unstarted, or null when `stored` is not one for this questionnaire. */
export function resumeSellJourney(
  machine: SellJourneyMachine,
  stored: unknown,
  questionnaire: Questionnaire = defaultQuestionnaire,
): Actor<SellJourneyMachine> | null {
  if (!persistedSellJourneySchema(questionnaire).safeParse(stored).success) return null;
  return createActor(machine, { snapshot: stored as Snapshot<unknown> });
}
