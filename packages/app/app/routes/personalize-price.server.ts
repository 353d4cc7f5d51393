import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  isHoneypotFilled,
  MESSAGES,
  unlockPriceJourneySchema,
  unlockPricePostSchema,
  unlockPriceStepSchemas,
} from "@showroom/forms";
import {
  type ContactError,
  SAVE_PROFILE_ERROR,
  type SaveProfileInput,
  type UnlockPriceStep,
} from "@showroom/rules/unlock-price";
import { data, redirect } from "react-router";
import { waitFor } from "xstate";
import type { z } from "zod";
import type { StepperRefusal, StepperVehicleView } from "../components/unlock-price/types";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import { rowPath, type VehicleRow, vehicleByVin } from "../content/inventory.server";
import { notFound, requirePage } from "../content/seo.server";
import { keepStepperNumbers } from "../content/shopper-numbers.server";
import type { Site } from "../content/site.server";
import { logError } from "../server/log.server";
import { sendVisitorCookie } from "../server/visitor.server";
import { newVisitor, readVisitor, type VisitorState } from "../server/visitor-state.server";
import {
  forgetJourney,
  freshActor,
  persist,
  profileOf,
  rewindTo,
  sendAnswers,
  visitorActor,
} from "./personalize-price-journey.server";
import { saveProfileFor } from "./personalize-price-lead.server";
import {
  dialogInput,
  estimateView,
  seoOf,
  sliderViews,
  stepperView,
  texts,
  vehicleTitle,
  withoutPrice,
} from "./personalize-price-view.server";

/** The page of the stepper for a VIN. */
function personalizePricePath(vin: string): string {
  return `/personalize-price/${vin}`;
}

/**
 * The vehicle of a stepper: a listed one (not sold), and a private one only for a visitor who unlocked private
 * inventory; anything else is the spec's route-validation 404.
 */
async function stepperVehicle(site: Site, request: Request, vin: string, visitor: VisitorState) {
  const row = /^[A-HJ-NPR-Z0-9]{17}$/i.test(vin)
    ? await vehicleByVin(site.services.db, vin, site.settings.vehicleConditions)
    : null;
  if (!row || (row.private && !visitor.inventoryUnlocked)) notFound(request);
  return row;
}

function hasPrice(row: VehicleRow): row is VehicleRow & { price: number } {
  return row.price !== null;
}

/**
 * The stepper page's data: the vehicle, the step the visitor's journey for it is on (or the first), every string and
 * slider bound, and a fresh idempotency key for the contact form. A vehicle without a price cannot be estimated: it
 * gets the Call for Price page instead (docs/decisions/170). The price itself is sent only once unlocked; the
 * machine's input carries it for the in-page dialog, whose live estimate needs it.
 */
export async function personalizePricePage(site: Site, request: Request, vin: string) {
  requirePage(site, request, "cars-direct-page");
  const visitor = await readVisitor(site.services.db, site.visitor);
  const row = await stepperVehicle(site, request, vin, visitor);
  const vehicle: StepperVehicleView = { vin: row.vin, title: vehicleTitle(row), href: rowPath(row) };
  const store = site.stores.find((s) => s.id === row.storeId) ?? site.store;
  if (!hasPrice(row)) {
    return {
      kind: "callForPrice" as const,
      seo: seoOf(site, request, row),
      vehicle,
      phone: store.dealer.sales.phone,
      ...texts(),
    };
  }
  const actor = visitorActor(row, visitor);
  const snapshot = actor.getSnapshot();
  actor.stop();
  const persisted = snapshot.status === "active" || snapshot.status === "done" ? actor.getPersistedSnapshot() : null;
  return {
    kind: "stepper" as const,
    seo: seoOf(site, request, row),
    vehicle,
    view: stepperView(snapshot, row, visitor.priceUnlocked || snapshot.matches("done")),
    sliders: sliderViews(),
    idempotencyKey: randomUUID(),
    /** Whether the dialog may show its live estimate before done (the price is in its machine only then). */
    priceUnlocked: visitor.priceUnlocked,
    machineInput: dialogInput(row, visitor),
    /** The stored journey, so the dialog opens where the visitor left off; its price only once unlocked. */
    snapshot: visitor.priceUnlocked ? persisted : withoutPrice(persisted),
    ...texts(),
  };
}

