import { parseWithZod } from "@conform-to/zod/v4";
import { createSellJourneySchemas, isHoneypotFilled, MESSAGES, todayIn } from "@showroom/forms";
import {
  type AnswerValue,
  currentStep,
  type Questionnaire,
  sellJourneyStep,
  type VinProblem,
} from "@showroom/rules/questionnaire";
import { redirect } from "react-router";
import { waitFor } from "xstate";
import { z } from "zod";
import { readFormData } from "../content/form-data.server";
import type { Site } from "../content/site.server";
import { visitorSell } from "../server/experiments/offer-rules-experiment.server";
import { canonicalChoice } from "../server/sell/vehicle-choices.server";
import { sendVisitorCookie } from "../server/visitor.server";
import { newVisitor, readVisitor, type VisitorState } from "../server/visitor-state.server";
import {
  openSellJourney,
  SELL_JOURNEY_KEY,
  type SellJourneyActor,
  saveJourney,
  storedJourney,
} from "./your-vehicle-journey.server";
import { finishJourney, refusal } from "./your-vehicle-offer.server";

const PAGE = "/sell-trade-my-car/your-vehicle";

const intentSchema = z.enum([
  "vin",
  "choice",
  "confirm",
  "change",
  "answers",
  "back",
  "rewind",
  "contact",
  "offer",
  "restart",
]);

const VIN_MESSAGES: Readonly<Record<VinProblem, string>> = {
  "check-digit": MESSAGES.vinCheckDigit,
  undecodable: MESSAGES.vinUndecodable,
  unavailable: MESSAGES.vinUnavailable,
};

/** What a form posted, as strings (a repeated name as a list), to show again with a refusal. */
function postedValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name.length > 20) continue;
    const text = value.slice(0, 200);
    const before = values[name];
    values[name] = before === undefined ? text : [...(Array.isArray(before) ? before : [before]), text];
  }
  return values;
}

const settled = (actor: SellJourneyActor) => waitFor(actor, (s) => !s.hasTag("busy"), { timeout: 30_000 });

/** Sends one step's answers (only its own questions: the machine takes answers to the current step). */
function answerStep(actor: SellJourneyActor, questionnaire: Questionnaire, answers: Record<string, AnswerValue>) {
  const { context } = actor.getSnapshot();
  for (const question of currentStep({ questionnaire, answers: context.answers, stepIndex: context.stepIndex })
    .questions) {
    const value = answers[question.questionId];
    if (value !== undefined) actor.send({ type: "ANSWER", questionId: question.questionId, value });
  }
}

/**
 * The sell/trade journey's action (issue 13). Without JavaScript each step is a post (`intent` = vin, choice,
 * confirm, change, answers, back, contact, restart): the form is parsed with its `@showroom/forms` schema, the
 * visitor's journey is resumed from `visitors.journeys`, driven, and saved before a 303 back to the page. The
 * contact step, and `intent=offer` (the whole journey in one POST, which the browser's journey sends), end it: the
 * offer is priced and saved with its lead, and the answer is a 303 to the offer. Bad input is a 400 in the spec's
 * words and changes nothing.
 */
