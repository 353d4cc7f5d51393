import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  applyFinancingSchema,
  hasPaymentEstimate,
  isHoneypotFilled,
  MESSAGES,
  readPaymentEstimateChoices,
  US_STATES,
} from "@showroom/forms";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { data, redirect } from "react-router";
import { estimateSummary, estimatorView } from "../content/financing.server";
import { readFormData } from "../content/form-data.server";
import { rowPath, type VehicleRow, vehicleByVin } from "../content/inventory.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { storeView } from "../content/shell.server";
import { shopperNumbersCookie } from "../content/shopper-numbers.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import { readCookie } from "../cookies";
import {
  applicationReceipt,
  newApplicationReference,
  recordFinanceApplication,
} from "../server/financing/applications.server";
import { leadVehicleFromRow } from "../server/leads/lead-vehicle.server";
import { ADF_LEAD_SET_COOKIE } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { isVerifiedPhone } from "../server/phone-verification/phone-verification.server";
import { sendVisitorCookie } from "../server/visitor.server";
import { newVisitor, readVisitor, saveVisitor, type VisitorState } from "../server/visitor-state.server";
import { phoneValidation } from "./phone-validation.server";

const PRE_APPROVAL_PATH = "/auto-financing/apply-for-financing";

/** Where a phone stands on the page: nothing sent yet, a code sent, or verified. */
export interface VerificationView {
  state: "idle" | "sent" | "verified";
  /** The phone the state is about, as the shopper typed it. */
  phone: string;
  /** Plain server text to show: the code went out, or why not. */
  message: string | null;
  error: string | null;
  field: "phone" | "code" | null;
}

/** A car from a vehicle page's link (`?vin=`), when it is listed and visible to this visitor. */
async function financedVehicle(site: Site, vin: string | null, visitor: VisitorState): Promise<VehicleRow | null> {
  if (!vin || !/^[A-HJ-NPR-Z0-9]{17}$/i.test(vin)) return null;
  const row = await vehicleByVin(site.services.db, vin, site.settings.vehicleConditions);
  if (row?.status !== "available" || (row.private && !visitor.inventoryUnlocked)) return null;
  return row;
}

function vehicleView(row: VehicleRow) {
  return {
    vin: row.vin,
    title: [row.year, row.make, row.model, row.trim].filter(Boolean).join(" "),
    href: rowPath(row),
  };
}

/** The estimate a link from the estimator carries, as the page states it. */
function estimateView(params: URLSearchParams) {
  if (!hasPaymentEstimate(params)) return null;
  const view = estimatorView(params);
  return { choices: view.choices, estimate: view.estimate };
}

/**
 * The pre-approval page's data: the visitor's saved details to prefill, whether their phone is already verified,
 * the car and the estimate a link brought, and, after a submission, the receipt of this visitor's application.
 */
export async function preApprovalPage(site: Site, request: Request) {
  requirePage(site, request, "auto-financing-apply-for-financing");
  const url = new URL(request.url);
  const visitor = await readVisitor(site.services.db, site.visitor);
  const received = url.searchParams.get("received");
  const receipt = received ? await applicationReceipt(site.services.db, received, visitor.visitorId) : null;
  const row = await financedVehicle(site, url.searchParams.get("vin"), visitor);
  const phone = visitor.profile.phone ?? "";
  return {
    seo: pageSeo(site, request, "auto-financing-apply-for-financing"),
    texts: { landing: { eyebrow: t("financing.landing.eyebrow") }, apply: tree("financing.apply") },
    forms: {
      fields: tree("forms.fields"),
      hints: tree("forms.hints"),
      phoneVerification: tree("forms.phoneVerification"),
    },
    store: storeView(site.store),
    receipt: receipt && { reference: receipt.reference, firstName: receipt.firstName },
    vehicle: row && vehicleView(row),
    estimate: estimateView(url.searchParams),
    states: US_STATES.map((s) => ({ value: s.code, label: s.name })),
    verificationRequired: site.settings.phoneVerification.enabled,
    values: {
      firstName: visitor.profile.firstName,
      lastName: visitor.profile.lastName,
      email: visitor.profile.email,
      phone,
    } as Record<string, string | undefined>,
    verification: {
      state: phone && isVerifiedPhone(visitor.phoneVerified ?? undefined, phone) ? "verified" : "idle",
      phone,
      message: null,
      error: null,
      field: null,
    } satisfies VerificationView as VerificationView,
    idempotencyKey: randomUUID(),
  };
}

type FieldErrors = Record<string, string[] | null>;

/** The posted fields to show again: never the honeypot. */
function shownValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "website") values[key] = value;
  return values;
}

/** What the page renders after a post that did not end in the receipt. */
export interface PreApprovalRefusal {
  errors: FieldErrors;
  values: Record<string, string>;
  verification: VerificationView | null;
  failed: boolean;
}

