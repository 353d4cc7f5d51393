// The visitor's sell/trade journey as the server keeps it between form posts (JavaScript off): the journey machine of
// @showroom/rules over the current offer rules' questionnaire, resumed from `visitors.journeys`, with the server's
// VIN decoder as its decodeVin actor.
import {
  createSellJourneyMachine,
  type DecodedVehicle,
  persistedSellJourneySchema,
  type Questionnaire,
  resumeSellJourney,
  type SellJourneyMachine,
  sellJourneyStep,
} from "@showroom/rules/questionnaire";
import { type Actor, createActor, fromPromise, type SnapshotFrom } from "xstate";
import { z } from "zod";
import type { SellServices } from "../context";
import type { Db } from "../server/db/client.server";
import type { LeadTransaction } from "../server/leads/record-lead.server";
import { saveVisitor } from "../server/visitor-state.server";

/** The journey's key in `visitors.journeys`: one sell/trade journey per visitor. */
export const SELL_JOURNEY_KEY = "sell-trade";

/** Answers kept longer than this are forgotten: a week, like the offer they lead to. */
const JOURNEY_MAX_AGE_MS = 7 * 24 * 3_600_000;

const storedSchema = z.object({ savedAt: z.iso.datetime(), snapshot: z.unknown() });

export type SellJourneyActor = Actor<SellJourneyMachine>;
export type SellJourneySnapshot = SnapshotFrom<SellJourneyMachine>;

const machines = new WeakMap<object, WeakMap<SellServices["vinDecoder"], SellJourneyMachine>>();

/** The journey machine for the current offer rules, decoding VINs with the server's decoder. */
function journeyMachine(sell: SellServices): SellJourneyMachine {
  const { questionnaire } = sell.offerRules.current().rules;
  let byDecoder = machines.get(questionnaire);
  if (!byDecoder) {
    byDecoder = new WeakMap();
    machines.set(questionnaire, byDecoder);
  }
  let machine = byDecoder.get(sell.vinDecoder);
  if (!machine) {
    machine = createSellJourneyMachine(questionnaire).provide({
      actors: {
        decodeVin: fromPromise<DecodedVehicle, { vin: string }>(({ input }) => sell.vinDecoder.decode(input.vin)),
      },
    });
    byDecoder.set(sell.vinDecoder, machine);
  }
  return machine;
}

/**
 * The visitor's journey, started: resumed when the stored one is fresh (a week) and valid for the current
 * questionnaire (an analyst's reload may have changed it), a new one otherwise.
 */
export function openSellJourney(sell: SellServices, stored: unknown, now = new Date()): SellJourneyActor {
  const machine = journeyMachine(sell);
  const parsed = storedSchema.safeParse(stored);
  if (parsed.success && now.getTime() - Date.parse(parsed.data.savedAt) <= JOURNEY_MAX_AGE_MS) {
    const resumed = resumeSellJourney(machine, parsed.data.snapshot, sell.offerRules.current().rules.questionnaire);
    if (resumed) return resumed.start();
  }
  return createActor(machine).start();
}

/** The stored value of a journey, or null to forget it (back at the start, nothing worth keeping). */
export function storedJourney(actor: SellJourneyActor, now = new Date()): unknown | null {
  const snapshot = actor.getSnapshot();
  const step = sellJourneyStep(snapshot);
  if (step === "complete") return null;
  if (step === "identify" && snapshot.context.details === null) return null;
  return { savedAt: now.toISOString(), snapshot: actor.getPersistedSnapshot() };
}

/** Writes the visitor's journey (or its end) on `db`, or inside a lead's transaction. */
export async function saveJourney(
  db: Pick<Db, "select" | "insert"> | LeadTransaction,
  visitorId: string,
  value: unknown | null,
): Promise<void> {
  await saveVisitor(db, { visitorId, journeys: { [SELL_JOURNEY_KEY]: value } });
}

/** The stored snapshot a page hands to the browser's journey: past the vehicle step, when it resumes there. */
export function clientSnapshot(actor: SellJourneyActor, questionnaire: Questionnaire): unknown | null {
  const step = sellJourneyStep(actor.getSnapshot());
  if (step === "identify" || step === "complete") return null;
  const persisted = actor.getPersistedSnapshot();
  return persistedSellJourneySchema(questionnaire).safeParse(persisted).success ? persisted : null;
}
