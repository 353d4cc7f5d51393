import {
  type Answers,
  defaultQuestionnaire,
  type Questionnaire,
  SELL_INTERESTS,
  type SellVehicleDetails,
} from "@showroom/rules/questionnaire";
import { z } from "zod";
import { zipCodeSchema } from "../fields/address";
import { defaultFormContext, type FormContext } from "../fields/context";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { blankToUndefined, optionalText, requiredChoice } from "../fields/text";
import { VIN_PATTERN } from "../fields/vin";
import { MAX_LENGTH } from "../limits";
import { MESSAGES, vehicleFieldMessage } from "../messages";
import { answerFieldsShape, readAnswerFields } from "./questionnaire.schema";
import { sellVehicleShape } from "./sell.schema";

export interface SellJourneySchemaOptions {
  /** The calendar the newest model year follows. */
  context?: FormContext;
  /** The questionnaire the answers are for: the analyst's rules when the site loads them. */
  questionnaire?: Questionnaire;
}

/** A VIN as typed: spaces and dashes dropped, upper-cased; "Enter the VIN of the vehicle." when blank. */
const vinSchema = z.preprocess<unknown, z.ZodString, string>(
  (value) => (typeof value === "string" ? value.replace(/[\s-]+/g, "").toUpperCase() : value),
  z
    .string({ error: vehicleFieldMessage("VIN") })
    .min(1, { error: vehicleFieldMessage("VIN"), abort: true })
    .regex(VIN_PATTERN, { error: MESSAGES.vin }),
);

/** The vehicle as chosen, and the answers, in the shape the offer is computed from. */
export interface SellOfferPost {
  readonly idempotencyKey: string;
  readonly website: string | undefined;
  readonly vehicle:
    | { readonly by: "vin"; readonly vin: string }
    | {
        readonly by: "choice";
        readonly year: number;
        readonly make: string;
        readonly model: string;
        readonly trim: string | null;
      };
  readonly details: SellVehicleDetails;
  readonly answers: Answers;
  readonly profile: { firstName: string; lastName: string; email: string; phone: string };
}

/**
 * The sell/trade journey's forms (spec sections 3–5 and issue 13), one schema per step and the whole journey as
 * their union:
 * - `vin`: the VIN, with the mileage, ZIP and sell or trade-in;
 * - `choice`: year, make, model and (optional) trim, with the same details;
 * - `answers(step, soFar)`: one questionnaire step's answers, each a `q{questionId}` field, read with the answers
 *   so far;
 * - `contact`: the four contact fields and the form meta;
 * - `offer`: the single POST of the whole journey, `vin` or `year`, `make`, `model`, `trim`, the details, every
 *   answer and the contact fields; its output is a {@link SellOfferPost}.
 * Messages are the spec's: "Enter the {field} of the vehicle.", "Enter a 5-digit ZIP code.", "This field is
 * required", the contact fields' own.
 */
export function createSellJourneySchemas({
  context = defaultFormContext,
  questionnaire = defaultQuestionnaire,
}: SellJourneySchemaOptions = {}) {
  const vehicle = sellVehicleShape(context);
  const detailsShape = {
    mileage: vehicle.mileage,
    zip: zipCodeSchema,
    interest: requiredChoice(SELL_INTERESTS),
  };
  const choiceShape = {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: optionalText(MAX_LENGTH.vehicleTrim),
  };
  const choice = z.object(choiceShape);
  /** One step's post, read with the answers of the steps before it (which decide what the step shows). */
  const answers = (throughStep: number, soFar: Answers = {}) =>
    z.object(answerFieldsShape(questionnaire)).transform((form, ctx) => {
      const read = readAnswerFields(form, ctx, { questionnaire, throughStep, soFar });
      const own = new Set(questionnaire.categories[throughStep]?.questionsIds ?? []);
      return Object.fromEntries(Object.entries(read.answers).filter(([id]) => own.has(id)));
    });

  // Each part is parsed on its own, so one answer lists every problem: zod skips an object's refinements once a
  // field has failed, which would hide the answers' and the vehicle's problems until the rest is right.
  const always = formMeta.extend({
    vin: z.preprocess(blankToUndefined, vinSchema.optional()),
    ...detailsShape,
    ...profileShape,
  });
  const vehicleOf = (form: Record<string, unknown>) =>
    choice.safeParse({ year: form.year, make: form.make, model: form.model, trim: form.trim });
  const offer = z
    .looseObject(answerFieldsShape(questionnaire))
    .superRefine((form, ctx) => {
      const base = always.safeParse(form);
      const issues = [...(base.success ? [] : base.error.issues)];
      // Without a VIN, the year, make and model are required: each missing one says so on its own field.
      if (base.success ? base.data.vin === undefined : blankToUndefined(form.vin) === undefined) {
        const chosen = vehicleOf(form);
        if (!chosen.success) issues.push(...chosen.error.issues);
      }
      for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      readAnswerFields(form, ctx, { questionnaire });
    })
    .transform((form, ctx): SellOfferPost => {
      const base = always.parse(form);
      const { answers } = readAnswerFields(form, ctx, { questionnaire });
      const chosen = base.vin === undefined ? vehicleOf(form).data : undefined;
      return {
        idempotencyKey: base.idempotencyKey,
        website: base.website,
        vehicle: chosen ? { by: "choice", ...chosen, trim: chosen.trim ?? null } : { by: "vin", vin: base.vin ?? "" },
        details: { mileage: base.mileage, zip: base.zip, interest: base.interest },
        answers,
        profile: { firstName: base.firstName, lastName: base.lastName, email: base.email, phone: base.phone },
      };
    });

  return {
    vin: z.object({ vin: vinSchema, ...detailsShape }),
    choice: z.object({ ...choiceShape, ...detailsShape }),
    answers,
    contact: formMeta.extend(profileShape),
    offer,
  };
}

export type SellJourneySchemas = ReturnType<typeof createSellJourneySchemas>;
