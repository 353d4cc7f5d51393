import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, getInitialSnapshot, type SnapshotFrom, transition } from "xstate";
import { candidateAnswersArb } from "../offer/arbitraries.test-support";
import { currentStep, type QuestionnaireEvent, questionnaireMachine } from "./questionnaire.machine";
import { validateAnswers } from "./validate-answers";
import { type Answers, visibleAnswers } from "./visibility";

type Snapshot = SnapshotFrom<typeof questionnaireMachine>;

function start(answers?: Answers) {
  const emitted: Answers[] = [];
  const actor = createActor(questionnaireMachine, { input: answers ? { answers } : undefined });
  actor.on("submitted", (e) => emitted.push(e.answers));
  actor.start();
  return { actor, emitted, step: () => currentStep(actor.getSnapshot().context).category.categoryId };
}

function answerStep(actor: ReturnType<typeof start>["actor"], answers: Answers) {
  for (const [questionId, value] of Object.entries(answers)) {
    if (value !== undefined) actor.send({ type: "ANSWER", questionId, value });
  }
}

const DETAILS = { "200": "no", "201": "no", "202": "yes", "203": "minor", "204": "none", "205": "two-or-more" };

describe("questionnaire machine", () => {
  it("starts on the overall condition step", () => {
    const { actor, step } = start();
    expect(actor.getSnapshot().matches("answering")).toBe(true);
    expect(step()).toBe("overall-condition");
    expect(currentStep(actor.getSnapshot().context)).toMatchObject({ number: 1, total: 2 });
  });

  it("great skips condition details, repair needs and structural integrity", () => {
    const { actor, step } = start();
    answerStep(actor, { "100": "great" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe("anything-else");
    expect(currentStep(actor.getSnapshot().context)).toMatchObject({ number: 2, total: 2 });
    actor.send({ type: "BACK" });
    expect(step()).toBe("overall-condition");
  });

  it("NEXT is refused while a shown required answer is missing", () => {
    const { actor, step } = start();
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    actor.send({ type: "NEXT" });
    expect(step()).toBe("overall-condition");
    answerStep(actor, { "100": "fair" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe("condition-details");
    answerStep(actor, { "200": "no", "201": "no", "202": "no", "203": "none", "204": "none" });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    answerStep(actor, { "205": "one" });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(true);
  });

  it("NEXT is refused while a checkbox answer combines none with a repair", () => {
    const { actor, step } = start({ "100": "fair", ...DETAILS });
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" });
    expect(step()).toBe("repair-needs");
    answerStep(actor, { "300": ["none", "brakes"], "301": "good" });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    answerStep(actor, { "300": ["brakes"] });
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(true);
  });

  it("poor walks all five steps, and BACK retraces them", () => {
    const { actor, step } = start();
    const visited = [step()];
    answerStep(actor, { "100": "poor" });
    for (const answers of [
      DETAILS,
      { "300": ["none"], "301": "good" },
      { "400": "no", "401": "clean", "402": "no", "403": "none" },
    ]) {
      actor.send({ type: "NEXT" });
      visited.push(step());
      answerStep(actor, answers);
    }
    actor.send({ type: "NEXT" });
    visited.push(step());
    expect(visited).toEqual([
      "overall-condition",
      "condition-details",
      "repair-needs",
      "structural-integrity",
      "anything-else",
    ]);
    expect(actor.getSnapshot().can({ type: "NEXT" })).toBe(false);
    const back: string[] = [];
    while (actor.getSnapshot().can({ type: "BACK" })) {
      actor.send({ type: "BACK" });
      back.push(step());
    }
    expect(back).toEqual(visited.slice(0, -1).reverse());
  });

  it("good skips repair needs and structural integrity", () => {
    const { actor, step } = start({ "100": "good" });
    actor.send({ type: "NEXT" });
    answerStep(actor, DETAILS);
    actor.send({ type: "NEXT" });
    expect(step()).toBe("anything-else");
  });

  it("an answer to a question not shown on the current step is ignored", () => {
    const { actor } = start();
    answerStep(actor, { "200": "yes", "100": "blue" });
    expect(actor.getSnapshot().context.answers).toEqual({ "100": "blue" });
    answerStep(actor, { "100": ["great"] });
    expect(actor.getSnapshot().context.answers).toEqual({ "100": "blue" });
  });

  it("SUBMIT emits and outputs the answers of shown questions only", () => {
    const { actor, emitted, step } = start();
    answerStep(actor, { "100": "poor" });
    actor.send({ type: "NEXT" });
    answerStep(actor, DETAILS);
    actor.send({ type: "BACK" });
    answerStep(actor, { "100": "great" });
    expect(actor.getSnapshot().can({ type: "SUBMIT" })).toBe(false);
    actor.send({ type: "NEXT" });
    expect(step()).toBe("anything-else");
    answerStep(actor, { "500": "New tires in March." });
    actor.send({ type: "SUBMIT" });
    const expected = { "100": "great", "500": "New tires in March." };
    expect(emitted).toEqual([expected]);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ answers: expected });
  });

  it("SUBMIT is refused before the last shown step", () => {
    const { actor } = start({ "100": "good", ...DETAILS });
    expect(actor.getSnapshot().can({ type: "SUBMIT" })).toBe(false);
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().can({ type: "SUBMIT" })).toBe(true);
  });

  it("answering every shown step in turn submits exactly the answers to shown questions", () => {
    fc.assert(
      fc.property(candidateAnswersArb(), (all) => {
        const { actor, emitted } = start();
        while (actor.getSnapshot().status === "active") {
          const before = actor.getSnapshot().context.stepIndex;
          for (const q of currentStep(actor.getSnapshot().context).questions) {
            const value = all[q.questionId];
            if (value !== undefined) actor.send({ type: "ANSWER", questionId: q.questionId, value });
          }
          actor.send({ type: actor.getSnapshot().can({ type: "NEXT" }) ? "NEXT" : "SUBMIT" });
          const after = actor.getSnapshot();
          expect(after.status === "done" || after.context.stepIndex > before).toBe(true);
        }
        expect(emitted).toEqual([visibleAnswers(all)]);
        expect(actor.getSnapshot().output).toEqual({ answers: visibleAnswers(all) });
      }),
      { numRuns: 200 },
    );
  });

  it("whatever is sent, the current step shows a question and a submission is valid", () => {
    const events = candidateAnswersArb().chain((answers) =>
      fc.array(
        fc.oneof(
          fc
            .constantFrom(...Object.entries(answers))
            .map(([questionId, value]): QuestionnaireEvent => ({ type: "ANSWER", questionId, value })),
          fc.constantFrom<QuestionnaireEvent>({ type: "NEXT" }, { type: "BACK" }, { type: "SUBMIT" }),
        ),
        { maxLength: 40 },
      ),
    );
    fc.assert(
      fc.property(events, (sequence) => {
        let snapshot: Snapshot = getInitialSnapshot(questionnaireMachine, {});
        const emitted: Answers[] = [];
        for (const event of sequence) {
          if (snapshot.status === "done") break;
          const [next, actions] = transition(questionnaireMachine, snapshot, event);
          snapshot = next;
          for (const a of actions as { type: string; params?: { event?: { answers: Answers } } }[]) {
            if (a.type === "xstate.emit" && a.params?.event) emitted.push(a.params.event.answers);
          }
          expect(currentStep(snapshot.context).questions.length).toBeGreaterThan(0);
        }
        for (const answers of emitted) expect(validateAnswers(answers).success).toBe(true);
        if (snapshot.status === "done") expect(emitted).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });
});