type FieldErrors = Record<string, string[] | null>;

/** A refused post: what the page renders again (JS off) or the dialog reads (JS on). */
function refused(
  status: number,
  step: UnlockPriceStep | null,
  error: FieldErrors,
  headers: Headers,
  values: Record<string, unknown> = {},
) {
  // The honeypot and the form's key are not shown again: a new render mints a new key.
  const { website: _honeypot, ...shown } = values;
  const refusal: StepperRefusal = { ok: false, step, error, values: shown };
  return data(refusal, { status, headers });
}

/**
 * The stepper's action. Each step is a form post: the answers are parsed with zod, the visitor's journey is resumed
 * from `visitors.journeys`, the step's events are sent, and the new snapshot is stored before a 303 back to the page
 * (PRG), which renders the next step. Bad input answers 400 with field errors and changes nothing. The contact step
 * saves: the machine's `saveProfile` records the lead and the profile together; only then is the price unlocked.
 * `intent=journey` is the dialog's whole journey in one post: the server replays it on a fresh machine, so every
 * number is re-validated and the estimate recomputed here, never taken from the browser.
 */
export async function submitPersonalizePrice(site: Site, request: Request, vin: string) {
  requirePage(site, request, "cars-direct-page");
  const formData = await readFormData(request);
  const headers = new Headers();
  const identity = site.visitor;
  await sendVisitorCookie(identity, headers);
  const visitor: VisitorState = identity.known
    ? await readVisitor(site.services.db, identity)
    : newVisitor(identity.visitorId);
  const row = await stepperVehicle(site, request, vin, visitor);
  const page = personalizePricePath(row.vin);
  const back = () => redirect(page, { status: 303, headers });
  if (!hasPrice(row)) return back();

  const post = unlockPricePostSchema.safeParse({
    intent: formData.get("intent") ?? undefined,
    step: formData.get("step") ?? undefined,
  });
  if (!post.success) return refused(400, null, { intent: [MESSAGES.choice] }, headers);
  const { intent, step } = post.data;

  if (isHoneypotFilled(formData)) {
    // A bot sees the same answer a person would and leaves nothing behind.
    return intent === "journey" ? data({ ok: true as const, estimate: null }, { headers }) : back();
  }

  try {
    if (intent === "restart") {
      await forgetJourney(site, identity.visitorId, row.vin);
      return back();
    }
    if (intent === "journey")
      return await replayJourney(site, request, row, formData, identity.visitorId, visitor, headers);
    if (!step) return refused(400, null, { step: [MESSAGES.slug] }, headers);
    return await postStep(site, request, row, formData, { intent, step }, identity.visitorId, visitor, headers);
  } catch (error) {
    // The database refused (down, full, a constraint): nothing half-written, the shopper can post again.
    logError("personalize-price: the step could not be saved", error);
    return refused(503, step ?? null, { "": [SAVE_PROFILE_ERROR] }, headers);
  }
}

