import type { FailureKind } from "../mail/errors";

/** When a failed delivery is tried again, and when the relay gives up. */
export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  readonly baseMs: number;
  /** No wait is longer than this. */
  readonly capMs: number;
  /** A row still failing this long after its first attempt is dead-lettered. */
  readonly giveUpAfterMs: number;
  /** Share of each wait that is random (0 to 1), so relays and rows that failed together do not retry together. */
  readonly jitter: number;
}

const HOUR_MS = 3_600_000;

/** 30 s, 1 min, 2 min … doubling up to one hour, for 24 hours; up to half of each wait is random. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 30_000,
  capMs: HOUR_MS,
  giveUpAfterMs: 24 * HOUR_MS,
  jitter: 0.5,
};

/**
 * The wait before the next attempt, after `attempts` failed ones: `min(cap, base·2^(attempts−1))`, less a random
 * share of up to `jitter` of it. `random` returns a number in [0, 1).
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 52);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** doublings);
  const share = Math.min(Math.max(random(), 0), 1) * Math.min(Math.max(policy.jitter, 0), 1);
  return Math.round(ceiling * (1 - share));
}

/** What becomes of a row whose delivery failed. */
export type FailureDecision =
  | { readonly state: "pending"; readonly nextAttemptAt: Date }
  | { readonly state: "dead"; readonly reason: "permanent" | "expired" };

export interface FailedAttempt {
  readonly kind: FailureKind;
  /** Attempts made so far, this one included. */
  readonly attempts: number;
  readonly firstAttemptAt: Date;
  readonly now: Date;
}

/** Dead-letters permanent failures and rows failing for the policy's whole window; schedules a retry otherwise. */
export function afterFailure(
  failure: FailedAttempt,
  policy: RetryPolicy,
  random: () => number = Math.random,
): FailureDecision {
  if (failure.kind === "permanent") return { state: "dead", reason: "permanent" };
  if (failure.now.getTime() - failure.firstAttemptAt.getTime() >= policy.giveUpAfterMs) {
    return { state: "dead", reason: "expired" };
  }
  return {
    state: "pending",
    nextAttemptAt: new Date(failure.now.getTime() + retryDelayMs(failure.attempts, policy, random)),
  };
}
