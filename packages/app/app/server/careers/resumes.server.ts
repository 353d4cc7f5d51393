import { randomUUID } from "node:crypto";
import { RESUME_MIME_TYPES, type ResumeKind } from "@showroom/forms";
import { type LeadAttachment, leadSchema } from "@showroom/rules/leads";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Keyring, openJson, sealJson } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import { resumes } from "../db/schema.server";
import type { LeadTransaction } from "../leads/record-lead.server";
import { PermanentMailError } from "../mail/errors";
import type { MailAttachment } from "../mail/transport.server";

/** Binds a sealed résumé to its row: copied into another row, it no longer opens. */
export const resumeAad = (id: string) => `resumes:${id}`;

/** What is sealed: the file as checked and the name the applicant gave it (for the staff desk, never for storage). */
const sealedResumeSchema = z.object({ fileName: z.string(), data: z.string() });

/** A checked résumé about to be kept: its generated id (its stored name) and the lead's reference to it. */
export interface PreparedResume {
  readonly id: string;
  readonly kind: ResumeKind;
  readonly bytes: Uint8Array;
  readonly fileName: string;
  /** What the lead carries: the id, a name of our making, the type its content proved. */
  readonly attachment: LeadAttachment;
}

export function prepareResume(kind: ResumeKind, bytes: Uint8Array, fileName: string): PreparedResume {
  const id = randomUUID();
  return {
    id,
    kind,
    bytes,
    fileName,
    attachment: {
      id,
      fileName: `resume.${kind}`,
      contentType: RESUME_MIME_TYPES[kind] as LeadAttachment["contentType"],
    },
  };
}

/** Writes the sealed résumé in the lead's transaction (`alsoWrite`), so the lead never names a file that is not kept. */
export async function saveResume(tx: LeadTransaction, keyring: Keyring, leadId: string, resume: PreparedResume) {
  const sealed = sealJson(
    keyring,
    { fileName: resume.fileName, data: Buffer.from(resume.bytes).toString("base64") },
    resumeAad(resume.id),
  );
  await tx.insert(resumes).values({
    id: resume.id,
    leadId,
    kind: resume.kind,
    byteSize: resume.bytes.byteLength,
    keyId: sealed.keyId,
    wrappedKey: Buffer.from(sealed.wrappedKey),
    sealed: Buffer.from(sealed.sealed),
  });
}

/**
 * The relay's attachments: the files a stored lead names, opened from their sealed rows. A missing or unreadable
 * file is permanent: retrying cannot bring it back, and the lead must not go out without it.
 */
export function resumeAttachments(db: Db, keyring: Keyring) {
  return async (payload: unknown): Promise<readonly MailAttachment[]> => {
    const parsed = leadSchema.safeParse(payload);
    const wanted = parsed.success ? (parsed.data.attachments ?? []) : [];
    const files: MailAttachment[] = [];
    for (const attachment of wanted) {
      const [row] = await db.select().from(resumes).where(eq(resumes.id, attachment.id));
      if (!row) throw new PermanentMailError(`The lead's attachment ${attachment.id} is not kept`);
      let opened: z.infer<typeof sealedResumeSchema>;
      try {
        opened = sealedResumeSchema.parse(openJson(keyring, row, resumeAad(row.id)));
      } catch (error) {
        throw new PermanentMailError(
          `The lead's attachment ${attachment.id} cannot be opened: ${(error as Error).name}`,
        );
      }
      files.push({
        filename: attachment.fileName,
        contentType: attachment.contentType,
        content: Buffer.from(opened.data, "base64"),
      });
    }
    return files;
  };
}
