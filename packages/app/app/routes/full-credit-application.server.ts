import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  createFullCreditApplicationSchema,
  creditApplicationValidator,
  eventForIntent,
  type FlatValues,
  flat,
  fullCreditStepOf,
  HOUSING_STATUSES,
  INCOME_TYPES,
  isHoneypotFilled,
  keepSsns,
  NAME_SUFFIXES,
  postedValues,
  ssnLast4,
  stepFields,
  TCPA_DISCLAIMER,
  US_STATES,
  withoutSsns,
} from "@showroom/forms";
import {
  type CreditApplicationStep,
  createCreditApplicationMachine,
  creditApplicationStep,
  mergedAnswers,
  resumeCreditApplication,
  type StepErrors,
} from "@showroom/rules/credit-application";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { data, redirect } from "react-router";
import { createActor, fromPromise, waitFor } from "xstate";
import { z } from "zod";
import type { CreditFormView } from "../components/financing/credit-application/credit-form";
import { reviewSections } from "../components/financing/credit-application/review";
import { readFormData } from "../content/form-data.server";
import { vehicleByVin } from "../content/inventory.server";
import { pageSeo, requirePage } from "../content/seo.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import { readCookie } from "../cookies";
import {
  applicationReceipt,
  newApplicationReference,
  recordFinanceApplication,
} from "../server/financing/applications.server";
import { deleteDraft, readDraft, saveDraft } from "../server/financing/drafts.server";
import { leadVehicleFromRow } from "../server/leads/lead-vehicle.server";
import { ADF_LEAD_SET_COOKIE } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { sendVisitorCookie } from "../server/visitor.server";
import { saveVisitor } from "../server/visitor-state.server";

const FULL_CREDIT_PATH = "/auto-financing/full-credit-application";

const machine = createCreditApplicationMachine(creditApplicationValidator());

function texts() {
  return {
    fullCredit: tree("financing.fullCredit"),
    forms: {
      fields: tree("forms.fields"),
      hints: tree("forms.hints"),
      buttons: tree("forms.buttons"),
      errorSummary: tree("forms.errorSummary"),
    },
  };
}

function stepTitles(): Record<CreditApplicationStep, string> {
  const steps = tree("financing.fullCredit.steps") as Record<CreditApplicationStep, string>;
  return { ...steps };
}

function options() {
  return {
    suffixes: NAME_SUFFIXES.map((s) => ({ value: s, label: s })),
    housing: HOUSING_STATUSES.map((h) => ({ value: h.value, label: h.label })),
    incomeTypes: INCOME_TYPES.map((i) => ({ value: i.value, label: i.label })),
    states: US_STATES.map((s) => ({ value: s.code, label: s.name })),
  };
}

/** The view of a step from its answers (SSNs never leave the server, only their last four digits). */
function formView(
  step: CreditApplicationStep,
  answers: FlatValues,
  errors: StepErrors | null,
  failure: string | null,
): CreditFormView {
  return {
    step,
    values: withoutSsns(answers),
    errors: errors && Object.keys(errors).length > 0 ? errors : null,
    ssnKept: { applicant: ssnLast4(answers.ssn), coBorrower: ssnLast4(answers["coBorrower.ssn"]) },
    review:
      step === "review"
        ? reviewSections(answers, { fields: tree("forms.fields"), review: tree("financing.fullCredit.review") })
        : null,
    failure,
    idempotencyKey: answers.idempotencyKey ?? randomUUID(),
  };
}

/**
 * The page's data: the receipt after a submission (for this visitor's application only); otherwise the step the
 * visitor's draft is on without JavaScript (`mode: "server"`), or the first step for the browser's stepper
 * (`mode: "client"`, nothing kept on the server until the one submit).
 */
