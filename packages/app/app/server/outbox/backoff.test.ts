import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterFailure, DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from "./backoff";

const HOUR = 3_600_000;
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("retry backoff", () => {
  it("no wait exceeds the one-hour cap, whatever the attempt count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), unit, (attempts, r) => {
        const delay = retryDelayMs(attempts, DEFAULT_RETRY_POLICY, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(HOUR);
      }),
      { numRuns: 200 },
    );
  });

  it("each wait lies between half and all of base·2^(attempts−1), capped", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), unit, (attempts, r) => {
        const ceiling = Math.min(HOUR, 30_000 * 2 ** (attempts - 1));
        const delay = retryDelayMs(attempts, DEFAULT_RETRY_POLICY, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
      { numRuns: 200 },
    );
  });

  it("without jitter the wait doubles from the base until it reaches the cap", () => {
    const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, policy));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, HOUR, HOUR]);
  });

  it("the same attempt count never waits longer with more jitter drawn", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), unit, unit, (attempts, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(retryDelayMs(attempts, DEFAULT_RETRY_POLICY, () => high)).toBeLessThanOrEqual(
          retryDelayMs(attempts, DEFAULT_RETRY_POLICY, () => low),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe("after a failed attempt", () => {
  const first = new Date("2026-11-23T12:00:00Z");

  it("a permanent failure is dead-lettered at once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 48 * HOUR }), (attempts, elapsed) => {
        const now = new Date(first.getTime() + elapsed);
        expect(afterFailure({ kind: "permanent", attempts, firstAttemptAt: first, now }, DEFAULT_RETRY_POLICY)).toEqual(
          { state: "dead", reason: "permanent" },
        );
      }),
      { numRuns: 200 },
    );
  });

  it("a temporary failure within 24 hours of the first attempt is retried later, never sooner than now", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 24 * HOUR - 1 }), unit, (a, e, r) => {
        const now = new Date(first.getTime() + e);
        const decision = afterFailure(
          { kind: "temporary", attempts: a, firstAttemptAt: first, now },
          DEFAULT_RETRY_POLICY,
          () => r,
        );
        expect(decision.state).toBe("pending");
        if (decision.state !== "pending") return;
        expect(decision.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
        expect(decision.nextAttemptAt.getTime() - now.getTime()).toBeLessThanOrEqual(HOUR);
      }),
      { numRuns: 200 },
    );
  });

  it("a temporary failure 24 hours or more after the first attempt is dead-lettered", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 24 * HOUR, max: 72 * HOUR }), (a, e) => {
        const now = new Date(first.getTime() + e);
        expect(
          afterFailure({ kind: "temporary", attempts: a, firstAttemptAt: first, now }, DEFAULT_RETRY_POLICY),
        ).toEqual({ state: "dead", reason: "expired" });
      }),
      { numRuns: 200 },
    );
  });
});
