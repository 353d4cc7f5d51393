import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock, transition, waitFor } from "xstate";
import {
  type PopupEvent,
  type PopupSubmission,
  popupMachine,
  SIDE_BUTTON_PULSE_AFTER_MS,
  SIDE_BUTTON_PULSE_FOR_MS,
} from "./popup.machine";
import type { PopupDefinition } from "./popup.schema";

const capture: PopupDefinition = {
  id: "unlock-price-capture",
  conditions: [{ isLead: true }],
  component: { type: "component", innerComponent: "UnlockPriceForm" },
  submitted: { EMAIL: "UNLOCK_PRICE", track: "Lead", timeoutClose: 6 },
};

const sideButton: PopupDefinition = {
  id: "trade-in-value",
  conditions: [],
  button: { text: "Trade-in value" },
  component: { type: "component", innerComponent: "TradeInValueForm" },
  submitted: { redirect: "/sell-trade-my-car/your-vehicle" },
};

function start(popup: PopupDefinition, options: { finished?: boolean; fail?: boolean } = {}) {
  const submissions: PopupSubmission[] = [];
  const clock = new SimulatedClock();
  const machine = popupMachine.provide({
    actors: {
      submitPopup: fromPromise<void, PopupSubmission>(async ({ input }) => {
        submissions.push(input);
        if (options.fail) throw new Error("mail server down");
      }),
    },
  });
  const actor = createActor(machine, { input: { popup, finished: options.finished }, clock }).start();
  return { actor, clock, submissions, machine };
}

const settled = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag("busy"));

describe("popup lifecycle", () => {
  it("inactive → active → submitted → finished, closing itself after timeoutClose seconds", async () => {
    const { actor, clock, submissions } = start(capture);
    expect(actor.getSnapshot().matches("inactive")).toBe(true);
    actor.send({ type: "CONDITIONS_MET" });
    expect(actor.getSnapshot().matches({ active: "open" })).toBe(true);
    expect(actor.getSnapshot().hasTag("dialog")).toBe(true);
    actor.send({ type: "SUBMIT", values: { email: "dana@example.com" } });
    await waitFor(actor, (s) => s.matches("submitted"));
    expect(submissions).toEqual([
      {
        popupId: "unlock-price-capture",
        values: { email: "dana@example.com" },
        emailTemplate: "UNLOCK_PRICE",
        trackEvent: "Lead",
      },
    ]);
    clock.increment(5_999);
    expect(actor.getSnapshot().matches("submitted")).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({
      popupId: "unlock-price-capture",
      outcome: "finished",
      redirect: null,
    });
  });

  it("a redirect finishes the popup right after submit and hands the target to the app", async () => {
    const { actor } = start(sideButton);
    actor.send({ type: "CONDITIONS_MET" });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SUBMIT", values: {} });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().output).toEqual({
      popupId: "trade-in-value",
      outcome: "finished",
      redirect: "/sell-trade-my-car/your-vehicle",
    });
  });

  it("submitted.close finishes at once; without close, timeout or redirect the submitted view waits for Close", async () => {
    const closes = start({ ...capture, submitted: { close: true } });
    closes.actor.send({ type: "CONDITIONS_MET" });
    closes.actor.send({ type: "SUBMIT", values: {} });
    await waitFor(closes.actor, (s) => s.status === "done");

    const stays = start({ ...capture, submitted: { innerComponent: "Thanks" } });
    stays.actor.send({ type: "CONDITIONS_MET" });
    stays.actor.send({ type: "SUBMIT", values: {} });
    await waitFor(stays.actor, (s) => s.matches("submitted"));
    stays.clock.increment(60 * 60 * 1000);
    expect(stays.actor.getSnapshot().matches("submitted")).toBe(true);
    stays.actor.send({ type: "CLOSE" });
    expect(stays.actor.getSnapshot().output?.outcome).toBe("finished");
  });

  it("a failed submit returns to the open dialog with the error, and can be retried", async () => {
    const { actor } = start(capture, { fail: true });
    actor.send({ type: "CONDITIONS_MET" });
    actor.send({ type: "SUBMIT", values: {} });
    await settled(actor);
    expect(actor.getSnapshot().matches({ active: "open" })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe("mail server down");
    expect(actor.getSnapshot().can({ type: "SUBMIT", values: {} })).toBe(true);
  });

  it("closing a popup before submitting disables it for the session", () => {
    const { actor } = start(capture);
    actor.send({ type: "CONDITIONS_MET" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().output).toEqual({
      popupId: "unlock-price-capture",
      outcome: "disabled",
      redirect: null,
    });
  });

  it("a popup without a close button cannot be closed before submitting", () => {
    const { actor } = start({ ...capture, settings: { closeButton: false } });
    actor.send({ type: "CONDITIONS_MET" });
    expect(actor.getSnapshot().can({ type: "CLOSE" })).toBe(false);
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches({ active: "open" })).toBe(true);
  });

  it("a button-triggered popup starts hidden behind its side button and returns to it when closed", () => {
    const { actor } = start(sideButton);
    actor.send({ type: "CONDITIONS_MET" });
    expect(actor.getSnapshot().matches({ active: "hidden" })).toBe(true);
    expect(actor.getSnapshot().hasTag("button")).toBe(true);
    expect(actor.getSnapshot().hasTag("dialog")).toBe(false);
    actor.send({ type: "OPEN" });
    expect(actor.getSnapshot().hasTag("dialog")).toBe(true);
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches({ active: "hidden" })).toBe(true);
    actor.send({ type: "CONDITIONS_LOST" });
    expect(actor.getSnapshot().matches("inactive")).toBe(true);
    actor.send({ type: "CONDITIONS_MET" });
    actor.send({ type: "DISABLE" });
    expect(actor.getSnapshot().output?.outcome).toBe("disabled");
  });

  it("the side button pulses after 10 s for 4 s", () => {
    const { actor, clock } = start(sideButton);
    actor.send({ type: "CONDITIONS_MET" });
    clock.increment(SIDE_BUTTON_PULSE_AFTER_MS - 1);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(true);
    clock.increment(SIDE_BUTTON_PULSE_FOR_MS - 1);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(false);
    expect(SIDE_BUTTON_PULSE_AFTER_MS).toBe(10_000);
    expect(SIDE_BUTTON_PULSE_FOR_MS).toBe(4_000);
  });

  it("the pulse timing can come from site settings", () => {
    const clock = new SimulatedClock();
    const actor = createActor(popupMachine, {
      input: { popup: sideButton, pulse: { afterMs: 2_000, forMs: 500 } },
      clock,
    }).start();
    actor.send({ type: "CONDITIONS_MET" });
    clock.increment(2_000);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(true);
    clock.increment(500);
    expect(actor.getSnapshot().hasTag("pulsing")).toBe(false);
  });

  it("a popup stored as finished goes straight to finished, without redirecting again", () => {
    const { actor } = start(sideButton, { finished: true });
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ popupId: "trade-in-value", outcome: "finished", redirect: null });
  });
});

