import { parseWithZod } from "@conform-to/zod/v4";
import type { Careers } from "@showroom/fixtures";
import { createCareersSchema, isHoneypotFilled, MESSAGES } from "@showroom/forms";
import { data } from "react-router";
import { readFormData } from "../content/form-data.server";
import { honeypotSuccess, leadFormView, submitLeadForm } from "../content/lead-form.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";
import { inspectResume } from "../server/careers/resume-check.server";
import { prepareResume, saveResume } from "../server/careers/resumes.server";
import { logInfo } from "../server/log.server";

const PATH = "/our-company/careers";
const SUCCESS_TOAST = { key: "careers.success" };
/** The position of an application sent without an opening in mind. */
export const GENERAL_APPLICATION = "general";

/** The positions the form offers: each opening, then the general application. */
function careerPositions(site: Site, careers: Careers) {
  const storeName = (id: string) => site.stores.find((s) => s.id === id)?.dealer.name;
  return [
    ...careers.openings.map((opening) => ({
      value: opening.id,
      label: [opening.title, storeName(opening.location)].filter(Boolean).join(" · "),
    })),
    { value: GENERAL_APPLICATION, label: t("careers.generalApplication") },
  ];
}

/** What the form renders with: a key, a known visitor's details, the positions and the one a link chose. */
export async function careersForm(site: Site, request: Request) {
  const positions = careerPositions(site, site.content.careers);
  const chosen = new URL(request.url).searchParams.get("position");
  return {
    ...(await leadFormView(site)),
    positions,
    position: positions.some((p) => p.value === chosen) ? chosen : null,
  };
}

/**
 * The careers form's action (lead CAREERS), `multipart/form-data` with the résumé: the schema checks the fields,
 * the file's name, size and kind; the server then looks inside the file (`inspectResume`). A refused form answers
 * 400 with the spec's "Oops! …" and each field's own message, and writes nothing. A good one is the lead, its outbox
 * row and the résumé sealed under a generated name, in one transaction; the relay attaches the file to the email.
 */
export async function submitCareers(site: Site, request: Request) {
  const formData = await readFormData(request);
  if (isHoneypotFilled(formData)) return honeypotSuccess(PATH, SUCCESS_TOAST);
  const positions = careerPositions(site, site.content.careers);
  const ids = positions.map((p) => p.value) as [string, ...string[]];
  const submission = await parseWithZod(formData, { schema: createCareersSchema(ids), async: true });
  const refusal = t("toasts.careers.error.detail");
  let resume: ReturnType<typeof prepareResume> | null = null;
  if (submission.status === "success") {
    const file = submission.value.resume;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const verdict = inspectResume(bytes);
    if (!verdict.ok) {
      // What in the file's structure was refused, for an operator asked why. Never the file's name; the reason quotes
      // at most an unknown PDF keyword (20 characters), never the résumé's text.
      logInfo(`careers: a résumé of ${bytes.byteLength} bytes was refused (${verdict.reason})`);
      const reply = submission.reply({ formErrors: [refusal], fieldErrors: { resume: [MESSAGES.resumeUnsafe] } });
      return data({ result: reply, failed: false }, { status: 400 });
    }
    resume = prepareResume(verdict.kind, bytes, file.name);
  }
  const kept = resume;
  return submitLeadForm(site, request, {
    submission,
    refusalMessage: refusal,
    idempotencyKey: (form) => form.idempotencyKey,
    lead: (form) => {
      const position = positions.find((p) => p.value === form.position)?.label ?? form.position;
      return {
        kind: "CAREERS",
        user: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
        text: [
          `Application for: ${position}`,
          form.message,
          kept ? `Resume attached: ${kept.attachment.fileName}` : null,
        ]
          .filter(Boolean)
          .join("\n\n"),
        ...(kept ? { attachments: [kept.attachment] } : {}),
      };
    },
    alsoWrite: async (tx, lead) => {
      if (kept) await saveResume(tx, site.services.keyring, lead.id, kept);
    },
    successPath: PATH,
    successToast: SUCCESS_TOAST,
    failureMessage: t("careers.saveFailed"),
    logLabel: "careers",
  });
}
