import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Actor, createActor, fromPromise } from "xstate";
import {
  ANSWER_STEPS,
  type AnswerStep,
  CREDIT_APPLICATION_STEPS,
  type CreditApplicationEvent,
  type CreditApplicationStep,
  type CreditApplicationValidator,
  createCreditApplicationMachine,
  creditApplicationStep,
  FAILED_TO_SEND,
  mergedAnswers,
  type StepValues,
} from "./credit-application.machine";
import { resumeCreditApplication } from "./persistence";

/**
 * A stand-in for the forms' schemas: a step passes when its `{step}.ok` field is "yes"; the whole application also
 * needs review's `consent` and two different `applicant.ssn` and `coBorrower.ssn`, a rule across steps as the real
 * schema has.
 */
const validator: CreditApplicationValidator = {
  step(step, values) {
    return values[`${step}.ok`] === "yes" ? null : { [`${step}.ok`]: ["This field is required"] };
  },
  all(values) {
    for (const step of ANSWER_STEPS) {
      const errors = validator.step(step, values);
      if (errors) return { step, errors };
    }
    if (values["applicant.ssn"] !== undefined && values["applicant.ssn"] === values["coBorrower.ssn"]) {
      return { step: "coBorrower", errors: { "coBorrower.ssn": ["Different SSN"] } };
    }
    if (values.consent !== "yes") return { step: "review", errors: { consent: ["Agree to sign electronically"] } };
    return null;
  },
};

const machine = createCreditApplicationMachine(validator);

const good = (step: AnswerStep, extra: Record<string, string> = {}): StepValues => ({
  [`${step}.ok`]: "yes",
  ...extra,
});

/** A controllable server: each send waits until the test answers it. */
function fakeServer() {
  const sent: StepValues[] = [];
  const pending: { resolve: (v: { reference: string }) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<{ reference: string }, { values: StepValues }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        sent.push(input.values);
        pending.push({ resolve, reject });
      }),
  );
  return { actor, sent, pending };
}

function start(server = fakeServer()) {
  const actor = createActor(machine.provide({ actors: { submitApplication: server.actor } })).start();
  return { actor, server };
}

type AppActor = Actor<typeof machine>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const stepOf = (actor: AppActor) => creditApplicationStep(actor.getSnapshot().value);

describe("credit application stepper journeys", () => {
  it("goes applicant → residence → employment → coBorrower → review → submitted, sending every answer once", async () => {
    const { actor, server } = start();
    const seen = [stepOf(actor)];
    for (const step of ANSWER_STEPS) {
      actor.send({ type: "CONTINUE", values: good(step, { [`${step}.name`]: step }) });
      seen.push(stepOf(actor));
    }
    actor.send({ type: "SUBMIT", values: { consent: "yes" } });
    expect(actor.getSnapshot().value).toBe("submitting");
    actor.send({ type: "SUBMIT", values: { consent: "yes" } });
    expect(server.sent).toHaveLength(1);
    server.pending[0]?.resolve({ reference: "FCA-7K3M-Q9XZ" });
    await flush();
    expect([...seen, stepOf(actor)]).toEqual([...CREDIT_APPLICATION_STEPS, "submitted"]);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ reference: "FCA-7K3M-Q9XZ" });
    expect(server.sent[0]).toMatchObject({
      "applicant.name": "applicant",
      "coBorrower.name": "coBorrower",
      consent: "yes",
    });
  });

  it("stays on a step whose answers fail, showing the messages, and keeps what was typed", () => {
    const { actor } = start();
    actor.send({ type: "CONTINUE", values: { "applicant.ok": "no", "applicant.name": "Dana" } });
    expect(stepOf(actor)).toBe("applicant");
    expect(actor.getSnapshot().context.errors).toEqual({ "applicant.ok": ["This field is required"] });
    expect(actor.getSnapshot().context.answers.applicant).toEqual({ "applicant.ok": "no", "applicant.name": "Dana" });
  });

  it("from review, Edit opens a step and its Continue comes back to review", () => {
    const { actor } = start();
    for (const step of ANSWER_STEPS) actor.send({ type: "CONTINUE", values: good(step) });
    actor.send({ type: "EDIT", step: "residence" });
    expect(stepOf(actor)).toBe("residence");
    actor.send({ type: "CONTINUE", values: good("residence", { moved: "yes" }) });
    expect(stepOf(actor)).toBe("review");
  });

  it("a whole-application refusal sends the shopper to the step the message belongs to", () => {
    const { actor, server } = start();
    for (const step of ANSWER_STEPS) actor.send({ type: "CONTINUE", values: good(step, { [`${step}.ssn`]: "1" }) });
    actor.send({ type: "SUBMIT", values: { consent: "yes" } });
    expect(stepOf(actor)).toBe("coBorrower");
    expect(actor.getSnapshot().context.errors).toEqual({ "coBorrower.ssn": ["Different SSN"] });
    expect(server.sent).toEqual([]);
    actor.send({ type: "CONTINUE", values: good("coBorrower", { "coBorrower.ssn": "2" }) });
    actor.send({ type: "SUBMIT", values: {} });
    expect(stepOf(actor)).toBe("review");
    expect(actor.getSnapshot().context.errors).toEqual({ consent: ["Agree to sign electronically"] });
  });

  it("a failed send returns to review with the failure message, and a server refusal to its step", async () => {
    const { actor, server } = start();
    for (const step of ANSWER_STEPS) actor.send({ type: "CONTINUE", values: good(step) });
    actor.send({ type: "SUBMIT", values: { consent: "yes" } });
    server.pending[0]?.reject(new Error("offline"));
    await flush();
    expect(stepOf(actor)).toBe("review");
    expect(actor.getSnapshot().context.submitError).toEqual({ reason: "failed", message: FAILED_TO_SEND });
    actor.send({ type: "SUBMIT", values: { consent: "yes" } });
    server.pending[1]?.reject({
      step: "employment",
      errors: { "employments[0].employer": ["This field is required"] },
    });
    await flush();
    expect(stepOf(actor)).toBe("employment");
    expect(actor.getSnapshot().context.accepted).not.toContain("employment");
    expect(server.sent).toHaveLength(2);
  });

  it("resumes from a stored snapshot, and refuses what is not one", () => {
    const { actor } = start();
    actor.send({ type: "CONTINUE", values: good("applicant", { "applicant.name": "Dana" }) });
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const resumed = resumeCreditApplication(machine, stored);
    expect(resumed).not.toBeNull();
    resumed?.start();
    expect(resumed && stepOf(resumed)).toBe("residence");
    expect(resumeCreditApplication(machine, { ...stored, value: "submitted" })).toBeNull();
    expect(
      resumeCreditApplication(machine, { ...stored, context: { ...stored.context, accepted: ["review"] } }),
    ).toBeNull();
    expect(resumeCreditApplication(machine, "garbage")).toBeNull();
  });
});

