import { parseWithZod } from "@conform-to/zod/v4";
import { isHoneypotFilled, type LeadFormKind, popupLeadSchema } from "@showroom/forms";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { data } from "react-router";
import { readFormData } from "../content/form-data.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";
import { readCookie } from "../cookies";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { sendVisitorCookie } from "../server/visitor.server";
import { saveVisitor } from "../server/visitor-state.server";

/** The email templates a popup may name (`submitted.EMAIL`) that this action can send: the lead kind of each. */
const POPUP_LEAD_KINDS: Readonly<Record<string, LeadFormKind>> = { UNLOCK_PRICE: "UNLOCK_PRICE" };

/**
 * A popup form's lead (spec sections 3 and 7), posted by the popup runtime: the server-form pattern of FORMS.md.
 * Bad input answers 400 with the reply and writes nothing; which lead it becomes is the popup's own config (its
 * `submitted.EMAIL`), so a popup that is not the visitor's, or names no lead, is refused. A good submission writes
 * the lead, its outbox row and the visitor's profile (a complete one stamps the price unlock) in one transaction,
 * and only then answers `ok`; a failed write is logged and answers 503 with the form's error.
 */
export async function submitPopupLead(site: Site, request: Request) {
  const formData = await readFormData(request);
  if (isHoneypotFilled(formData)) return data({ ok: true as const });
  const submission = parseWithZod(formData, { schema: popupLeadSchema });
  if (submission.status !== "success") {
    return data({ ok: false as const, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const popup = site.experiments.popups.find((p) => p.id === value.popupId);
  const kind = POPUP_LEAD_KINDS[popup?.submitted?.EMAIL ?? ""];
  if (!popup || !kind) {
    return data(
      { ok: false as const, result: submission.reply({ formErrors: [t("errors.http.expiredForm")] }) },
      { status: 400 },
    );
  }
  const headers = new Headers();
  const visitor = site.visitor;
  await sendVisitorCookie(visitor, headers);
  const user = { firstName: value.firstName, lastName: value.lastName, email: value.email, phone: value.phone };
  try {
    const { created, setAdfLeadCookie } = await recordLead(
      site.services.db,
      {
        idempotencyKey: value.idempotencyKey,
        storeId: site.store.id,
        visitorId: visitor.visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        lead: {
          kind,
          user,
          text: [`Sent from the popup “${popup.component.data?.title ?? popup.id}”.`, value.vin && `VIN ${value.vin}`]
            .filter(Boolean)
            .join("\n"),
        },
        alsoWrite: async (tx) => {
          await saveVisitor(tx, { visitorId: visitor.visitorId, profile: user });
        },
        ...(popup.submitted?.track ? { alsoTrack: popup.submitted.track } : {}),
      },
      { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
    );
    if (created) site.services.nudgeRelay();
    if (setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  } catch (error) {
    logError("popup lead: the lead could not be recorded", error);
    return data(
      { ok: false as const, result: submission.reply({ formErrors: [t("toasts.unlockPrice.error.detail")] }) },
      { status: 503, headers },
    );
  }
  return data({ ok: true as const }, { headers });
}
