import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Actor, createActor, fromPromise, waitFor } from "xstate";
import { candidateAnswersArb } from "../offer/arbitraries.test-support";
import { defaultQuestionnaire } from "./default-questionnaire";
import { currentStep } from "./questionnaire.machine";
import { persistedSellJourneySchema, resumeSellJourney, sellJourneyProgress, sellJourneyStep } from "./sell-journey";
import {
  type DecodedVehicle,
  isSellDetails,
  isSellVehicle,
  type SellJourneyEvent,
  type SellJourneyMachine,
  type SellVehicleDetails,
  sellJourneyMachine,
  VinDecodeError,
  type VinProblem,
} from "./sell-journey.machine";
import { validateAnswers } from "./validate-answers";
import { type Answers, type AnswerValue, visibleAnswers } from "./visibility";

/** VINs with a right check digit (a 2021 MINI and a 2014 Chevrolet Spark of the fixtures) and one with a wrong one. */
const MINI = "WMWWJ9C03M2387500";
const SPARK = "KL8CD6SA1EC456789";
const WRONG_DIGIT = "KL8CB6SA3EC000000";

const DETAILS: SellVehicleDetails = { mileage: 48_000, zip: "63119", interest: "sell" };
const PROFILE = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" };
const CONDITION_DETAILS = {
  "200": "no",
  "201": "no",
  "202": "no",
  "203": "none",
  "204": "none",
  "205": "two-or-more",
};

/** A decoder that knows these VINs and rejects any other as undecodable. */
function decoderOf(known: Record<string, DecodedVehicle | VinProblem>) {
  const calls: string[] = [];
  const machine = sellJourneyMachine.provide({
    actors: {
      decodeVin: fromPromise<DecodedVehicle, { vin: string }>(async ({ input }) => {
        calls.push(input.vin);
        const found = known[input.vin] ?? "undecodable";
        if (typeof found === "string") throw new VinDecodeError(found);
        return found;
      }),
    },
  });
  return { machine, calls };
}

const { machine: decoding, calls: decodeCalls } = decoderOf({
  [MINI]: { year: 2021, make: "MINI", model: "Cooper Convertible", trim: null },
  [SPARK]: { year: 2014, make: "Chevrolet", model: "Spark", trim: "1LT" },
});

async function settled(actor: Actor<SellJourneyMachine>) {
  return waitFor(actor, (s) => !s.hasTag("busy"));
}

function answer(actor: Actor<SellJourneyMachine>, answers: Answers) {
  for (const [questionId, value] of Object.entries(answers)) {
    if (value !== undefined) actor.send({ type: "ANSWER", questionId, value });
  }
}

/** The questionnaire step the journey is on. */
function withDefault(context: { answers: Answers; stepIndex: number }) {
  return { questionnaire: defaultQuestionnaire, answers: context.answers, stepIndex: context.stepIndex };
}

function stepId(actor: Actor<SellJourneyMachine>): string {
  return currentStep(withDefault(actor.getSnapshot().context)).category.categoryId;
}