export async function sellJourneyAction(site: Site, request: Request) {
  const form = await readFormData(request);
  const headers = new Headers();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return refusal(400, null, { "": [MESSAGES.choice] }, headers);
  const back = () => redirect(PAGE, { status: 303, headers });
  if ((intent.data === "contact" || intent.data === "offer") && isHoneypotFilled(form)) {
    // A bot sees a success and leaves nothing behind.
    return back();
  }

  const { db } = site.services;
  // The visitor's rules: an offer-rules experiment may ask another questionnaire of its share (ADR 390).
  const { sell } = await visitorSell(site);
  const { questionnaire } = sell.offerRules.current().rules;
  const schemas = createSellJourneySchemas({
    context: { today: () => todayIn(site.store.dealer.timezone) },
    questionnaire,
  });
  const identity = site.visitor;
  await sendVisitorCookie(identity, headers);
  const visitor: VisitorState = identity.known ? await readVisitor(db, identity) : newVisitor(identity.visitorId);
  const visitorId = identity.visitorId;
  const refuse = (status: number, error: Record<string, string[]>) =>
    refusal(status, intent.data, error, headers, postedValues(form));

  if (intent.data === "offer") {
    const submission = parseWithZod(form, { schema: schemas.offer });
    if (submission.status !== "success")
      return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
    const post = submission.value;
    // The whole journey, replayed on a fresh machine: the one path every offer takes.
    const actor = openSellJourney(sell, undefined);
    try {
      if (post.vehicle.by === "vin") {
        actor.send({ type: "IDENTIFY_BY_VIN", vin: post.vehicle.vin, details: post.details });
        const decoded = await settled(actor);
        if (decoded.context.vinProblem) {
          const problem = decoded.context.vinProblem;
          return refuse(problem === "unavailable" ? 503 : 400, { vin: [VIN_MESSAGES[problem]] });
        }
        actor.send({ type: "CONFIRM" });
      } else {
        const { by: _by, ...vehicle } = post.vehicle;
        actor.send({ type: "CHOOSE_VEHICLE", vehicle: canonicalChoice(vehicle), details: post.details });
      }
      for (
        let i = 0;
        i < questionnaire.categories.length && sellJourneyStep(actor.getSnapshot()) === "questionnaire";
        i++
      ) {
        answerStep(actor, questionnaire, post.answers as Record<string, AnswerValue>);
        actor.send({ type: "NEXT" });
      }
      actor.send({ type: "SUBMIT", profile: post.profile });
      const done = actor.getSnapshot();
      if (done.status !== "done" || !done.output) return refuse(400, { "": [MESSAGES.required] });
      return await finishJourney(
        site,
        request,
        done.output,
        { idempotencyKey: post.idempotencyKey, visitorId, intent: "offer" },
        headers,
      );
    } finally {
      actor.stop();
    }
  }

  const stored = visitor.journeys[SELL_JOURNEY_KEY];
  const actor = openSellJourney(sell, stored);
  // A step that leaves nothing to keep, for a visitor who had nothing kept, writes nothing.
  const save = async () => {
    const value = storedJourney(actor);
    if (value !== null || stored !== undefined) await saveJourney(db, visitorId, value);
    return back();
  };
  try {
    switch (intent.data) {
      case "restart":
        if (stored !== undefined) await saveJourney(db, visitorId, null);
        return back();
      case "vin": {
        const submission = parseWithZod(form, { schema: schemas.vin });
        if (submission.status !== "success")
          return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
        const { vin, ...details } = submission.value;
        actor.send({ type: "IDENTIFY_BY_VIN", vin, details });
        const decoded = await settled(actor);
        const problem = decoded.context.vinProblem;
        // A VIN that gave no vehicle is refused here; the journey is not saved with it.
        if (problem) return refuse(problem === "unavailable" ? 503 : 400, { vin: [VIN_MESSAGES[problem]] });
        return await save();
      }
      case "choice": {
        const submission = parseWithZod(form, { schema: schemas.choice });
        if (submission.status !== "success")
          return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
        const { year, make, model, trim, mileage, zip, interest } = submission.value;
        actor.send({
          type: "CHOOSE_VEHICLE",
          vehicle: canonicalChoice({ year, make, model, trim: trim ?? null }),
          details: { mileage, zip, interest },
        });
        return await save();
      }
      case "confirm":
        actor.send({ type: "CONFIRM" });
        return await save();
      case "change":
        actor.send({ type: "CHANGE" });
        return await save();
      case "back":
        actor.send({ type: "BACK" });
        return await save();
      case "rewind":
        // Back to the vehicle step from wherever the journey is, keeping the details and answers given so far.
        for (let i = 0; i < questionnaire.categories.length + 3; i++) {
          const step = sellJourneyStep(actor.getSnapshot());
          if (step === "identify") break;
          actor.send({ type: step === "confirm" ? "CHANGE" : "BACK" });
        }
        return await save();
      case "answers": {
        const step = z.coerce
          .number()
          .int()
          .min(0)
          .safeParse(form.get("step") ?? undefined);
        if (!step.success) return refuse(400, { "": [MESSAGES.slug] });
        // A page the browser went back to posts an earlier step: the journey goes back to it first.
        while (
          sellJourneyStep(actor.getSnapshot()) === "questionnaire" &&
          actor.getSnapshot().context.stepIndex > step.data &&
          actor.getSnapshot().can({ type: "BACK" })
        ) {
          const before = actor.getSnapshot().context.stepIndex;
          actor.send({ type: "BACK" });
          if (actor.getSnapshot().context.stepIndex === before) break;
        }
        const at = actor.getSnapshot();
        if (sellJourneyStep(at) !== "questionnaire" || at.context.stepIndex !== step.data) return back();
        const submission = parseWithZod(form, { schema: schemas.answers(step.data, at.context.answers) });
        if (submission.status !== "success")
          return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
        answerStep(actor, questionnaire, submission.value as Record<string, AnswerValue>);
        actor.send({ type: "NEXT" });
        return await save();
      }
      case "contact": {
        if (sellJourneyStep(actor.getSnapshot()) !== "contact") return back();
        const submission = parseWithZod(form, { schema: schemas.contact });
        if (submission.status !== "success")
          return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
        const { idempotencyKey, firstName, lastName, email, phone } = submission.value;
        actor.send({ type: "SUBMIT", profile: { firstName, lastName, email, phone } });
        const done = actor.getSnapshot();
        if (done.status !== "done" || !done.output) return refuse(400, { "": [MESSAGES.required] });
        return await finishJourney(
          site,
          request,
          done.output,
          { idempotencyKey, visitorId, intent: "contact" },
          headers,
        );
      }
    }
  } finally {
    actor.stop();
  }
}