export async function fullCreditPage(site: Site, request: Request) {
  requirePage(site, request, "auto-financing-full-credit-application");
  const url = new URL(request.url);
  const known = site.visitor.known ? site.visitor.visitorId : null;
  const received = url.searchParams.get("received");
  const receipt = received ? await applicationReceipt(site.services.db, received, known) : null;
  const draft = await readDraft(site.services.db, site.services.keyring, known);
  const actor = draft.snapshot ? resumeCreditApplication(machine, draft.snapshot) : null;
  const snapshot = actor?.getSnapshot();
  const step = snapshot ? creditApplicationStep(snapshot.value) : "applicant";
  const answers = snapshot ? flat(mergedAnswers(snapshot.context.answers)) : {};
  const vin = url.searchParams.get("vin");
  if (!snapshot && vin && /^[A-HJ-NPR-Z0-9]{17}$/i.test(vin)) answers.vin = vin.toUpperCase();
  const failure =
    snapshot?.context.submitError?.reason === "failed"
      ? t("financing.fullCredit.failed", { phone: site.store.dealer.sales.phone })
      : null;
  return {
    seo: pageSeo(site, request, "auto-financing-full-credit-application"),
    receipt: receipt && { reference: receipt.reference, firstName: receipt.firstName },
    mode: snapshot ? ("server" as const) : ("client" as const),
    expired: draft.expired,
    view: formView(step === "submitted" ? "review" : step, answers, snapshot?.context.errors ?? null, failure),
    texts: texts(),
    received: tree("financing.fullCredit.received"),
    stepTitles: stepTitles(),
    options: options(),
    tcpaDisclaimer: TCPA_DISCLAIMER,
    storePhone: site.store.dealer.sales.phone,
  };
}

/** What a refused single POST answers: the step the first message belongs to, its messages, the values to show. */
export interface CreditRefusal {
  step: CreditApplicationStep;
  errors: StepErrors;
  failure: string | null;
}

class Refused extends Error {
  constructor(
    readonly step: CreditApplicationStep,
    readonly errors: StepErrors,
  ) {
    super("The application was refused");
  }
}

/**
 * Records a whole application: parsed again with the whole schema (whatever the stepper checked), then the
 * FULL_CREDIT_APP lead (name, contact, vehicle, reference: never SSN, date of birth, income or addresses), its outbox
 * row, the sealed application, the visitor's profile and the draft's removal in ONE transaction.
 */