/** One step's post (JS off): resume, rewind to the posted step if needed, send its events, store, 303. */
async function postStep(
  site: Site,
  request: Request,
  row: VehicleRow & { price: number },
  formData: FormData,
  { intent, step }: { intent: "next" | "back"; step: UnlockPriceStep },
  visitorId: string,
  visitor: VisitorState,
  headers: Headers,
) {
  const back = () => redirect(personalizePricePath(row.vin), { status: 303, headers });
  // The contact form's key is known once its fields are parsed; the save runs only after that.
  let idempotencyKey = "";
  const save = (input: SaveProfileInput) =>
    saveProfileFor({ site, request, row, visitorId, idempotencyKey, headers })(input);
  const actor = visitorActor(row, visitor, save);
  try {
    if (step === "done" || !rewindTo(actor, step)) return back();
    if (intent === "back") {
      // Going back keeps what the shopper moved on this step when it reads; it never blocks on a bad field.
      const answers = step === "contact" ? null : parseWithZod(formData, { schema: unlockPriceStepSchemas[step] });
      if (answers?.status === "success") sendAnswers(actor, step, answers.value);
      actor.send({ type: "BACK" });
      await persist(site, visitorId, row.vin, actor);
      return back();
    }
    const submission = parseWithZod(formData, { schema: unlockPriceStepSchemas[step] });
    if (submission.status !== "success") {
      const reply = submission.reply();
      return refused(400, step, (reply.error ?? {}) as FieldErrors, headers, reply.initialValue ?? {});
    }
    if (step === "contact") {
      const values = submission.value as z.output<typeof unlockPriceStepSchemas.contact>;
      idempotencyKey = values.idempotencyKey;
      actor.send({ type: "SUBMIT_CONTACT", profile: profileOf(values) });
      const settled = await waitFor(actor, (s) => !s.hasTag("busy"));
      if (!settled.matches("done")) return contactRefusal(settled.context.contactError, headers, values);
      await persist(site, visitorId, row.vin, actor);
      keepStepperNumbers(request, site.settings, headers, settled.context);
      headers.append("Set-Cookie", flashCookie({ key: "unlockPrice.success" }));
      return back();
    }
    sendAnswers(actor, step, submission.value);
    actor.send({ type: "NEXT" });
    await persist(site, visitorId, row.vin, actor);
    return back();
  } finally {
    actor.stop();
  }
}

const FIELD_MESSAGES: Record<string, string> = {
  firstName: MESSAGES.firstName,
  lastName: MESSAGES.lastName,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
};

/**
 * The contact step did not reach done: the machine's profile rules refused a field the form schema let through (400,
 * in the spec's words), or saving failed (503 with the spec's "There was an error saving your information.").
 */
function contactRefusal(error: ContactError | null, headers: Headers, values: Record<string, unknown>) {
  if (error?.reason === "invalid") {
    const fields = Object.fromEntries(
      error.fields.map((field) => [field, [FIELD_MESSAGES[field] ?? MESSAGES.required]]),
    );
    return refused(400, "contact", fields, headers, values);
  }
  return refused(503, "contact", { "": [SAVE_PROFILE_ERROR] }, headers, values);
}

/**
 * The dialog's journey, replayed from the first step on a fresh machine with the vehicle's price from the database:
 * the answers are clamped by the machine exactly as the steps' posts are, and the estimate is the server's.
 */
async function replayJourney(
  site: Site,
  request: Request,
  row: VehicleRow & { price: number },
  formData: FormData,
  visitorId: string,
  visitor: VisitorState,
  headers: Headers,
) {
  const submission = parseWithZod(formData, { schema: unlockPriceJourneySchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    return refused(400, "contact", (reply.error ?? {}) as FieldErrors, headers, reply.initialValue ?? {});
  }
  const values = submission.value;
  const actor = freshActor(
    row,
    visitor.profile,
    saveProfileFor({ site, request, row, visitorId, idempotencyKey: values.idempotencyKey, headers }),
  ).start();
  try {
    sendAnswers(actor, "downPayment", values);
    actor.send({ type: "NEXT" });
    sendAnswers(actor, "tradeIn", values);
    actor.send({ type: "NEXT" });
    if (values.trading === "yes") {
      if (values.tradeEquity === undefined) return refused(400, null, { tradeEquity: [MESSAGES.required] }, headers);
      sendAnswers(actor, "tradeEquity", values);
      actor.send({ type: "NEXT" });
    }
    sendAnswers(actor, "creditScore", values);
    actor.send({ type: "NEXT" });
    actor.send({ type: "SUBMIT_CONTACT", profile: profileOf(values) });
    const settled = await waitFor(actor, (s) => !s.hasTag("busy"));
    if (!settled.matches("done") || !settled.context.estimate) {
      return contactRefusal(settled.context.contactError, headers, values);
    }
    await persist(site, visitorId, row.vin, actor);
    keepStepperNumbers(request, site.settings, headers, settled.context);
    return data({ ok: true as const, estimate: estimateView(settled.context.estimate) }, { headers });
  } finally {
    actor.stop();
  }
}
