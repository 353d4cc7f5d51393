import { parseWithZod } from "@conform-to/zod/v4";
import { contactLeadKind, contactSchema, INQUIRY_TOPICS, inquiryTopicLabel, isHoneypotFilled } from "@showroom/forms";
import { readFormData } from "../content/form-data.server";
import { honeypotSuccess, leadFormView, submitLeadForm } from "../content/lead-form.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";

const SUCCESS = { path: "/contact-us", toast: { key: "contact.success" } };

/** What the contact form needs to render: the seven topics, a fresh idempotency key, a known visitor's details. */
export async function contactForm(site: Site) {
  return {
    ...(await leadFormView(site)),
    topics: INQUIRY_TOPICS.map((topic) => ({ value: String(topic.id), label: topic.label })),
  };
}

/**
 * The contact form's action. Bad input answers 400 with field errors in the spec's words and writes nothing; a good
 * submission is a lead, written with its outbox row before the shopper is told it was sent (303 to the page, which
 * shows the "Message sent!" toast). A bot that fills the honeypot sees the same success and leaves nothing behind.
 */
export async function submitContact(site: Site, request: Request) {
  const formData = await readFormData(request);
  if (isHoneypotFilled(formData)) return honeypotSuccess(SUCCESS.path, SUCCESS.toast);
  return submitLeadForm(site, request, {
    submission: parseWithZod(formData, { schema: contactSchema }),
    idempotencyKey: (form) => form.idempotencyKey,
    lead: (form) => ({
      kind: contactLeadKind(form.topic),
      user: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
      text: `${inquiryTopicLabel(form.topic)}\n\n${form.message}`,
    }),
    successPath: SUCCESS.path,
    successToast: SUCCESS.toast,
    failureMessage: t("toasts.contact.error.detail"),
    logLabel: "contact",
  });
}
