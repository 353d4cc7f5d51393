import { z } from "zod";
import { moneySchema } from "../questionnaire/amounts.schema";
import type { Questionnaire } from "../questionnaire/questionnaire.schema";
import { validateAnswers } from "../questionnaire/validate-answers";
import type { Answers } from "../questionnaire/visibility";
import { ShowroomRulesError } from "../shared/errors";
import { jsonPath } from "../shared/rule-file";

const text = z.string().trim().min(1);

/** The vehicle being sold or traded. */
export const offerVehicleSchema = z.strictObject({
  year: z.int().min(1900).max(2100).describe("The model year, like 2019."),
  make: text.describe("The make, like Ford."),
  model: text.describe("The model, like F-150."),
  trim: text.optional().describe("The trim, like XLT."),
  mileage: z.int().min(0).max(2_000_000).describe("Odometer miles, a whole number, like 68000."),
  vin: z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "A VIN has 17 letters and digits (no I, O or Q).")
    .optional()
    .describe("The 17-character VIN, if known."),
});

/** The vehicle's valuation (e.g. from a valuation book), in dollars. */
export const offerValuationSchema = z.strictObject({
  roughWholesale: moneySchema.describe("Rough wholesale in dollars, like 24500."),
  adjustedWholesaleAvg: moneySchema.describe("Adjusted wholesale average in dollars, like 27200."),
  adjustedRetailAvg: moneySchema.describe("Adjusted retail average in dollars, like 31900."),
});

const answerValueSchema = z.union([z.string(), z.array(z.string())]).optional();

/** Everything an offer is computed from. `asOf` (yyyy-mm-dd) is the offer's date; its year sets the vehicle's age. */
export const offerInputSchema = z
  .strictObject({
    vehicle: offerVehicleSchema,
    valuation: offerValuationSchema,
    answers: z.record(z.string(), answerValueSchema).describe("Answers keyed by questionId."),
    asOf: z.iso.date("Use a date as yyyy-mm-dd."),
  })
  .superRefine((input, ctx) => {
    const currentYear = Number(input.asOf.slice(0, 4));
    if (input.vehicle.year > currentYear + 1) {
      ctx.addIssue({
        code: "custom",
        path: ["vehicle", "year"],
        message: `A ${input.vehicle.year} model cannot be for sale in ${currentYear}.`,
      });
    }
  });

/** Everything an offer is computed from; see {@link offerInputSchema}. */
export interface OfferInput {
  readonly vehicle: z.input<typeof offerVehicleSchema>;
  readonly valuation: z.input<typeof offerValuationSchema>;
  /** Answers keyed by questionId, as the questionnaire collects them. */
  readonly answers: Answers;
  /** The offer's date, yyyy-mm-dd. */
  readonly asOf: string;
}
export type OfferVehicle = z.infer<typeof offerVehicleSchema>;
export type OfferValuation = z.infer<typeof offerValuationSchema>;

/** A validated offer input whose answers are only those to shown questions. */
export interface ParsedOfferInput {
  readonly vehicle: OfferVehicle;
  readonly valuation: OfferValuation;
  readonly answers: Answers;
  readonly asOf: string;
}

/** One thing wrong with an offer input, at its JSON path (e.g. `$.answers["203"]`). */
export interface OfferInputProblem {
  readonly path: string;
  readonly message: string;
}

/** Thrown by `evaluateOffer` for an input that does not validate; the message lists every problem with its path. */
export class OfferInputError extends ShowroomRulesError {
  override readonly code = "OFFER_INPUT_INVALID" as const;
  override name = "OfferInputError";
  readonly problems: readonly OfferInputProblem[];
  constructor(problems: readonly OfferInputProblem[]) {
    super(`Invalid offer input:\n${problems.map((p) => `${p.path}: ${p.message}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Validates an offer input against the schema and the questionnaire; throws {@link OfferInputError}. */
export function parseOfferInput(input: unknown, questionnaire: Questionnaire): ParsedOfferInput {
  const result = offerInputSchema.safeParse(input);
  if (!result.success) {
    throw new OfferInputError(result.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })));
  }
  const answers = validateAnswers(result.data.answers, questionnaire);
  if (!answers.success) {
    throw new OfferInputError(
      answers.problems.map((p) => ({
        path: jsonPath(p.questionId === undefined ? ["answers"] : ["answers", p.questionId]),
        message: p.message,
      })),
    );
  }
  return { ...result.data, answers: answers.answers };
}

/** A book of vehicles to simulate offers for: each entry is one offer input (its `asOf` defaults to the book's). */
export const offerBookSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  asOf: z.iso.date("Use a date as yyyy-mm-dd.").optional().describe("The date every entry is priced on."),
  entries: z
    .array(
      z.strictObject({
        id: text,
        note: z.string().optional(),
        asOf: z.iso.date("Use a date as yyyy-mm-dd.").optional(),
        vehicle: offerVehicleSchema,
        valuation: offerValuationSchema,
        answers: z.record(z.string(), answerValueSchema),
      }),
    )
    .min(1),
});

export type OfferBook = z.infer<typeof offerBookSchema>;
export type OfferBookEntry = OfferBook["entries"][number];
