import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Actor, createActor, fromPromise, waitFor } from "xstate";
import { estimatePayment, isSliderValue, sliders } from "../financing";
import { isValidProfile, type VisitorProfile } from "../profile";
import type { UnlockPriceInput } from "./input.schema";
import { resumeUnlockPrice } from "./persistence";
import { unlockPriceProgress, unlockPriceStep } from "./steps";
import { type SaveProfileInput, type UnlockPriceEvent, unlockPriceMachine } from "./unlock-price.machine";
import { SAVE_PROFILE_ERROR, UNLOCK_PRICE_CHOICES } from "./vocabulary";

const RUNS = { numRuns: 200 };

const dana: VisitorProfile = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana.reyes@example.com",
  phone: "(314) 555-0142",
};
const camry: UnlockPriceInput = { price: 18995, vehicleYear: 2019 };

/** A stand-in for the app's save: records every call and fails the calls `failOn` says should fail. */
function fakeSave(failOn: (call: number) => boolean = () => false) {
  const calls: SaveProfileInput[] = [];
  const saved: VisitorProfile[] = [];
  const actor = fromPromise<void, SaveProfileInput>(async ({ input }) => {
    calls.push(input);
    if (failOn(calls.length)) throw new Error("network down");
    saved.push(input.profile);
  });
  return { actor, calls, saved };
}

function start(input: UnlockPriceInput = camry, save = fakeSave()) {
  const actor = createActor(unlockPriceMachine.provide({ actors: { saveProfile: save.actor } }), { input });
  return { actor: actor.start(), save };
}

type UnlockPriceActor = Actor<typeof unlockPriceMachine>;

const settled = (actor: UnlockPriceActor) => waitFor(actor, (s) => !s.hasTag("busy"));

