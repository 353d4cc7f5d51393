// The visitor's Personalize My Price journey for one vehicle, on the machine of @showroom/rules: resumed from
// `visitors.journeys` between form posts, taken back to a posted step, fed a step's answers, and stored again.
import { defaultFinancingRules } from "@showroom/rules/financing";
import type { VisitorProfile } from "@showroom/rules/profile";
import {
  persistedUnlockPriceSchema,
  resumeUnlockPrice,
  type SaveProfileInput,
  UNLOCK_PRICE_STEPS,
  type UnlockPriceStep,
  unlockPriceMachine,
  unlockPriceStep,
} from "@showroom/rules/unlock-price";
import { type Actor, createActor, fromPromise } from "xstate";
import type { VehicleRow } from "../content/inventory.server";
import type { Site } from "../content/site.server";
import { saveVisitor, type VisitorState } from "../server/visitor-state.server";

export type UnlockPriceActor = Actor<typeof unlockPriceMachine>;

/** Where a visitor's stepper for one vehicle is kept between form posts (`visitors.journeys`). */
function journeyKey(vin: string): string {
  return `unlock-price:${vin}`;
}

/** The machine with the app's effect: on the server, `saveProfile` records the lead; elsewhere it is provided per use. */
function machineWith(saveProfile: Save) {
  return unlockPriceMachine.provide({
    actors: { saveProfile: fromPromise<void, SaveProfileInput>(({ input }) => saveProfile(input)) },
  });
}

type Save = (input: SaveProfileInput) => Promise<void>;

const refuseSave: Save = async () => {
  throw new Error("No save outside the contact step's post");
};

/**
 * The cash down a stepper opens at: the rules' tenth of the price once prices are unlocked (ADR 020), the slider's
 * default before, since a tenth of a locked price is the price (docs/decisions/270).
 */
export function openingCashDown(priceUnlocked: boolean): number | undefined {
  return priceUnlocked ? undefined : defaultFinancingRules.sliders.cashDown.default;
}

/** A fresh stepper for `row` (which has a price), its contact step prefilled from the saved profile. */
export function freshActor(
  row: VehicleRow & { price: number },
  profile: Partial<VisitorProfile>,
  save: Save = refuseSave,
  priceUnlocked = false,
) {
  const cashDown = openingCashDown(priceUnlocked);
  return createActor(machineWith(save), {
    input: { price: row.price, vehicleYear: row.year, profile, ...(cashDown === undefined ? {} : { cashDown }) },
  });
}

/**
 * The visitor's stepper for this vehicle, resumed from `visitors.journeys`, or a fresh one when there is none, when
 * the stored value is not a stepper, or when the vehicle's price or year changed since (its numbers would be stale).
 */
export function visitorActor(
  row: VehicleRow & { price: number },
  visitor: VisitorState,
  save: Save = refuseSave,
): UnlockPriceActor {
  const stored = visitor.journeys[journeyKey(row.vin)];
  const parsed = persistedUnlockPriceSchema().safeParse(stored);
  const matches =
    parsed.success && parsed.data.context.price === row.price && parsed.data.context.vehicleYear === row.year;
  // A snapshot stored mid-save would re-run the save on start; snapshots are stored only between steps, so one is
  // not trusted and the journey starts again.
  const saving = parsed.success && typeof parsed.data.value === "object" && parsed.data.value.contact === "saving";
  const resumed = matches && !saving ? resumeUnlockPrice(machineWith(save), stored) : null;
  return (resumed ?? freshActor(row, visitor.profile, save, visitor.priceUnlocked)).start();
}

/** Sends the step's answers to the machine, as the set events of that step. */
export function sendAnswers(actor: UnlockPriceActor, step: UnlockPriceStep, values: Record<string, unknown>) {
  const number = (key: string) => values[key] as number;
  if (step === "downPayment") actor.send({ type: "SET_CASH_DOWN", amount: number("cashDown") });
  if (step === "tradeIn") actor.send({ type: "SET_TRADING", trading: values.trading === "yes" });
  if (step === "tradeEquity") actor.send({ type: "SET_TRADE_EQUITY", amount: number("tradeEquity") });
  if (step === "creditScore") {
    actor.send({ type: "SET_CREDIT_SCORE", score: number("creditScore") });
    actor.send({ type: "SET_TERM", months: number("termMonths") });
  }
}

export function profileOf(values: Record<string, unknown>): VisitorProfile {
  return {
    firstName: String(values.firstName),
    lastName: String(values.lastName),
    email: String(values.email),
    phone: String(values.phone),
  };
}

/**
 * Takes the stepper back to the step a form was rendered for (a shopper who used the browser's Back button posts an
 * older step). Only backwards, along the machine's own BACK transitions: false when that step is not on the way.
 */
export function rewindTo(actor: UnlockPriceActor, step: UnlockPriceStep): boolean {
  const order = (s: UnlockPriceStep) => UNLOCK_PRICE_STEPS.indexOf(s);
  for (let i = 0; i < UNLOCK_PRICE_STEPS.length; i++) {
    const snapshot = actor.getSnapshot();
    const current = unlockPriceStep(snapshot);
    if (current === step) return true;
    if (order(current) < order(step) || !snapshot.can({ type: "BACK" })) return false;
    actor.send({ type: "BACK" });
  }
  return unlockPriceStep(actor.getSnapshot()) === step;
}

export async function persist(site: Site, visitorId: string, vin: string, actor: UnlockPriceActor) {
  await saveVisitor(site.services.db, {
    visitorId,
    journeys: { [journeyKey(vin)]: actor.getPersistedSnapshot() },
  });
}

/** Change my answers: the stored journey is dropped, so the next page starts from the first step. */
export async function forgetJourney(site: Site, visitorId: string, vin: string) {
  await saveVisitor(site.services.db, { visitorId, journeys: { [journeyKey(vin)]: null } });
}
