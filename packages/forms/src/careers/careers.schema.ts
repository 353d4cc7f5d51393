import { z } from "zod";
import { emailSchema, phoneSchema } from "../fields/contact-fields";
import { formMeta } from "../fields/form-meta";
import { requiredText } from "../fields/text";
import { MAX_LENGTH, RESUME_LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { detectResumeKind } from "./resume-file";

/**
 * The résumé upload: a PDF or DOCX of at most 5 MB, recognised by its content. The content check reads the file, so
 * this schema (and every schema holding it) must be parsed asynchronously: `safeParseAsync`, or `parseWithZod(…,
 * { async: true })`. A synchronous parse throws.
 */
export const resumeFileSchema = z
  .file({ error: MESSAGES.resumeRequired })
  .min(1, { error: MESSAGES.resumeRequired, abort: true })
  .max(RESUME_LIMITS.maxBytes, { error: MESSAGES.resumeSize, abort: true })
  .refine(async (file) => (await detectResumeKind(file)) !== null, { error: MESSAGES.resumeType });

/** Careers (spec section 7, lead CAREERS): name, email, phone, the position applied for and a résumé. */
export const careersSchema = formMeta.extend({
  name: requiredText(MAX_LENGTH.fullName),
  email: emailSchema,
  phone: phoneSchema,
  position: requiredText(MAX_LENGTH.position),
  resume: resumeFileSchema,
});

export type CareersInput = z.input<typeof careersSchema>;
export type CareersSubmission = z.output<typeof careersSchema>;
