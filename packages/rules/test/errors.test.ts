import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { createActor } from "xstate";
import * as consent from "../src/consent";
import * as creditApplication from "../src/credit-application";
import * as financing from "../src/financing";
import * as inventory from "../src/inventory";
import * as leads from "../src/leads";
import * as offer from "../src/offer";
import * as popups from "../src/popups";
import * as questionnaire from "../src/questionnaire";
import * as testDrive from "../src/test-drive";
import * as tracking from "../src/tracking";
import * as unlockPrice from "../src/unlock-price";

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The error an actor reports when it starts or runs. */
async function actorError(actor: { subscribe: (o: { error: (e: unknown) => void }) => unknown; start: () => unknown }) {
  return new Promise<unknown>((resolve) => {
    actor.subscribe({ error: resolve });
    actor.start();
  });
}

describe("one error class per failure kind, with a typed code, from the subpath that throws it", () => {
  it("RULE_FILE_INVALID: every subpath that parses a rule file throws and exports RuleFileError", () => {
    const cases = [
      [financing, () => financing.parseFinancingRules({})],
      [consent, () => consent.parseConsentRules({ denyKeeps: [], bannerHiddenPaths: [] })],
      [inventory, () => inventory.parseInventoryRules({})],
      [tracking, () => tracking.parseTrackingRules({})],
      [questionnaire, () => questionnaire.parseQuestionnaire({})],
      [offer, () => offer.parseOfferRules({ questionnaire: {}, outcomes: {}, settings: {} })],
    ] as const;
    for (const [subpath, work] of cases) {
      const error = thrown(work);
      expect(error).toBeInstanceOf(subpath.RuleFileError);
      expect(error).toBeInstanceOf(subpath.ShowroomRulesError);
      expect((error as offer.RuleFileError).code).toBe("RULE_FILE_INVALID");
      expect((error as offer.RuleFileError).problems.length).toBeGreaterThan(0);
    }
    // One class, whichever subpath it is imported from.
    expect(financing.RuleFileError).toBe(offer.RuleFileError);
    expect(leads.RuleFileError).toBe(inventory.RuleFileError);
    const config = { destinations: { DEFAULT: { to: ["a@x.example.com"] }, A: "B" } } as never;
    expect(thrown(() => leads.resolveDestination("A" as never, config))).toBeInstanceOf(leads.RuleFileError);
  });

  it("OFFER_INPUT_INVALID: evaluateOffer rejects with OfferInputError", async () => {
    const error = await offer.evaluateOffer({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(offer.OfferInputError);
    expect(error).toBeInstanceOf(offer.ShowroomRulesError);
    expect((error as offer.OfferInputError).code).toBe("OFFER_INPUT_INVALID");
  });

  it("INPUT_INVALID: functions and machines given arguments they cannot use throw InputError, never ZodError", async () => {
    const estimate = thrown(() => financing.estimatePayment({ price: -1 } as never));
    expect(estimate).toBeInstanceOf(financing.InputError);
    expect((estimate as financing.InputError).code).toBe("INPUT_INVALID");
    expect((estimate as financing.InputError).problems.map((p) => p.path)).toContain("$.price");
    const slots = thrown(() => testDrive.testDriveSlots({ now: new Date(), workingHours: [], timeZone: "Mars/Base" }));
    expect(slots).toBeInstanceOf(testDrive.InputError);
    expect((slots as testDrive.InputError).problems.map((p) => p.path)).toEqual(["$.workingHours", "$.timeZone"]);
    const path = thrown(() =>
      inventory.vehiclePath({ condition: "used", year: 21, make: "Kia", model: "Rio", vin: "KNADM4A31F6123456" }),
    );
    expect(path).toBeInstanceOf(inventory.InputError);
    const machine = await actorError(createActor(testDrive.testDriveMachine, { input: { slots: "none" } as never }));
    expect(machine).toBeInstanceOf(testDrive.InputError);
    const stepper = await actorError(createActor(unlockPrice.unlockPriceMachine, { input: { price: "x" } as never }));
    expect(stepper).toBeInstanceOf(unlockPrice.InputError);
    expect(financing.InputError).toBe(testDrive.InputError);
  });

  it("ACTOR_NOT_PROVIDED: a machine run without the app's actor fails with ActorNotProvidedError", async () => {
    const defaults = [
      [testDrive.testDriveMachine, "bookTestDrive"],
      [testDrive.inventoryUnlockMachine, "unlockInventory"],
      [unlockPrice.unlockPriceMachine, "saveProfile"],
      [popups.popupMachine, "submitPopup"],
      [creditApplication.createCreditApplicationMachine({ step: () => null, all: () => null }), "submitApplication"],
    ] as const;
    for (const [machine, name] of defaults) {
      const logic = (machine.implementations.actors as Record<string, unknown>)[name];
      const error = await actorError(createActor(logic as never, { input: {} as never }));
      expect(error).toBeInstanceOf(testDrive.ActorNotProvidedError);
      expect((error as testDrive.ActorNotProvidedError).actor).toBe(name);
    }
    expect(testDrive.ActorNotProvidedError).toBe(popups.ActorNotProvidedError);
    const direct = new popups.ActorNotProvidedError("popupMachine", "submitPopup");
    expect(direct.code).toBe("ACTOR_NOT_PROVIDED");
    expect(direct.message).toBe(
      "submitPopup is provided by the app: popupMachine.provide({ actors: { submitPopup } })",
    );
  });

  it("WEB_CRYPTO_UNAVAILABLE: hashing outside a secure context", async () => {
    vi.stubGlobal("crypto", undefined);
    try {
      const error = await tracking.sha256Hex("x").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(tracking.WebCryptoUnavailableError);
      expect((error as tracking.WebCryptoUnavailableError).code).toBe("WEB_CRYPTO_UNAVAILABLE");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("codes are typed literals, so a switch on code narrows", () => {
    expectTypeOf<offer.RuleFileError["code"]>().toEqualTypeOf<"RULE_FILE_INVALID">();
    expectTypeOf<offer.OfferInputError["code"]>().toEqualTypeOf<"OFFER_INPUT_INVALID">();
    expectTypeOf<financing.InputError["code"]>().toEqualTypeOf<"INPUT_INVALID">();
    expectTypeOf<offer.ShowroomRulesError["code"]>().toEqualTypeOf<offer.ShowroomRulesErrorCode>();
  });
});