describe("unlock-price stepper journeys", () => {
  it("goes downPayment → tradeIn → creditScore → contact → done when not trading, skipping trade equity", async () => {
    const { actor, save } = start();
    const steps = [unlockPriceStep(actor.getSnapshot())];
    for (const event of [{ type: "NEXT" }, { type: "NEXT" }, { type: "NEXT" }] as const) {
      actor.send(event);
      steps.push(unlockPriceStep(actor.getSnapshot()));
    }
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settled(actor);
    steps.push(unlockPriceStep(actor.getSnapshot()));
    expect(steps).toEqual(["downPayment", "tradeIn", "creditScore", "contact", "done"]);
    expect(save.saved).toEqual([dana]);
    expect(actor.getSnapshot().hasTag("priceUnlocked")).toBe(true);
  });

  it("shows the trade-equity step only to a shopper who is trading in, and BACK retraces the same path", () => {
    const { actor } = start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_TRADING", trading: true });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().matches("tradeEquity")).toBe(true);
    expect(unlockPriceProgress(actor.getSnapshot())).toEqual({ step: 3, of: 5 });
    actor.send({ type: "NEXT" });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().matches("tradeEquity")).toBe(true);
    actor.send({ type: "BACK" });
    actor.send({ type: "SET_TRADING", trading: false });
    actor.send({ type: "NEXT" });
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().matches("tradeIn")).toBe(true);
    // No trade-in passes over trade equity: the total stays five (ADR 333).
    expect(unlockPriceProgress(actor.getSnapshot())).toEqual({ step: 2, of: 5 });
    actor.send({ type: "NEXT" });
    expect(unlockPriceProgress(actor.getSnapshot())).toEqual({ step: 4, of: 5 });
  });

  it("done carries the estimate of the shopper's answers, with trade equity counted only when trading", async () => {
    const { actor } = start();
    actor.send({ type: "SET_CASH_DOWN", amount: 3000 });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_TRADING", trading: true });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_TRADE_EQUITY", amount: 2500 });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_CREDIT_SCORE", score: 640 });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    await settled(actor);
    const expected = estimatePayment({
      price: 18995,
      cashDown: 3000,
      tradeEquity: 2500,
      creditScore: 640,
      termMonths: 72,
      vehicleYear: 2019,
    });
    expect(actor.getSnapshot().context.estimate).toEqual(expected);
    expect(actor.getSnapshot().output).toEqual({ profile: dana, estimate: expected, choices: UNLOCK_PRICE_CHOICES });
    expect(UNLOCK_PRICE_CHOICES.map((c) => c.label)).toEqual(["Keep browsing", "Get pre-approved", "Value my trade"]);
  });

  it("a shopper who set trade equity and then said no trade gets an estimate without it", async () => {
    const { actor, save } = start();
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_TRADING", trading: true });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_TRADE_EQUITY", amount: 5000 });
    actor.send({ type: "BACK" });
    actor.send({ type: "SET_TRADING", trading: false });
    for (const _ of [1, 2]) actor.send({ type: "NEXT" });
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    await settled(actor);
    const { context } = actor.getSnapshot();
    expect(context.estimate?.amountFinanced).toBe(18995 + 368.03 - context.cashDown);
    expect(save.calls[0]?.selections.trading).toBe(false);
  });

  it("opens with ten percent of the price down, no trade, a score of 850 and the 72-month quote term", () => {
    const { context } = start().actor.getSnapshot();
    expect(context).toMatchObject({ cashDown: 1900, trading: false, tradeEquity: 0, creditScore: 850, termMonths: 72 });
  });

  it("opens at the cash down the app passes (clamped to its slider) whatever the price, so a locked price stays hidden", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1000, max: 40_000 }),
        (a, b, opening) => {
          const first = start({ ...camry, price: a / 100, cashDown: opening }).actor.getSnapshot().context;
          const second = start({ ...camry, price: b / 100, cashDown: opening }).actor.getSnapshot().context;
          expect(first.cashDown).toBe(second.cashDown);
          expect(isSliderValue(first.cashDown, sliders.cashDown)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it("clamps values outside the slider bounds instead of taking them raw", () => {
    const { actor } = start({ ...camry, termMonths: 100 });
    actor.send({ type: "SET_CASH_DOWN", amount: 999_999 });
    expect(actor.getSnapshot().context.cashDown).toBe(20000);
    actor.send({ type: "SET_CASH_DOWN", amount: -50 });
    expect(actor.getSnapshot().context.cashDown).toBe(0);
    actor.send({ type: "SET_CASH_DOWN", amount: Number.NaN });
    expect(actor.getSnapshot().context.cashDown).toBe(0);
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" });
    actor.send({ type: "SET_CREDIT_SCORE", score: 200 });
    expect(actor.getSnapshot().context.creditScore).toBe(400);
    actor.send({ type: "SET_CREDIT_SCORE", score: 687 });
    expect(actor.getSnapshot().context.creditScore).toBe(690);
    expect(actor.getSnapshot().context.termMonths).toBe(72);
  });

  it("refuses to start without a usable vehicle price and year", () => {
    for (const input of [
      { price: -1, vehicleYear: 2019 },
      { price: Number.NaN, vehicleYear: 2019 },
      { price: 18995, vehicleYear: 2019.5 },
    ]) {
      const errors: unknown[] = [];
      const actor = createActor(unlockPriceMachine, { input });
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.start();
      expect(actor.getSnapshot().status).toBe("error");
      expect(errors).toHaveLength(1);
    }
  });

  it("takes each answer only on its own step", () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: "SET_CREDIT_SCORE", score: 700 })).toBe(false);
    expect(actor.getSnapshot().can({ type: "BACK" })).toBe(false);
    actor.send({ type: "SET_CREDIT_SCORE", score: 700 });
    expect(actor.getSnapshot().context.creditScore).toBe(850);
  });
});