function refused(status: number, body: PreApprovalRefusal, headers: Headers) {
  return data(body, { status, headers });
}

/**
 * The pre-approval's action. `intent=send-code` and `intent=verify-code` are the phone verification's steps without
 * JavaScript (the same server code as POST /api/customer/phoneValidation). The submit needs the phone verified by
 * this visitor first (when the settings ask for it): otherwise 400 and nothing is stored. A good submission is the
 * APPLY_FINANCING lead, its outbox row, the sealed application and the visitor's profile in ONE transaction, then
 * 303 to the receipt.
 */
export async function submitPreApproval(site: Site, request: Request, clientIp: string) {
  requirePage(site, request, "auto-financing-apply-for-financing");
  const form = await readFormData(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const intent = form.get("intent");
  if (intent === "send-code" || intent === "verify-code") {
    const outcome = await phoneValidation(
      site,
      {
        type: intent === "send-code" ? "phone-validation" : "code-verification",
        phone: form.get("phone") ?? "",
        code: form.get("code") ?? "",
        website: form.get("website") ?? "",
      },
      clientIp,
    );
    if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
    const verification: VerificationView = {
      state: outcome.verified ? "verified" : intent === "verify-code" || outcome.answer.success ? "sent" : "idle",
      phone: String(form.get("phone") ?? ""),
      message: outcome.answer.message ?? null,
      error: outcome.answer.error ?? null,
      field: outcome.answer.field ?? null,
    };
    const values = shownValues(form);
    delete values.code;
    return refused(outcome.status, { errors: {}, values, verification, failed: false }, headers);
  }
  if (isHoneypotFilled(form)) return redirect(PRE_APPROVAL_PATH, { status: 303, headers });

  const submission = parseWithZod(form, { schema: applyFinancingSchema });
  if (submission.status !== "success") {
    const errors = (submission.reply().error ?? {}) as FieldErrors;
    return refused(400, { errors, values: shownValues(form), verification: null, failed: false }, headers);
  }
  const value = submission.value;
  const identity = site.visitor;
  await sendVisitorCookie(identity, headers);
  const visitor = identity.known ? await readVisitor(site.services.db, identity) : newVisitor(identity.visitorId);
  if (site.settings.phoneVerification.enabled && !isVerifiedPhone(visitor.phoneVerified ?? undefined, value.phone)) {
    return refused(
      400,
      { errors: { phone: [MESSAGES.phoneNotVerified] }, values: shownValues(form), verification: null, failed: false },
      headers,
    );
  }
  const row = await financedVehicle(site, value.vin ?? null, visitor);
  const estimate = hasPaymentEstimate(form) ? readPaymentEstimateChoices(form) : null;
  const reference = newApplicationReference("pre-approval");
  const contact = { firstName: value.firstName, lastName: value.lastName, email: value.email, phone: value.phone };
  try {
    const recorded = await recordFinanceApplication(
      site.services.db,
      site.services.keyring,
      {
        kind: "pre-approval",
        reference,
        idempotencyKey: value.idempotencyKey,
        storeId: row?.storeId ?? site.store.id,
        visitorId: visitor.visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        contact,
        lead: {
          kind: "APPLY_FINANCING",
          user: contact,
          text: [
            "Instant pre-approval request. The home address is with the application in the finance desk.",
            estimate ? estimateSummary(estimate) : null,
            value.comments ? `Comments: ${value.comments}` : null,
          ]
            .filter(Boolean)
            .join("\n"),
          ...(row
            ? {
                vehicle: leadVehicleFromRow(
                  site.origin,
                  row,
                  estimate ? { method: "finance", amount: estimate.cashDown, amountType: "downpayment" } : undefined,
                ),
              }
            : {}),
        },
        personal: { address: value.address, comments: value.comments ?? null, estimate, vin: row?.vin ?? null },
        alsoWrite: (tx) =>
          saveVisitor(tx, { visitorId: visitor.visitorId ?? identity.visitorId, profile: contact }).then(() => {}),
      },
      { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
    );
    if (recorded.created) site.services.nudgeRelay();
    if (recorded.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
    // The estimate's numbers become every payment's on the site, where functional consent lets them be kept (ADR 375).
    const numbers = estimate ? shopperNumbersCookie(request, site.settings, estimate) : null;
    if (numbers) headers.append("Set-Cookie", numbers);
    // The car goes along, so the receipt's "Start full application" carries it to the next lead too (ADR 332).
    const receipt = new URLSearchParams({ received: recorded.reference, ...(row ? { vin: row.vin } : {}) });
    return redirect(`${PRE_APPROVAL_PATH}?${receipt}`, { status: 303, headers });
  } catch (error) {
    logError("pre-approval: the application could not be recorded", error);
    return refused(503, { errors: {}, values: shownValues(form), verification: null, failed: true }, headers);
  }
}
