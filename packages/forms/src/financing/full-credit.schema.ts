import { z } from "zod";
import { defaultFormContext, type FormContext } from "../fields/context";
import { formMeta } from "../fields/form-meta";
import { isBlankGroup } from "../fields/is-empty";
import { isValidSsn, normalizeSsn, ssnSchema } from "../fields/ssn";
import { commentsSchema, optionalText } from "../fields/text";
import { optionalVinSchema } from "../fields/vin";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";
import {
  APPLICANT_DEFAULTED_KEYS,
  applicantUserSchema,
  employmentHistorySchema,
  residenceHistorySchema,
} from "./applicant";

/** The five steps of the full credit application, in order; every field belongs to exactly one. */
export const FULL_CREDIT_STEPS = ["applicant", "residence", "employment", "coBorrower", "review"] as const;
export type FullCreditStep = (typeof FULL_CREDIT_STEPS)[number];

/** A checkbox: checked posts "yes"; anything else (unchecked posts nothing) is no. */
const checkbox = z.preprocess((value) => value === "yes" || value === "on" || value === true, z.boolean());

/**
 * The co-borrower (optional): their own details, SSN and employment, and residences unless `sameAddress` says they
 * live at the applicant's address. `applying=yes` requires one, `no` ignores whatever the other fields hold, and
 * without the choice (a single POST from elsewhere) a co-borrower left entirely blank is none.
 */
function coBorrowerSchema(context: FormContext) {
  const coBorrower = z
    .object({
      user: applicantUserSchema(context),
      ssn: ssnSchema,
      sameAddress: checkbox,
      residences: residenceHistorySchema.optional(),
      employments: employmentHistorySchema,
    })
    .superRefine((value, ctx) => {
      if (!value.sameAddress && value.residences === undefined) {
        ctx.addIssue({ code: "custom", path: ["residences"], message: MESSAGES.residenceHistory });
      }
    });
  return z.preprocess((value) => {
    if (typeof value !== "object" || value === null) return value;
    const { applying, ...group } = value as Record<string, unknown>;
    if (applying === "no") return undefined;
    if (applying !== "yes" && isBlankGroup(group, [...APPLICANT_DEFAULTED_KEYS, "sameAddress"])) return undefined;
    // Living at the applicant's address, the co-borrower's own address rows (rendered but hidden) are not read.
    return group.sameAddress === "yes" || group.sameAddress === "on" ? { ...group, residences: undefined } : group;
  }, coBorrower.optional());
}

/**
 * The schema of each step, parsed on its own (the JavaScript stepper's checks, and each round trip without it):
 * - applicant: `user.*` (contact fields, middle name, suffix, date of birth), `ssn`, and the `vin` of the car it is
 *   for when the shopper came from one (a hidden field, carried from the first step);
 * - residence: `residences[n].*`, covering two years;
 * - employment: `employments[n].*`, covering two years;
 * - coBorrower: `coBorrower.applying` (yes / no) and `coBorrower.*`, the same parts (`coBorrower.sameAddress=yes`
 *   instead of residences when they live at the applicant's address);
 * - review: `esignConsent=yes` (required), `tcpaConsent=yes` (optional), `vendorName`, `comments` and the form meta.
 */
export function createFullCreditStepSchemas(context: FormContext = defaultFormContext) {
  return {
    applicant: z.object({ user: applicantUserSchema(context), ssn: ssnSchema, vin: optionalVinSchema }),
    residence: z.object({ residences: residenceHistorySchema }),
    employment: z.object({ employments: employmentHistorySchema }),
    coBorrower: z.object({ coBorrower: coBorrowerSchema(context) }),
    review: formMeta.extend({
      esignConsent: z.literal("yes", { error: MESSAGES.esignConsent }),
      tcpaConsent: checkbox,
      vendorName: optionalText(MAX_LENGTH.vendorName),
      comments: commentsSchema,
    }),
  } as const;
}

/** The step a posted field belongs to (`residences[1].city` → residence), so a message can send the shopper there. */
export function fullCreditStepOf(field: string): FullCreditStep {
  const head = field.split(/[.[]/)[0] ?? "";
  if (head === "user" || head === "ssn" || head === "vin") return "applicant";
  if (head === "residences") return "residence";
  if (head === "employments") return "employment";
  if (head === "coBorrower") return "coBorrower";
  return "review";
}

/** Every step's fields in one object: the whole is the union of the steps, never a second definition. */
function allSteps(context: FormContext) {
  const steps = createFullCreditStepSchemas(context);
  return steps.review
    .extend(steps.applicant.shape)
    .extend(steps.residence.shape)
    .extend(steps.employment.shape)
    .extend(steps.coBorrower.shape);
}

function bothSsnsReadable(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const application = value as { ssn?: unknown; coBorrower?: { ssn?: unknown } };
  return isValidSsn(application.ssn) && isValidSsn(application.coBorrower?.ssn);
}

/**
 * The full credit application (lead FULL_CREDIT_APP, spec section 3), the whole of its five steps: the applicant's
 * `user`, `ssn`, `residences` and `employments` each covering two years, an optional `coBorrower` with the same
 * structure, the E-SIGN consent, the optional TCPA consent, `vendorName`, the VIN and comments. Applicants must be 18
 * on the context's today, and a co-borrower's SSN must differ from the applicant's. A co-borrower at the applicant's
 * address has `sameAddress: true` and no residences of their own.
 */
export function createFullCreditApplicationSchema(context: FormContext = defaultFormContext) {
  return allSteps(context).superRefine(
    (application, ctx) => {
      const coBorrowerSsn = application.coBorrower?.ssn;
      if (coBorrowerSsn !== undefined && normalizeSsn(coBorrowerSsn) === normalizeSsn(application.ssn)) {
        ctx.addIssue({ code: "custom", path: ["coBorrower", "ssn"], message: MESSAGES.coBorrowerSsn });
      }
    },
    // Compare as soon as both numbers are readable, whatever else is still wrong.
    { when: (payload) => bothSsnsReadable(payload.value) },
  );
}

/** The full credit application on the real clock. */
export const fullCreditApplicationSchema = createFullCreditApplicationSchema();

export type FullCreditApplicationInput = z.input<ReturnType<typeof allSteps>>;
export type FullCreditApplication = z.output<typeof fullCreditApplicationSchema>;
