import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import { ADF_LEAD_COOKIE, type Lead } from "@showroom/rules/leads";
import { data, redirect } from "react-router";
import { readCookie } from "../cookies";
import {
  ADF_LEAD_SET_COOKIE,
  type LeadContent,
  type LeadTransaction,
  recordLead,
} from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { sendVisitorCookie } from "../server/visitor.server";
import { readVisitor } from "../server/visitor-state.server";
import { type FlashToast, flashCookie } from "./flash.server";
import type { Site } from "./site.server";

/** The contact fields a known visitor has given before, to show again in a new form (FORMS.md: prefilled when known). */
async function profileValues(site: Site): Promise<Record<string, string | undefined>> {
  const { profile } = await readVisitor(site.services.db, site.visitor);
  return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone };
}

/** What a single-step lead form renders with: a fresh idempotency key and the visitor's own details. */
export async function leadFormView(site: Site) {
  return { idempotencyKey: randomUUID(), profile: await profileValues(site) };
}

export interface LeadFormSubmit<Value> {
  /** What the schema made of the form (Conform's parseWithZod, sync or async). */
  submission: Submission<unknown, string[], Value>;
  /** The lead of a good submission; may throw nothing but programming errors. */
  lead(value: Value): LeadContent;
  /** Where the shopper lands after the 303, and the toast shown there. */
  successPath: string;
  successToast: FlashToast;
  /** The form's message when the lead cannot be written (the spec's error text of this form). */
  failureMessage: string;
  /** A form-level message on a refused submission too (careers: the spec's "Oops! …" above the field messages). */
  refusalMessage?: string;
  /** For the log: which form failed (never what the shopper typed). */
  logLabel: string;
  /** More writes that must land with the lead (the résumé's sealed file), inside its transaction. */
  alsoWrite?: (tx: LeadTransaction, lead: Lead) => Promise<void>;
  /** The key the form carried: a second submit with it finds the first lead and writes nothing. */
  idempotencyKey(value: Value): string;
}

/**
 * The server half of every single-step lead form (contact, staff message, careers): a refused submission answers
 * 400 with the reply (values and messages, focus on the first invalid field) and writes nothing; a good one is the
 * lead and its outbox row in one transaction (with `alsoWrite`), then 303 with a flash toast. A failed write is
 * logged without personal data and answers 503 with the form and `failureMessage`.
 */
export async function submitLeadForm<Value>(site: Site, request: Request, form: LeadFormSubmit<Value>) {
  const { submission } = form;
  if (submission.status !== "success") {
    const reply = submission.reply(form.refusalMessage ? { formErrors: [form.refusalMessage] } : undefined);
    return data({ result: reply, failed: false }, { status: 400 });
  }
  const value = submission.value;
  const headers = new Headers();
  const visitor = site.visitor;
  await sendVisitorCookie(visitor, headers);
  try {
    const { created, setAdfLeadCookie } = await recordLead(
      site.services.db,
      {
        idempotencyKey: form.idempotencyKey(value),
        storeId: site.store.id,
        visitorId: visitor.visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        lead: form.lead(value),
        ...(form.alsoWrite ? { alsoWrite: form.alsoWrite } : {}),
      },
      { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
    );
    if (created) site.services.nudgeRelay();
    if (setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  } catch (error) {
    logError(`${form.logLabel}: the lead could not be recorded`, error);
    return data(
      { result: submission.reply({ formErrors: [form.failureMessage] }), failed: true },
      { status: 503, headers },
    );
  }
  headers.append("Set-Cookie", flashCookie(form.successToast));
  return redirect(form.successPath, { status: 303, headers });
}

/** The answer to a bot that filled the honeypot: the same success a shopper sees, and nothing written. */
export function honeypotSuccess(successPath: string, successToast: FlashToast) {
  return redirect(successPath, { status: 303, headers: { "Set-Cookie": flashCookie(successToast) } });
}