async function recordApplication(
  site: Site,
  request: Request,
  answers: FlatValues,
  visitorId: string,
  headers: Headers,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(answers)) form.append(key, value);
  const submission = parseWithZod(form, { schema: createFullCreditApplicationSchema() });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.reply().error ?? {}).filter(([, m]) => m && m.length > 0),
    ) as StepErrors;
    const step = (["applicant", "residence", "employment", "coBorrower", "review"] as const).find((s) =>
      Object.keys(errors).some((key) => fullCreditStepOf(key) === s),
    );
    throw new Refused(
      step ?? "review",
      Object.fromEntries(Object.entries(errors).filter(([key]) => fullCreditStepOf(key) === (step ?? "review"))),
    );
  }
  const application = submission.value;
  const row = application.vin
    ? await vehicleByVin(site.services.db, application.vin, site.settings.vehicleConditions)
    : null;
  const reference = newApplicationReference("full-credit");
  const { user } = application;
  const contact = { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone };
  const notes = [application.comments, application.tcpaConsent ? "Agreed to calls and texts (TCPA)." : null].filter(
    Boolean,
  );
  const recorded = await recordFinanceApplication(
    site.services.db,
    site.services.keyring,
    {
      kind: "full-credit",
      reference,
      idempotencyKey: application.idempotencyKey,
      storeId: row?.storeId ?? site.store.id,
      visitorId,
      adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
      contact,
      // Fields are picked one by one, never spread from the application (ADR 042).
      lead: {
        kind: "FULL_CREDIT_APP",
        user: contact,
        ...(notes.length > 0 ? { text: notes.join("\n") } : {}),
        ...(application.vendorName ? { vendor: { vendorName: application.vendorName } } : {}),
        ...(row && row.status === "available" ? { vehicle: leadVehicleFromRow(site.origin, row) } : {}),
      },
      personal: application,
      alsoWrite: async (tx) => {
        await saveVisitor(tx, { visitorId, profile: contact });
        await deleteDraft(tx, visitorId);
      },
    },
    { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
  );
  if (recorded.created) site.services.nudgeRelay();
  if (recorded.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  return recorded.reference;
}

/** Every button of the form posts one of these; anything else is not this form. */
const intentSchema = z
  .string()
  .regex(
    /^(continue|back|submit|edit:(applicant|residence|employment|coBorrower|review)|add:(residences|employments|coBorrower\.residences|coBorrower\.employments)|remove:(residences|employments|coBorrower\.residences|coBorrower\.employments):\d{1,2})$/,
  );

const back = (headers: Headers) => redirect(`${FULL_CREDIT_PATH}#credit-step-title`, { status: 303, headers });

/**
 * The action. With a draft (JavaScript off) every button is a round trip on the stepper machine, resumed from the
 * sealed draft: Continue, Back, Change (edit), Add and Remove keep the answers in the draft (24 hours at most) and
 * answer 303 back to the page; Submit on review sends the application through the machine. Without a draft,
 * `intent=submit` is the single POST of the whole application (the JavaScript stepper's, or any client's): 303 to the
 * receipt, or 400 with the step and its messages, and nothing stored.
 */
export async function submitFullCredit(site: Site, request: Request) {
  requirePage(site, request, "auto-financing-full-credit-application");
  const form = await readFormData(request);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const parsedIntent = intentSchema.safeParse(form.get("intent"));
  if (!parsedIntent.success) {
    return new Response("Send the form with one of its buttons.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const intent = parsedIntent.data;
  const { visitorId } = site.visitor;
  await sendVisitorCookie(site.visitor, headers);
  const draft = site.visitor.known
    ? await readDraft(site.services.db, site.services.keyring, visitorId)
    : { snapshot: null, expired: false };
  const posted = postedValues(form);

  if (!draft.snapshot && intent === "submit") {
    if (isHoneypotFilled(form)) return redirect(FULL_CREDIT_PATH, { status: 303, headers });
    try {
      const reference = await recordApplication(site, request, posted, visitorId, headers);
      return redirect(`${FULL_CREDIT_PATH}?received=${reference}`, { status: 303, headers });
    } catch (error) {
      if (error instanceof Refused) {
        return data({ step: error.step, errors: error.errors, failure: null } satisfies CreditRefusal, {
          status: 400,
          headers,
        });
      }
      logError("full credit application: it could not be recorded", error);
      const failure = t("financing.fullCredit.failed", { phone: site.store.dealer.sales.phone });
      return data({ step: "review", errors: {}, failure } satisfies CreditRefusal, { status: 503, headers });
    }
  }

  const provided = machine.provide({
    actors: {
      submitApplication: fromPromise(async ({ input }) => {
        try {
          return { reference: await recordApplication(site, request, flat(input.values), visitorId, headers) };
        } catch (error) {
          if (error instanceof Refused) throw { step: error.step, errors: error.errors };
          logError("full credit application: it could not be recorded", error);
          throw error;
        }
      }),
    },
  });
  const running = (draft.snapshot ? resumeCreditApplication(provided, draft.snapshot) : null) ?? createActor(provided);
  running.start();
  const shown = creditApplicationStep(running.getSnapshot().value);
  const step = shown === "submitted" ? "review" : shown;
  try {
    const before = flat(running.getSnapshot().context.answers[step]);
    const own = keepSsns(stepFields(posted, step, fullCreditStepOf), before);
    // A bot that fills the honeypot is answered as if it worked; its draft is left to expire.
    if (intent === "submit" && isHoneypotFilled(form)) return redirect(FULL_CREDIT_PATH, { status: 303, headers });
    running.send(eventForIntent(intent, own));
    const settled = await waitFor(running, (s) => !s.hasTag("busy"));
    // Taken before stop, which would mark the snapshot stopped.
    const persisted = running.getPersistedSnapshot();
    if (settled.status === "done") {
      return redirect(`${FULL_CREDIT_PATH}?received=${settled.context.reference ?? ""}`, { status: 303, headers });
    }
    await saveDraft(site.services.db, site.services.keyring, visitorId, persisted);
  } catch (error) {
    logError("full credit application: the step could not be kept", error);
    const failure = t("financing.fullCredit.failed", { phone: site.store.dealer.sales.phone });
    return data({ step, errors: {}, failure } satisfies CreditRefusal, { status: 503, headers });
  } finally {
    running.stop();
  }
  return back(headers);
}