describe("finished popups never become active again", () => {
  type Step = { kind: "event"; event: PopupEvent } | { kind: "wait"; ms: number } | { kind: "settle" };
  const event: fc.Arbitrary<PopupEvent> = fc.oneof(
    fc.constantFrom<PopupEvent>(
      { type: "CONDITIONS_MET" },
      { type: "CONDITIONS_LOST" },
      { type: "OPEN" },
      { type: "CLOSE" },
      { type: "DISABLE" },
    ),
    fc.record({ type: fc.constant("SUBMIT" as const), values: fc.dictionary(fc.string(), fc.string()) }),
  );
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: event.map((e) => ({ kind: "event" as const, event: e })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((ms) => ({ kind: "wait" as const, ms })) },
    { weight: 1, arbitrary: fc.constant({ kind: "settle" as const }) },
  );
  const popupArb = fc.constantFrom(
    capture,
    sideButton,
    { ...capture, submitted: { close: true } },
    { ...sideButton, submitted: { timeoutClose: 3 } },
  );

  // Half the runs first walk a whole journey to the end, so "after finished" is reached often, not by luck.
  const journey: Step[] = [
    { kind: "event", event: { type: "CONDITIONS_MET" } },
    { kind: "event", event: { type: "OPEN" } },
    { kind: "event", event: { type: "SUBMIT", values: {} } },
    { kind: "settle" },
    { kind: "wait", ms: 7_000 },
    { kind: "event", event: { type: "CLOSE" } },
  ];
  const stepLists = fc
    .tuple(fc.boolean(), fc.array(step, { maxLength: 20 }))
    .map(([walk, tail]) => (walk ? [...journey, ...tail] : tail));

  it("whatever the visitor and the clock do afterwards", async () => {
    await fc.assert(
      fc.asyncProperty(popupArb, fc.boolean(), stepLists, async (popup, stored, steps) => {
        const { actor, clock, machine } = start(popup, { finished: stored });
        if (stored) expect(actor.getSnapshot().matches("finished")).toBe(true);
        for (const s of steps) {
          const snapshot = actor.getSnapshot();
          if (snapshot.status === "done") {
            // A final state stops the actor; ask the machine itself what each further event would do.
            if (s.kind !== "event") continue;
            expect(snapshot.can(s.event)).toBe(false);
            const [next] = transition(machine, snapshot, s.event);
            expect(next.value).toEqual(snapshot.value);
            expect(next.matches("active") || next.hasTag("dialog") || next.hasTag("button")).toBe(false);
            continue;
          }
          if (s.kind === "event") actor.send(s.event);
          else if (s.kind === "wait") clock.increment(s.ms);
          else await settled(actor);
        }
      }),
      { numRuns: 200 },
    );
  });
});