type Command =
  | { kind: "event"; event: CreditApplicationEvent }
  | { kind: "server"; answer: "ok" | "fail" | "refuse"; step: CreditApplicationStep };

const stepArb = fc.constantFrom(...CREDIT_APPLICATION_STEPS);
const answerStepArb = fc.constantFrom(...ANSWER_STEPS);
/** Answers that pass or fail at random, with a value that makes the cross-step SSN rule bite now and then. */
const valuesArb = fc.record(
  {
    step: answerStepArb,
    ok: fc.constantFrom("yes", "yes", "no"),
    ssn: fc.constantFrom("1", "2"),
    name: fc.string({ maxLength: 3 }),
  },
  { requiredKeys: ["step", "ok", "ssn"] },
);
const commandArb: fc.Arbitrary<Command> = fc
  .oneof(
    { weight: 6, arbitrary: valuesArb.map((v) => ({ kind: "continue" as const, v })) },
    { weight: 1, arbitrary: valuesArb.map((v) => ({ kind: "save" as const, v })) },
    { weight: 2, arbitrary: fc.option(valuesArb, { nil: undefined }).map((v) => ({ kind: "back" as const, v })) },
    { weight: 2, arbitrary: stepArb.map((step) => ({ kind: "edit" as const, step })) },
    { weight: 3, arbitrary: fc.constantFrom("yes", "no").map((consent) => ({ kind: "submit" as const, consent })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom("ok" as const, "fail" as const, "refuse" as const), stepArb)
        .map(([answer, step]) => ({ kind: "server" as const, answer, step })),
    },
  )
  .map((raw): Command => {
    if (raw.kind === "server") return raw;
    if (raw.kind === "edit") return { kind: "event", event: { type: "EDIT", step: raw.step } };
    if (raw.kind === "submit") return { kind: "event", event: { type: "SUBMIT", values: { consent: raw.consent } } };
    const v = "v" in raw ? raw.v : undefined;
    // The step's own fields: the form on screen posts them, whichever step that is.
    const values = (on: CreditApplicationStep): StepValues =>
      v
        ? { [`${on}.ok`]: v.ok, [`${on}.ssn`]: v.ssn, ...(v.name === undefined ? {} : { [`${on}.name`]: v.name }) }
        : {};
    if (raw.kind === "continue") return { kind: "event", event: { type: "CONTINUE", values: values("applicant") } };
    if (raw.kind === "save") return { kind: "event", event: { type: "SAVE", values: values("applicant") } };
    return { kind: "event", event: v ? { type: "BACK", values: values("applicant") } : { type: "BACK" } };
  });