describe("unlock-price contact step", () => {
  function atContact(input: UnlockPriceInput = camry, save = fakeSave()) {
    const started = start(input, save);
    for (const _ of [1, 2, 3]) started.actor.send({ type: "NEXT" });
    expect(started.actor.getSnapshot().matches({ contact: "editing" })).toBe(true);
    return started;
  }

  it("prefills the contact form from a saved profile, and NEXT submits it as it stands", async () => {
    const { actor, save } = atContact({ ...camry, profile: dana });
    expect(actor.getSnapshot().context.contact).toEqual(dana);
    actor.send({ type: "NEXT" });
    await settled(actor);
    expect(actor.getSnapshot().matches("done")).toBe(true);
    expect(save.saved).toEqual([dana]);
  });

  it("keeps an invalid profile in the contact step, names the invalid fields and never calls saveProfile", () => {
    const { actor, save } = atContact();
    actor.send({ type: "SUBMIT_CONTACT", profile: { ...dana, email: "dana@", lastName: "  " } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ contact: "editing" })).toBe(true);
    expect(snapshot.context.contactError).toEqual({ reason: "invalid", fields: ["lastName", "email"] });
    expect(snapshot.context.contact.email).toBe("dana@");
    expect(save.calls).toEqual([]);
  });

  it("stays in contact with the spec's error when saveProfile fails, and unlocks on a successful retry", async () => {
    const { actor, save } = atContact(
      camry,
      fakeSave((call) => call === 1),
    );
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    await settled(actor);
    expect(actor.getSnapshot().matches({ contact: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.contactError).toEqual({ reason: "save-failed", message: SAVE_PROFILE_ERROR });
    expect(actor.getSnapshot().context.estimate).toBeNull();
    actor.send({ type: "NEXT" });
    await settled(actor);
    expect(actor.getSnapshot().matches("done")).toBe(true);
    expect(save.calls).toHaveLength(2);
  });

  it("an unprovided machine never unlocks: its built-in saveProfile fails without any I/O", async () => {
    const actor = createActor(unlockPriceMachine, { input: camry }).start();
    for (const _ of [1, 2, 3]) actor.send({ type: "NEXT" });
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    await settled(actor);
    expect(actor.getSnapshot().matches({ contact: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.contactError?.reason).toBe("save-failed");
  });

  it("sends saveProfile the profile, the vehicle, the answers and the estimate the lead needs", async () => {
    const { actor, save } = atContact();
    actor.send({ type: "SUBMIT_CONTACT", profile: dana });
    await settled(actor);
    expect(save.calls).toEqual([
      {
        profile: dana,
        vehicle: { price: 18995, year: 2019 },
        selections: { cashDown: 1900, trading: false, tradeEquity: 0, creditScore: 850, termMonths: 72 },
        estimate: actor.getSnapshot().context.estimate,
      },
    ]);
  });
});

// Property machinery: random event sequences, with "settle" points where the fake save may finish.
type Step = UnlockPriceEvent | { type: "@settle" };

const wildNumber = fc.oneof(
  fc.integer({ min: -50_000, max: 50_000 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const validProfile = fc.record({
  firstName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
  lastName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
  email: fc.emailAddress().filter((e) => /\.[A-Za-z]{2,}$/.test(e)),
  phone: fc.stringMatching(/^\+1 \(\d{3}\) \d{3}-\d{4}$/),
});
const anyProfile = fc.record(
  { firstName: fc.string(), lastName: fc.string(), email: fc.string(), phone: fc.string() },
  { requiredKeys: [] },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ type: "NEXT" as const }) },
  { weight: 1, arbitrary: fc.constant({ type: "BACK" as const }) },
  { weight: 3, arbitrary: fc.constant({ type: "@settle" as const }) },
  { weight: 1, arbitrary: wildNumber.map((amount) => ({ type: "SET_CASH_DOWN" as const, amount })) },
  { weight: 1, arbitrary: fc.boolean().map((trading) => ({ type: "SET_TRADING" as const, trading })) },
  { weight: 1, arbitrary: wildNumber.map((amount) => ({ type: "SET_TRADE_EQUITY" as const, amount })) },
  { weight: 1, arbitrary: wildNumber.map((score) => ({ type: "SET_CREDIT_SCORE" as const, score })) },
  {
    weight: 3,
    arbitrary: fc
      .oneof({ weight: 3, arbitrary: validProfile }, { weight: 1, arbitrary: anyProfile })
      .map((profile) => ({ type: "SUBMIT_CONTACT" as const, profile })),
  },
);
const journey = fc.record({
  input: fc.record({
    price: fc.integer({ min: 0, max: 400_000 }),
    vehicleYear: fc.integer({ min: 1995, max: 2027 }),
    profile: fc.option(fc.oneof(validProfile, anyProfile), { nil: undefined }),
    termMonths: fc.option(wildNumber.filter(Number.isFinite), { nil: undefined }),
  }),
  steps: fc.array(step, { minLength: 5, maxLength: 50, size: "medium" }),
  failures: fc.array(fc.boolean(), { maxLength: 10 }),
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function play(actor: UnlockPriceActor, steps: Step[], afterEach: () => void) {
  for (const s of steps) {
    // A finished stepper takes no more events; the app shows the choices instead.
    if (actor.getSnapshot().status === "done") break;
    if (s.type === "@settle") await tick();
    else actor.send(s);
    afterEach();
  }
}

describe("unlock-price stepper properties", () => {
  it("whatever is sent, the progress line's total never changes and its step never runs past it", async () => {
    await fc.assert(
      fc.asyncProperty(journey, async ({ input, steps, failures }) => {
        const { actor } = start(
          input,
          fakeSave((call) => failures[call - 1] ?? false),
        );
        const seen = [unlockPriceProgress(actor.getSnapshot())];
        await play(actor, steps, () => {
          const progress = unlockPriceProgress(actor.getSnapshot());
          seen.push(progress);
          expect(progress.step).toBeGreaterThanOrEqual(1);
          expect(progress.step).toBeLessThanOrEqual(progress.of);
        });
        expect(new Set(seen.map((p) => p.of))).toEqual(new Set([5]));
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });

  it("never reaches done without a valid profile that saveProfile saved, and never holds an out-of-bounds value", async () => {
    let reachedDone = 0;
    await fc.assert(
      fc.asyncProperty(journey, async ({ input, steps, failures }) => {
        const save = fakeSave((call) => failures[call - 1] ?? false);
        const { actor } = start(input, save);
        await play(actor, steps, () => {
          const { context } = actor.getSnapshot();
          expect(isSliderValue(context.cashDown, sliders.cashDown)).toBe(true);
          expect(isSliderValue(context.tradeEquity, sliders.tradeEquity)).toBe(true);
          expect(isSliderValue(context.creditScore, sliders.creditScore)).toBe(true);
          expect(isSliderValue(context.termMonths, sliders.financeTerm)).toBe(true);
          if (actor.getSnapshot().matches("done")) {
            expect(isValidProfile(context.savedProfile)).toBe(true);
            expect(save.saved).toContainEqual(context.savedProfile);
            expect(context.estimate).toEqual(
              estimatePayment({
                price: context.price,
                cashDown: context.cashDown,
                tradeEquity: context.trading ? context.tradeEquity : 0,
                creditScore: context.creditScore,
                termMonths: context.termMonths,
                vehicleYear: context.vehicleYear,
              }),
            );
          } else {
            expect(context.estimate).toBeNull();
          }
        });
        if (actor.getSnapshot().matches("done")) reachedDone++;
        actor.stop();
      }),
      RUNS,
    );
    // Guards against a generator that never gets a journey to the end, which would make the property vacuous.
    expect(reachedDone).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it("a persisted snapshot, through JSON, resumes at the same step with the same values and then behaves the same", async () => {
    await fc.assert(
      fc.asyncProperty(journey, fc.array(step, { maxLength: 20 }), async ({ input, steps }, rest) => {
        const original = start(input);
        await play(original.actor, steps, () => {});
        const stored = JSON.parse(JSON.stringify(original.actor.getPersistedSnapshot()));
        const save = fakeSave();
        const resumed = resumeUnlockPrice(unlockPriceMachine.provide({ actors: { saveProfile: save.actor } }), stored);
        expect(resumed).not.toBeNull();
        const restored = (resumed as UnlockPriceActor).start();
        expect(restored.getSnapshot().value).toEqual(original.actor.getSnapshot().value);
        expect(restored.getSnapshot().context).toEqual(original.actor.getSnapshot().context);
        await settled(original.actor);
        await settled(restored);
        await play(original.actor, rest, () => {});
        await play(restored, rest, () => {});
        await settled(original.actor);
        await settled(restored);
        expect(restored.getSnapshot().value).toEqual(original.actor.getSnapshot().value);
        expect(restored.getSnapshot().context).toEqual(original.actor.getSnapshot().context);
        original.actor.stop();
        restored.stop();
      }),
      RUNS,
    );
  });
});

describe("unlock-price stored snapshots", () => {
  it("resumes a stored stepper at its step, and refuses a stored value that is not a stepper snapshot", () => {
    const { actor } = start();
    actor.send({ type: "SET_CASH_DOWN", amount: 2500 });
    actor.send({ type: "NEXT" });
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const resumed = resumeUnlockPrice(unlockPriceMachine, stored)?.start();
    expect(resumed?.getSnapshot().matches("tradeIn")).toBe(true);
    expect(resumed?.getSnapshot().context.cashDown).toBe(2500);
    expect(resumeUnlockPrice(unlockPriceMachine, "garbage")).toBeNull();
    expect(resumeUnlockPrice(unlockPriceMachine, { ...stored, value: "nowhere" })).toBeNull();
  });

  it("refuses a stored snapshot holding an out-of-bounds value or a done step without a saved profile", () => {
    const { actor } = start();
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    expect(
      resumeUnlockPrice(unlockPriceMachine, { ...stored, context: { ...stored.context, cashDown: 25000 } }),
    ).toBeNull();
    expect(resumeUnlockPrice(unlockPriceMachine, { ...stored, status: "done", value: "done" })).toBeNull();
  });
});