describe("sell journey machine", () => {
  it("a VIN is decoded and shown to confirm; confirming opens the questionnaire; great skips to the last step; the contact details complete it", async () => {
    const actor = createActor(decoding).start();
    actor.send({ type: "IDENTIFY_BY_VIN", vin: MINI.toLowerCase(), details: DETAILS });
    const confirm = await settled(actor);
    expect(sellJourneyStep(confirm)).toBe("confirm");
    expect(confirm.context.vehicle).toEqual({
      year: 2021,
      make: "MINI",
      model: "Cooper Convertible",
      trim: null,
      vin: MINI,
    });
    expect(sellJourneyProgress(confirm)).toEqual({ number: 1, total: 7 });
    actor.send({ type: "CONFIRM" });
    expect(stepId(actor)).toBe("overall-condition");
    answer(actor, { "100": "great" });
    actor.send({ type: "NEXT" });
    expect(stepId(actor)).toBe("anything-else");
    // "Great" skips the three condition steps: the count jumps ahead rather than shrinking its total.
    expect(sellJourneyProgress(actor.getSnapshot())).toEqual({ number: 6, total: 7 });
    actor.send({ type: "NEXT" });
    expect(sellJourneyStep(actor.getSnapshot())).toBe("contact");
    actor.send({ type: "SUBMIT", profile: { ...PROFILE, phone: "555" } });
    expect(sellJourneyStep(actor.getSnapshot())).toBe("contact");
    actor.send({ type: "SUBMIT", profile: PROFILE });
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({
      vehicle: { year: 2021, make: "MINI", model: "Cooper Convertible", trim: null, vin: MINI },
      details: DETAILS,
      answers: { "100": "great" },
      profile: PROFILE,
    });
  });

  it("poor shows every step, structural integrity (400–403) among them, and BACK retraces to the confirmation", async () => {
    const actor = createActor(decoding).start();
    actor.send({ type: "IDENTIFY_BY_VIN", vin: SPARK, details: DETAILS });
    await settled(actor);
    actor.send({ type: "CONFIRM" });
    const visited = [stepId(actor)];
    answer(actor, { "100": "poor" });
    for (const answers of [
      CONDITION_DETAILS,
      { "300": ["none"], "301": "good" },
      { "400": "no", "401": "clean", "402": "no", "403": "none" },
    ]) {
      actor.send({ type: "NEXT" });
      visited.push(stepId(actor));
      if (visited.at(-1) === "structural-integrity") {
        expect(currentStep(withDefault(actor.getSnapshot().context)).questions.map((q) => q.questionId)).toEqual([
          "400",
          "401",
          "402",
          "403",
        ]);
      }
      answer(actor, answers);
    }
    actor.send({ type: "NEXT" });
    visited.push(stepId(actor));
    expect(visited).toEqual([
      "overall-condition",
      "condition-details",
      "repair-needs",
      "structural-integrity",
      "anything-else",
    ]);
    for (let i = 0; i < 4; i++) actor.send({ type: "BACK" });
    expect(stepId(actor)).toBe("overall-condition");
    actor.send({ type: "BACK" });
    expect(sellJourneyStep(actor.getSnapshot())).toBe("confirm");
  });

  it("a chosen vehicle goes straight to the questionnaire, and BACK from its first step returns to the vehicle step", () => {
    const actor = createActor(decoding).start();
    actor.send({
      type: "CHOOSE_VEHICLE",
      vehicle: { year: 2019, make: "Toyota", model: "RAV4", trim: "XLE" },
      details: DETAILS,
    });
    expect(sellJourneyStep(actor.getSnapshot())).toBe("questionnaire");
    expect(actor.getSnapshot().context.vehicle?.vin).toBeNull();
    actor.send({ type: "BACK" });
    expect(sellJourneyStep(actor.getSnapshot())).toBe("identify");
    expect(actor.getSnapshot().context.vehicle).toBeNull();
    expect(actor.getSnapshot().context.details).toEqual(DETAILS);
  });

  it("a wrong check digit is refused without decoding; an unknown VIN and a failed decoder say why", async () => {
    decodeCalls.length = 0;
    const actor = createActor(decoding).start();
    actor.send({ type: "IDENTIFY_BY_VIN", vin: WRONG_DIGIT, details: DETAILS });
    expect(actor.getSnapshot().context).toMatchObject({ vinProblem: "check-digit", vin: WRONG_DIGIT });
    expect(decodeCalls).toEqual([]);
    actor.send({ type: "IDENTIFY_BY_VIN", vin: "1HGCM82633A004352", details: DETAILS });
    expect((await settled(actor)).context.vinProblem).toBe("undecodable");
    const unprovided = createActor(sellJourneyMachine).start();
    unprovided.send({ type: "IDENTIFY_BY_VIN", vin: MINI, details: DETAILS });
    expect((await settled(unprovided)).context.vinProblem).toBe("unavailable");
  });

  it("a decoder answering something that is not a vehicle counts as undecodable", async () => {
    const { machine } = decoderOf({ [MINI]: { year: 1850, make: "", model: "Cooper", trim: null } });
    const actor = createActor(machine).start();
    actor.send({ type: "IDENTIFY_BY_VIN", vin: MINI, details: DETAILS });
    const after = await settled(actor);
    expect(sellJourneyStep(after)).toBe("identify");
    expect(after.context.vinProblem).toBe("undecodable");
  });
});

