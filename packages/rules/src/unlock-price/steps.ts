import type { SnapshotFrom } from "xstate";
import type { UnlockPriceMachine } from "./unlock-price.machine";
import { UNLOCK_PRICE_STEPS, type UnlockPriceStep } from "./vocabulary";

export type UnlockPriceSnapshot = SnapshotFrom<UnlockPriceMachine>;

/** The step a snapshot is on (the contact step while saving, too): what the app renders. */
export function unlockPriceStep(snapshot: UnlockPriceSnapshot): UnlockPriceStep {
  const value = snapshot.value;
  const step = typeof value === "string" ? value : Object.keys(value)[0];
  return UNLOCK_PRICE_STEPS.find((s) => s === step) ?? "downPayment";
}

/** The steps a shopper fills on the longest path (trading in): done is not one. */
const FILLED_STEPS: readonly UnlockPriceStep[] = UNLOCK_PRICE_STEPS.filter((s) => s !== "done");

/**
 * "Step n of m" for the progress line, on the longest path (ADR 333): every step keeps its number and the total is
 * always five, so saying "no trade-in" passes over the trade-equity step (Step 2 of 5, then Step 4 of 5) instead of
 * shrinking the total mid-way; done counts as the last step.
 */
export function unlockPriceProgress(snapshot: UnlockPriceSnapshot): { step: number; of: number } {
  const index = FILLED_STEPS.indexOf(unlockPriceStep(snapshot));
  return { step: index === -1 ? FILLED_STEPS.length : index + 1, of: FILLED_STEPS.length };
}
