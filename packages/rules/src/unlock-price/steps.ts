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

/**
 * "Step n of m" for the progress line: the trade-equity step counts only for a shopper who is trading in, and done
 * is not a step the shopper fills.
 */
export function unlockPriceProgress(snapshot: UnlockPriceSnapshot): { step: number; of: number } {
  const steps = UNLOCK_PRICE_STEPS.filter((s) => s !== "done" && (s !== "tradeEquity" || snapshot.context.trading));
  const current = unlockPriceStep(snapshot);
  const index = steps.indexOf(current);
  return { step: index === -1 ? steps.length : index + 1, of: steps.length };
}
