import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { isValidProfile, type VisitorProfile } from "../profile";
import {
  type InventoryUnlockInput,
  inventoryUnlockMachine,
  type UnlockInventoryInput,
} from "./inventory-unlock.machine";
import { resumeInventoryUnlock } from "./persistence";
import { SAVE_DETAILS_ERROR } from "./texts";

const dana: VisitorProfile = { firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "3145550142" };

function start(input: InventoryUnlockInput = {}, failOn: (call: number) => boolean = () => false) {
  const unlocked: VisitorProfile[] = [];
  let calls = 0;
  const unlockInventory = fromPromise<void, UnlockInventoryInput>(async ({ input }) => {
    calls++;
    if (failOn(calls)) throw new Error("down");
    unlocked.push(input.profile);
  });
  const actor = createActor(inventoryUnlockMachine.provide({ actors: { unlockInventory } }), { input }).start();
  return { actor, unlocked, calls: () => calls };
}
const settled = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => !s.hasTag("busy"));

describe("private inventory unlock", () => {
  it("goes enterDetails → accessGranted once the app has unlocked with valid details", async () => {
    const { actor, unlocked } = start();
    expect(actor.getSnapshot().matches("enterDetails")).toBe(true);
    actor.send({ type: "SUBMIT_DETAILS", profile: dana });
    await settled(actor);
    expect(actor.getSnapshot().matches("accessGranted")).toBe(true);
    expect(actor.getSnapshot().hasTag("accessGranted")).toBe(true);
    expect(unlocked).toEqual([dana]);
    expect(actor.getSnapshot().output).toEqual({ profile: dana });
  });

  it("keeps invalid details on the form with the failing fields named, and never calls the app", () => {
    const { actor, calls } = start();
    actor.send({ type: "SUBMIT_DETAILS", profile: { ...dana, email: "dana.example.com" } });
    expect(actor.getSnapshot().matches({ enterDetails: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.invalidFields).toEqual(["email"]);
    expect(calls()).toBe(0);
  });

  it("shows the spec's error when the unlock fails, and grants access on a retry", async () => {
    const { actor } = start({ profile: dana }, (call) => call === 1);
    actor.send({ type: "SUBMIT_DETAILS" });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe("There was an error saving your information.");
    expect(actor.getSnapshot().context.error).toBe(SAVE_DETAILS_ERROR);
    actor.send({ type: "SUBMIT_DETAILS" });
    await settled(actor);
    expect(actor.getSnapshot().matches("accessGranted")).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("an unprovided machine never grants access", async () => {
    const actor = createActor(inventoryUnlockMachine, { input: { profile: dana } }).start();
    actor.send({ type: "SUBMIT_DETAILS" });
    await waitFor(actor, (s) => !s.hasTag("busy"));
    expect(actor.getSnapshot().matches({ enterDetails: "editing" })).toBe(true);
  });

  it("never grants access to details that are not a valid profile", async () => {
    const anyProfile = fc.record({
      firstName: fc.string(),
      lastName: fc.string(),
      email: fc.oneof(fc.string(), fc.emailAddress()),
      phone: fc.oneof(fc.string(), fc.stringMatching(/^\d{10}$/)),
    });
    await fc.assert(
      fc.asyncProperty(anyProfile, async (profile) => {
        const { actor, unlocked } = start();
        actor.send({ type: "SUBMIT_DETAILS", profile });
        await settled(actor);
        expect(actor.getSnapshot().matches("accessGranted")).toBe(isValidProfile(profile));
        expect(unlocked).toEqual(isValidProfile(profile) ? [profile] : []);
      }),
      { numRuns: 200 },
    );
  });

  it("resumes a stored unlock, and refuses a stored grant without valid details", async () => {
    const { actor } = start();
    actor.send({ type: "SUBMIT_DETAILS", profile: { ...dana, phone: "" } });
    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    expect(resumeInventoryUnlock(inventoryUnlockMachine, stored)?.start().getSnapshot().context.contact.phone).toBe("");
    expect(
      resumeInventoryUnlock(inventoryUnlockMachine, { ...stored, status: "done", value: "accessGranted" }),
    ).toBeNull();
  });
});
