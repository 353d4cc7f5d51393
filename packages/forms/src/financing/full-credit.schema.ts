import { z } from "zod";
import { optionalGroup } from "../fields/address";
import { defaultFormContext, type FormContext } from "../fields/context";
import { formMeta } from "../fields/form-meta";
import { isValidSsn, normalizeSsn } from "../fields/ssn";
import { commentsSchema, optionalText } from "../fields/text";
import { optionalVinSchema } from "../fields/vin";
import { MAX_LENGTH } from "../limits";
import { MESSAGES } from "../messages";
import { APPLICANT_DEFAULTED_KEYS, applicantShape } from "./applicant";

/**
 * The full credit application (lead FULL_CREDIT_APP, spec section 3): the applicant's `user` (contact fields plus
 * middleName, suffix, dateOfBirth), `ssn`, `residences` and `employments` each covering two years, an optional
 * `coBorrower` with the same structure (left entirely blank means none), an optional `vendorName`, and the VIN and
 * comments. Applicants must be 18 on the context's today.
 */
export function createFullCreditApplicationSchema(context: FormContext = defaultFormContext) {
  const applicant = z.object(applicantShape(context));
  return formMeta
    .extend({
      ...applicantShape(context),
      coBorrower: optionalGroup(applicant, APPLICANT_DEFAULTED_KEYS),
      vendorName: optionalText(MAX_LENGTH.vendorName),
      vin: optionalVinSchema,
      comments: commentsSchema,
    })
    .superRefine(
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

function bothSsnsReadable(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const application = value as { ssn?: unknown; coBorrower?: { ssn?: unknown } };
  return isValidSsn(application.ssn) && isValidSsn(application.coBorrower?.ssn);
}

/** The full credit application on the real clock. */
export const fullCreditApplicationSchema = createFullCreditApplicationSchema();

export type FullCreditApplicationInput = z.input<typeof fullCreditApplicationSchema>;
export type FullCreditApplication = z.output<typeof fullCreditApplicationSchema>;