const detailsArb: fc.Arbitrary<SellVehicleDetails> = fc.record({
  mileage: fc.oneof(fc.integer({ min: 1, max: 300_000 }), fc.constantFrom(0, -5, 1.5, 2_000_001)),
  zip: fc.oneof(fc.constantFrom("63119", "63376"), fc.string({ maxLength: 6 })),
  interest: fc.constantFrom("sell" as const, "trade-in" as const),
});

const eventArb = (answers: Record<string, AnswerValue>): fc.Arbitrary<SellJourneyEvent> =>
  fc.oneof(
    fc.record({
      type: fc.constant("IDENTIFY_BY_VIN" as const),
      vin: fc.constantFrom(MINI, SPARK, WRONG_DIGIT, "1HGCM82633A004352", "short"),
      details: detailsArb,
    }),
    fc.record({
      type: fc.constant("CHOOSE_VEHICLE" as const),
      vehicle: fc.record({
        year: fc.oneof(fc.integer({ min: 1990, max: 2027 }), fc.constantFrom(1899, 2101)),
        make: fc.constantFrom("Toyota", "", "  "),
        model: fc.constantFrom("RAV4", "Camry", ""),
        trim: fc.constantFrom(null, "XLE"),
      }),
      details: detailsArb,
    }),
    fc.constantFrom<SellJourneyEvent>({ type: "CONFIRM" }, { type: "CHANGE" }, { type: "NEXT" }, { type: "BACK" }),
    fc
      .constantFrom(...Object.entries(answers))
      .map(([questionId, value]): SellJourneyEvent => ({ type: "ANSWER", questionId, value })),
    fc.constantFrom<SellJourneyEvent>(
      { type: "SUBMIT", profile: PROFILE },
      { type: "SUBMIT", profile: { ...PROFILE, email: "nope" } },
    ),
  );

/**
 * Half the runs: a whole journey (a chosen vehicle, every candidate answer then NEXT, round after round, and a valid
 * profile) with random events slipped in; the other half random events only. So complete journeys occur.
 */
const journeyArb = (maxRandom: number): fc.Arbitrary<SellJourneyEvent[]> =>
  candidateAnswersArb().chain((answers) => {
    const random = fc.array(eventArb(answers), { maxLength: maxRandom });
    const round: SellJourneyEvent[] = [
      ...Object.entries(answers).map(
        ([questionId, value]): SellJourneyEvent => ({ type: "ANSWER", questionId, value }),
      ),
      { type: "NEXT" },
    ];
    const whole: SellJourneyEvent[] = [
      { type: "CHOOSE_VEHICLE", vehicle: { year: 2019, make: "Toyota", model: "RAV4", trim: null }, details: DETAILS },
      ...Array.from({ length: 6 }, () => round).flat(),
      { type: "SUBMIT", profile: PROFILE },
    ];
    const interleaved = fc
      .array(fc.tuple(fc.nat({ max: whole.length }), eventArb(answers)), { maxLength: 3 })
      .map((inserts) => {
        const events = [...whole];
        for (const [at, event] of inserts.sort((a, b) => b[0] - a[0])) events.splice(at, 0, event);
        return events;
      });
    return fc.oneof(random, interleaved);
  });

