import { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { optionalText, requiredText } from "../fields/text";
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
  // The name is never used to store the file (it gets a generated one), but one with path parts or control
  // characters comes from no browser's file picker: refused, so it never reaches a mail client either.
  .refine((file) => isPlainFileName(file.name), { error: MESSAGES.resumeName, abort: true })
  .refine(async (file) => (await detectResumeKind(file)) !== null, { error: MESSAGES.resumeType });

/**
 * A file name as a file picker sends it: one segment (no `/` or `\\`, not `.` or `..`), no control characters, at
 * most 255 characters. An empty name is left to the required check.
 */
export function isPlainFileName(name: string): boolean {
  if (name.length > 255 || name === "." || name === "..") return false;
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || char === "/" || char === "\\") return false;
  }
  return true;
}

/**
 * Careers (spec section 7, lead CAREERS): the four contact fields, the position applied for (an opening's id, or the
 * general application), an optional message and the résumé. `positions` are the ids the page offers; the app passes
 * the openings it shows.
 */
export function createCareersSchema(positions: readonly [string, ...string[]]) {
  return formMeta.extend({
    ...profileShape,
    position: requiredText(MAX_LENGTH.position, MESSAGES.choice).refine((id) => positions.includes(id), {
      error: MESSAGES.choice,
    }),
    message: optionalText(MAX_LENGTH.message),
    resume: resumeFileSchema,
  });
}

/** The careers form with any position id: for a consumer that checks positions itself. */
export const careersSchema = formMeta.extend({
  ...profileShape,
  position: requiredText(MAX_LENGTH.position, MESSAGES.choice),
  message: optionalText(MAX_LENGTH.message),
  resume: resumeFileSchema,
});

export type CareersInput = z.input<typeof careersSchema>;
export type CareersSubmission = z.output<typeof careersSchema>;
