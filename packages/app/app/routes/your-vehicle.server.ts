import { randomUUID } from "node:crypto";
import { TCPA_DISCLAIMER, todayIn } from "@showroom/forms";
import {
  currentStep,
  type Questionnaire,
  sellJourneyProgress,
  sellJourneyStep,
  withoutDeductions,
} from "@showroom/rules/questionnaire";
import { z } from "zod";
import { questionView, vehicleTitle } from "../components/sell/question-view";
import type { IdentifyView, JourneyView } from "../components/sell/types";
import { pageSeo, requirePage } from "../content/seo.server";
import type { Site } from "../content/site.server";
import { tree } from "../content/translations.server";
import { visitorSell } from "../server/experiments/offer-rules-experiment.server";
import { vehicleChoices } from "../server/sell/vehicle-choices.server";
import { readVisitor } from "../server/visitor-state.server";
import {
  clientSnapshot,
  openSellJourney,
  SELL_JOURNEY_KEY,
  type SellJourneySnapshot,
} from "./your-vehicle-journey.server";

/** The year → make → model choices a GET carries (`?year=2019&make=Toyota`); anything not on offer is dropped. */
function chosen(request: Request, today: string): IdentifyView["choose"] {
  const query = new URL(request.url).searchParams;
  const years = vehicleChoices.years(today);
  const parsedYear = z.coerce
    .number()
    .int()
    .safeParse(query.get("year") ?? undefined);
  const year = parsedYear.success && years.includes(parsedYear.data) ? parsedYear.data : null;
  const makes = year === null ? vehicleChoices.allMakes() : vehicleChoices.makes(year);
  const make = year === null ? null : (makes.find((m) => m === query.get("make")) ?? null);
  const models = year === null || make === null ? [] : vehicleChoices.models(year, make);
  const model = models.find((m) => m === query.get("model")) ?? null;
  const trims = year === null || make === null || model === null ? [] : vehicleChoices.trims(year, make, model);
  return { years, year, makes, make, models, model, trims };
}

/** What the page shows for the journey's step. */
function journeyView(
  snapshot: SellJourneySnapshot,
  questionnaire: Questionnaire,
  request: Request,
  today: string,
): JourneyView {
  const step = sellJourneyStep(snapshot);
  const { context } = snapshot;
  const vehicle = context.vehicle ? { title: vehicleTitle(context.vehicle), vin: context.vehicle.vin } : null;
  const progress = sellJourneyProgress(snapshot, questionnaire);
  if (step === "questionnaire") {
    const shown = currentStep({ questionnaire, answers: context.answers, stepIndex: context.stepIndex });
    return {
      step,
      progress,
      vehicle,
      identify: null,
      questionnaire: {
        stepIndex: shown.index,
        title: shown.category.categoryTitle,
        description: shown.category.categoryDescription,
        questions: shown.questions.map(questionView),
        answers: Object.fromEntries(
          shown.questions.flatMap((q) => {
            const value = context.answers[q.questionId];
            return value === undefined ? [] : [[q.questionId, value]];
          }),
        ),
      },
    };
  }
  if (step === "confirm" || step === "contact") return { step, progress, vehicle, identify: null, questionnaire: null };
  const details = context.details;
  return {
    step: "identify",
    progress,
    vehicle: null,
    identify: {
      vin: context.vin,
      details: details ? { mileage: String(details.mileage), zip: details.zip, interest: details.interest } : {},
      choose: chosen(request, today),
    },
    questionnaire: null,
  };
}

/**
 * The page of the sell/trade journey (minimal layout): the step the visitor's journey is on, rendered by the server
 * so every step works without JavaScript; with it, the browser takes the journey over from the same snapshot. The
 * questionnaire goes without its deductions (they stay on the server), and the contact step is prefilled from the
 * visitor's profile.
 */
export async function sellJourneyPage(site: Site, request: Request) {
  requirePage(site, request, "sell-trade-my-car-your-vehicle");
  const { db } = site.services;
  const { sell } = await visitorSell(site);
  const visitor = await readVisitor(db, site.visitor);
  const actor = openSellJourney(sell, visitor.journeys[SELL_JOURNEY_KEY]);
  const snapshot = actor.getSnapshot();
  const { questionnaire } = sell.offerRules.current().rules;
  const resumable = clientSnapshot(actor, questionnaire);
  actor.stop();
  const today = todayIn(site.store.dealer.timezone);
  return {
    seo: pageSeo(site, request, "sell-trade-my-car-your-vehicle", { canonicalPath: "/sell-trade-my-car/your-vehicle" }),
    texts: tree("sell-trade"),
    fields: tree("forms.fields"),
    tcpa: TCPA_DISCLAIMER,
    view: journeyView(snapshot, questionnaire, request, today),
    profile: visitor.profile,
    idempotencyKey: randomUUID(),
    /** For the browser's journey: the questions without the dealer's deductions, and where the server's one is. */
    questionnaire: withoutDeductions(questionnaire),
    snapshot: resumable,
  };
}