describe("sell journey machine properties", () => {
  it("whatever is sent: past the vehicle step the vehicle and details are valid, a questionnaire step shows a question, the contact step follows complete answers, and the output answers validate", async () => {
    await fc.assert(
      fc.asyncProperty(journeyArb(40), async (events) => {
        const actor = createActor(decoding).start();
        for (const event of events) {
          if (actor.getSnapshot().status === "done") break;
          actor.send(event);
          const snapshot = await settled(actor);
          const step = sellJourneyStep(snapshot);
          const { vehicle, details, answers } = snapshot.context;
          if (step !== "identify") {
            expect(vehicle && isSellVehicle(vehicle)).toBe(true);
            expect(details && isSellDetails(details)).toBe(true);
          }
          if (step === "confirm") expect(vehicle?.vin).toMatch(/^[A-Z0-9]{17}$/);
          if (step === "questionnaire") {
            expect(currentStep(withDefault(snapshot.context)).questions.length).toBeGreaterThan(0);
          }
          if (step === "contact" || step === "complete") expect(validateAnswers(answers).success).toBe(true);
          if (snapshot.context.vinProblem === "check-digit") expect(decodeCalls).not.toContain(WRONG_DIGIT);
        }
        const last = actor.getSnapshot();
        if (last.status === "done") {
          expect(validateAnswers(last.output?.answers).success).toBe(true);
          expect(last.output?.answers).toEqual(visibleAnswers(last.context.answers));
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it("whatever is sent: the step count's total never changes from the vehicle to the contact step, and the number stays within it, first on the vehicle and last on the contact details", async () => {
    const longest = defaultQuestionnaire.categories.filter((c) => c.questionsIds.length > 0).length + 2;
    await fc.assert(
      fc.asyncProperty(journeyArb(40), async (events) => {
        const actor = createActor(decoding).start();
        const seen = [sellJourneyProgress(actor.getSnapshot())];
        for (const event of events) {
          if (actor.getSnapshot().status === "done") break;
          actor.send(event);
          const snapshot = await settled(actor);
          const progress = sellJourneyProgress(snapshot);
          seen.push(progress);
          expect(progress.number).toBeGreaterThanOrEqual(1);
          expect(progress.number).toBeLessThanOrEqual(progress.total);
          const step = sellJourneyStep(snapshot);
          if (step === "identify" || step === "confirm") expect(progress.number).toBe(1);
          if (step === "contact") expect(progress.number).toBe(progress.total);
          if (step === "questionnaire") expect(progress.number).toBe(2 + snapshot.context.stepIndex);
        }
        expect(new Set(seen.map((p) => p.total))).toEqual(new Set([longest]));
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it("a journey stored at any step (as JSON) validates, resumes, and then answers every event exactly as the original", async () => {
    await fc.assert(
      fc.asyncProperty(
        journeyArb(25).chain((events) =>
          fc.tuple(
            fc.nat({ max: events.length }).map((cut) => events.slice(0, cut)),
            fc.constant(events),
            fc.nat({ max: events.length }),
          ),
        ),
        async ([before, all, from]) => {
          const after = all.slice(from, from + 12);
          const original = createActor(decoding).start();
          for (const event of before) {
            if (original.getSnapshot().status === "done") break;
            original.send(event);
            await settled(original);
          }
          if (original.getSnapshot().status === "done") return;
          const stored = JSON.parse(JSON.stringify(original.getPersistedSnapshot()));
          expect(persistedSellJourneySchema().safeParse(stored).success).toBe(true);
          const resumed = resumeSellJourney(decoding, stored)?.start();
          if (!resumed) throw new Error("a stored journey did not resume");
          for (const event of after) {
            original.send(event);
            resumed.send(event);
            const [a, b] = [await settled(original), await settled(resumed)];
            expect(b.value).toEqual(a.value);
            expect(b.context).toEqual(a.context);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a stored value that is not a resumable journey is refused", () => {
    const fresh = createActor(sellJourneyMachine).start().getPersistedSnapshot() as Record<string, unknown>;
    const context = fresh.context as Record<string, unknown>;
    for (const bad of [
      null,
      "journey",
      { ...fresh, value: "complete" },
      { ...fresh, value: "questionnaire" },
      {
        ...fresh,
        value: "confirm",
        context: {
          ...context,
          vehicle: { year: 2021, make: "MINI", model: "x", trim: null, vin: null },
          details: DETAILS,
        },
      },
      { ...fresh, context: { ...context, stepIndex: 9 } },
      { ...fresh, context: { ...context, extra: 1 } },
    ]) {
      expect(resumeSellJourney(sellJourneyMachine, bad)).toBeNull();
    }
    expect(resumeSellJourney(sellJourneyMachine, fresh)).not.toBeNull();
  });
});
