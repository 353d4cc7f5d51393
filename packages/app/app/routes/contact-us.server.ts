import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { contactLeadKind, contactSchema, INQUIRY_TOPICS, inquiryTopicLabel, isHoneypotFilled } from "@showroom/forms";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { data, redirect } from "react-router";
import { readCookie } from "../content/cookies.server";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";

/** What the contact form needs to render: the seven topics and a fresh idempotency key for this render. */
export function contactForm() {
  return {
    idempotencyKey: randomUUID(),
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
  const success = (headers: Headers) => {
    headers.append("Set-Cookie", flashCookie({ key: "contact.success" }));
    return redirect("/contact-us", { status: 303, headers });
  };
  if (isHoneypotFilled(formData)) return success(new Headers());

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), failed: false }, { status: 400 });
  }
  const form = submission.value;
  const headers = new Headers();
  const visitor = await site.cookies.identify(request);
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  try {
    const { created, setAdfLeadCookie } = await recordLead(
      site.services.db,
      {
        idempotencyKey: form.idempotencyKey,
        storeId: site.store.id,
        visitorId: visitor.visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        lead: {
          kind: contactLeadKind(form.topic),
          user: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
          text: `${inquiryTopicLabel(form.topic)}\n\n${form.message}`,
        },
      },
      { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
    );
    if (created) site.services.nudgeRelay();
    if (setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  } catch (error) {
    logError("contact: the lead could not be recorded", error);
    return data(
      {
        result: submission.reply({ formErrors: [t("toasts.contact.error.detail")] }),
        failed: true,
      },
      { status: 503, headers },
    );
  }
  return success(headers);
}