/** Rewrites a command's answers for the step on screen (the generator cannot know it). */
function onScreen(command: Command, step: CreditApplicationStep): Command {
  if (command.kind !== "event" || !("values" in command.event) || command.event.type === "SUBMIT") return command;
  const values = command.event.values;
  if (!values) return command;
  const moved = Object.fromEntries(
    Object.entries(values).map(([k, val]) => [k.replace(/^applicant\./, `${step}.`), val]),
  );
  return { kind: "event", event: { ...command.event, values: moved } as CreditApplicationEvent };
}

/** Plays one command and checks the invariants that must hold after any event. */
async function play(actor: AppActor, server: ReturnType<typeof fakeServer>, raw: Command): Promise<void> {
  const before = actor.getSnapshot();
  const step = creditApplicationStep(before.value);
  const command = onScreen(raw, step === "submitted" ? "review" : step);
  if (command.kind === "server") {
    const deferred = server.pending.shift();
    if (!deferred) return;
    if (command.answer === "ok") deferred.resolve({ reference: "FCA-TEST" });
    else if (command.answer === "fail") deferred.reject(new Error("offline"));
    else deferred.reject({ step: command.step, errors: { x: ["refused"] } });
    await flush();
  } else {
    const sentBefore = server.sent.length;
    actor.send(command.event);
    const after = actor.getSnapshot();
    // In flight or finished, nothing an event says changes anything.
    if (before.value === "submitting" || before.status === "done") {
      expect(after.context).toEqual(before.context);
      expect(after.value).toBe(before.value);
    }
    // A send starts only from review, once, with a whole application that passes.
    if (server.sent.length > sentBefore) {
      expect(before.value).toBe("review");
      expect(server.sent.length).toBe(sentBefore + 1);
      expect(validator.all(server.sent.at(-1) ?? {})).toBeNull();
    }
    // An answer kept is never dropped: every other step's answers are as they were.
    for (const s of CREDIT_APPLICATION_STEPS) {
      if (before.context.answers[s] && s !== step) expect(after.context.answers[s]).toEqual(before.context.answers[s]);
    }
  }
  const now = actor.getSnapshot();
  if (now.value === "review" || now.value === "submitting") {
    for (const s of ANSWER_STEPS) expect(now.context.accepted).toContain(s);
  }
  // Accepted means the answers kept for that step pass their check.
  for (const s of now.context.accepted) expect(validator.step(s, now.context.answers[s] ?? {})).toBeNull();
  if (now.status === "done") expect(validator.all(mergedAnswers(now.context.answers))).toBeNull();
}

describe("credit application stepper properties", () => {
  it("under any events: review and sending are reached only with every step's current answers passing, the server gets each application at most once at a time and only a passing one, answers are never lost, and a shopper who then completes every step and consents always gets the application through", async () => {
    let finishedRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ complete: fc.boolean(), commands: fc.array(commandArb, { maxLength: 40 }), finish: fc.boolean() }),
        async ({ complete, commands, finish }) => {
          const server = fakeServer();
          const { actor } = start(server);
          const prefix: Command[] = complete
            ? ANSWER_STEPS.map((step) => ({ kind: "event", event: { type: "CONTINUE", values: good(step) } }))
            : [];
          for (const raw of [...prefix, ...commands]) await play(actor, server, raw);
          if (!finish) {
            actor.stop();
            return;
          }
          finishedRuns++;
          // The way out a shopper takes: answer the step on screen correctly, consent, let the server answer.
          for (let i = 0; i < 12 && actor.getSnapshot().status !== "done"; i++) {
            const value = actor.getSnapshot().value;
            if (value === "submitting") await play(actor, server, { kind: "server", answer: "ok", step: "review" });
            else if (value === "review")
              await play(actor, server, { kind: "event", event: { type: "SUBMIT", values: { consent: "yes" } } });
            else
              await play(actor, server, {
                kind: "event",
                event: { type: "CONTINUE", values: good(value as AnswerStep) },
              });
          }
          expect(actor.getSnapshot().status).toBe("done");
          expect(actor.getSnapshot().output?.reference).toBe("FCA-TEST");
          actor.stop();
        },
      ),
      { numRuns: 300 },
    );
    // Not vacuous: about half the runs end with the way out, and each of those had to finish.
    expect(finishedRuns).toBeGreaterThan(100);
  });

  it("with every step passing in order, Continue visits the five steps in the spec's order whatever came before on the same steps", () => {
    fc.assert(
      fc.property(fc.array(answerStepArb, { maxLength: 6 }), (failures) => {
        const { actor } = start();
        for (const step of failures) {
          if (stepOf(actor) === step) actor.send({ type: "CONTINUE", values: { [`${step}.ok`]: "no" } });
        }
        const seen: string[] = [stepOf(actor)];
        for (const step of ANSWER_STEPS) {
          actor.send({ type: "CONTINUE", values: good(step) });
          seen.push(stepOf(actor));
        }
        expect(seen).toEqual([...CREDIT_APPLICATION_STEPS]);
      }),
    );
  });
});
