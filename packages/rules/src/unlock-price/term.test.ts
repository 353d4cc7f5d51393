import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { estimatePayment, isSliderValue, sliders } from "../financing";
import type { VisitorProfile } from "../profile";
import { unlockPriceEstimate } from "./estimate";
import { resumeUnlockPrice } from "./persistence";
import { type SaveProfileInput, unlockPriceMachine } from "./unlock-price.machine";

const RUNS = { numRuns: 200 };

const dana: VisitorProfile = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana.reyes@example.com",
  phone: "(314) 555-0142",
};

function start(price = 18995, vehicleYear = 2019) {
  const calls: SaveProfileInput[] = [];
  const saveProfile = fromPromise<void, SaveProfileInput>(async ({ input }) => {
    calls.push(input);
  });
  const actor = createActor(unlockPriceMachine.provide({ actors: { saveProfile } }), {
    input: { price, vehicleYear },
  }).start();
  return { actor, calls };
}

/** Months as a shopper or a hostile form might send them. */
const months = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, 12, 24, 36, 48, 60, 72, 73, 1e308, -1e308, Number.POSITIVE_INFINITY),
);

describe("unlock-price loan term", () => {
  it("SET_TERM is taken on the credit-score step only, clamped and snapped to the finance-term slider", () => {
    fc.assert(
      fc.property(months, (value) => {
        const { actor } = start();
        expect(actor.getSnapshot().can({ type: "SET_TERM", months: 24 })).toBe(false);
        actor.send({ type: "SET_TERM", months: 24 });
        expect(actor.getSnapshot().context.termMonths).toBe(72);
        actor.send({ type: "NEXT" });
        actor.send({ type: "NEXT" });
        expect(actor.getSnapshot().matches("creditScore")).toBe(true);
        actor.send({ type: "SET_TERM", months: value });
        const { termMonths } = actor.getSnapshot().context;
        expect(isSliderValue(termMonths, sliders.financeTerm)).toBe(true);
        if (Number.isNaN(value)) expect(termMonths).toBe(72);
        else if (value <= sliders.financeTerm.min) expect(termMonths).toBe(sliders.financeTerm.min);
        else if (value >= sliders.financeTerm.max) expect(termMonths).toBe(sliders.financeTerm.max);
        else expect(Math.abs(termMonths - value)).toBeLessThanOrEqual(sliders.financeTerm.step / 2);
        actor.stop();
      }),
      RUNS,
    );
  });

  it("the term the shopper picked is the term of the saved estimate, and a snapshot keeps it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(12, 24, 36, 48, 60, 72), async (term) => {
        const { actor, calls } = start();
        actor.send({ type: "NEXT" });
        actor.send({ type: "NEXT" });
        actor.send({ type: "SET_TERM", months: term });
        const resumed = resumeUnlockPrice(
          unlockPriceMachine.provide({
            actors: { saveProfile: fromPromise<void, SaveProfileInput>(async ({ input }) => void calls.push(input)) },
          }),
          JSON.parse(JSON.stringify(actor.getPersistedSnapshot())),
        );
        if (!resumed) throw new Error("a creditScore snapshot with a picked term must resume");
        resumed.start();
        resumed.send({ type: "NEXT" });
        resumed.send({ type: "SUBMIT_CONTACT", profile: dana });
        const done = await waitFor(resumed, (s) => s.matches("done"));
        expect(done.context.estimate?.termMonths).toBe(term);
        expect(calls.at(-1)?.selections.termMonths).toBe(term);
        actor.stop();
        resumed.stop();
      }),
      { numRuns: 24 },
    );
  });
});

describe("unlockPriceEstimate", () => {
  const selections = fc.record({
    price: fc.integer({ min: 0, max: 200_000 }),
    vehicleYear: fc.integer({ min: 1990, max: 2030 }),
    cashDown: fc.integer({ min: 0, max: 200 }).map((n) => n * 100),
    trading: fc.boolean(),
    tradeEquity: fc.integer({ min: 0, max: 200 }).map((n) => n * 100),
    creditScore: fc.integer({ min: 40, max: 85 }).map((n) => n * 10),
    termMonths: fc.constantFrom(12, 24, 36, 48, 60, 72),
  });

  it("counts trade equity only when the shopper is trading in, and is otherwise estimatePayment", () => {
    fc.assert(
      fc.property(selections, (s) => {
        expect(unlockPriceEstimate(s)).toEqual(estimatePayment({ ...s, tradeEquity: s.trading ? s.tradeEquity : 0 }));
        expect(unlockPriceEstimate({ ...s, trading: false })).toEqual(
          unlockPriceEstimate({ ...s, trading: false, tradeEquity: 0 }),
        );
      }),
      RUNS,
    );
  });
});
