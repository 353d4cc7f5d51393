import { type Actor, createActor, type Snapshot } from "xstate";
import * as z from "zod/mini";
import { defaultFinancingRules, type FinancingRules, isSliderValue, type Slider } from "../financing";
import { isValidProfile } from "../profile";
import { PROFILE_FIELDS } from "./contact-draft";
import type { UnlockPriceInput } from "./input.schema";
import type { UnlockPriceMachine } from "./unlock-price.machine";
import { SAVE_PROFILE_ERROR } from "./vocabulary";

// zod/mini, as on every browser subpath (ADR 213).
const sliderValue = (slider: Slider) =>
  z.number().check(z.refine((value) => isSliderValue(value, slider), { message: "Not a value of its slider." }));

const draft = z.strictObject(
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, z.string()])) as Record<
    (typeof PROFILE_FIELDS)[number],
    z.ZodMiniString
  >,
);

const nonNegative = z.number().check(z.nonnegative());
const estimate = z.strictObject({
  apr: nonNegative,
  amountFinanced: nonNegative,
  monthly: nonNegative,
  termMonths: z.int().check(z.positive()),
});

/**
 * The shape of a stored stepper snapshot, checked before it is resumed: known step, every amount a value of its
 * slider, and `done` only with a valid saved profile and an estimate. Storage must still be trusted (server-side or
 * signed): a well-formed snapshot could be forged. See ADR 022.
 */
export function persistedUnlockPriceSchema(rules: FinancingRules = defaultFinancingRules) {
  const { sliders } = rules;
  return z
    .looseObject({
      status: z.enum(["active", "done"]),
      value: z.union([
        z.enum(["downPayment", "tradeIn", "tradeEquity", "creditScore", "done"]),
        z.strictObject({ contact: z.enum(["editing", "saving"]) }),
      ]),
      context: z.strictObject({
        price: nonNegative,
        vehicleYear: z.int(),
        termMonths: sliderValue(sliders.financeTerm),
        cashDown: sliderValue(sliders.cashDown),
        trading: z.boolean(),
        tradeEquity: sliderValue(sliders.tradeEquity),
        creditScore: sliderValue(sliders.creditScore),
        contact: draft,
        contactError: z.nullable(
          z.discriminatedUnion("reason", [
            z.strictObject({ reason: z.literal("invalid"), fields: z.array(z.enum(PROFILE_FIELDS)) }),
            z.strictObject({ reason: z.literal("save-failed"), message: z.literal(SAVE_PROFILE_ERROR) }),
          ]),
        ),
        savedProfile: z.nullable(draft),
        estimate: z.nullable(estimate),
      }),
    })
    .check(
      z.superRefine((snapshot, ctx) => {
        const done = snapshot.value === "done";
        if (done !== (snapshot.status === "done")) {
          ctx.addIssue({ code: "custom", path: ["status"], message: "Only the done step is finished." });
        }
        if (done && (!isValidProfile(snapshot.context.savedProfile) || snapshot.context.estimate === null)) {
          ctx.addIssue({
            code: "custom",
            path: ["context"],
            message: "Done needs a saved valid profile and an estimate.",
          });
        }
        const saving = typeof snapshot.value === "object" && snapshot.value.contact === "saving";
        if (saving && !isValidProfile(snapshot.context.contact)) {
          ctx.addIssue({ code: "custom", path: ["context", "contact"], message: "Only a valid profile is saved." });
        }
        if (!done && snapshot.context.estimate !== null) {
          ctx.addIssue({ code: "custom", path: ["context", "estimate"], message: "The price is locked until done." });
        }
      }),
    );
}

/**
 * Resumes a stepper from a snapshot stored between form posts (`actor.getPersistedSnapshot()`, through JSON).
 * Returns the actor unstarted, like `createActor`, or null when the stored value is not a stepper snapshot (the app
 * then starts a fresh stepper).
 */
export function resumeUnlockPrice(
  machine: UnlockPriceMachine,
  stored: unknown,
  rules: FinancingRules = defaultFinancingRules,
): Actor<UnlockPriceMachine> | null {
  if (!persistedUnlockPriceSchema(rules).safeParse(stored).success) return null;
  // A restored actor never reads its input; the type asks for one only because fresh actors need it.
  return createActor(machine, {
    snapshot: stored as Snapshot<unknown>,
    input: undefined as unknown as UnlockPriceInput,
  });
}
