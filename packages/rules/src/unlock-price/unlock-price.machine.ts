import { assign, fromPromise, setup } from "xstate";
import {
  clampToSlider,
  defaultCashDown,
  defaultFinancingRules,
  type FinancingRules,
  type PaymentEstimate,
} from "../financing";
import { isValidProfile, type VisitorProfile } from "../profile";
import { ActorNotProvidedError } from "../shared/errors";
import { parseInput } from "../shared/parse-input";
import { type ContactDraft, draftOf, invalidProfileFields } from "./contact-draft";
import { unlockPriceEstimate } from "./estimate";
import { type UnlockPriceInput, unlockPriceInputSchema } from "./input.schema";
import { type ContactError, SAVE_PROFILE_ERROR, UNLOCK_PRICE_CHOICES, type UnlockPriceSelections } from "./vocabulary";

export interface UnlockPriceContext extends UnlockPriceSelections {
  price: number;
  vehicleYear: number;
  contact: ContactDraft;
  contactError: ContactError | null;
  /** Set only once `saveProfile` succeeded with a valid profile. */
  savedProfile: VisitorProfile | null;
  /** The personalized estimate; set only in `done`. */
  estimate: PaymentEstimate | null;
}

export type UnlockPriceEvent =
  | { type: "SET_CASH_DOWN"; amount: number }
  | { type: "SET_TRADING"; trading: boolean }
  | { type: "SET_TRADE_EQUITY"; amount: number }
  | { type: "SET_CREDIT_SCORE"; score: number }
  | { type: "SET_TERM"; months: number }
  | { type: "SUBMIT_CONTACT"; profile: Partial<VisitorProfile> }
  | { type: "NEXT" }
  | { type: "BACK" };

/** What the app's `saveProfile` actor receives: the valid profile plus what the shopper chose, for the lead. */
export interface SaveProfileInput {
  profile: VisitorProfile;
  vehicle: { price: number; year: number };
  selections: UnlockPriceSelections;
  estimate: PaymentEstimate;
}

/** What the stepper ends with. */
export interface UnlockPriceOutput {
  profile: VisitorProfile;
  estimate: PaymentEstimate;
  choices: typeof UNLOCK_PRICE_CHOICES;
}

function selectionsOf(context: UnlockPriceContext): UnlockPriceSelections {
  const { cashDown, trading, tradeEquity, creditScore, termMonths } = context;
  return { cashDown, trading, tradeEquity, creditScore, termMonths };
}

/** Form posts arrive as numbers the app parsed; anything that is not one is ignored rather than guessed at. */
const isNumber = (value: unknown): value is number => typeof value === "number" && !Number.isNaN(value);

/**
 * The unlock-price stepper for a set of financing rules: downPayment → tradeIn → tradeEquity (only when trading) →
 * creditScore → contact → done. Every amount is clamped to its slider. The contact step invokes `saveProfile`,
 * which the app provides (`machine.provide({ actors: { saveProfile } })`); the built-in one always fails, so an
 * unprovided machine can never unlock a price. Context is plain JSON, so `getPersistedSnapshot()` can be stored
 * between form posts and resumed with `createActor(machine, { snapshot })`.
 */
export function createUnlockPriceMachine(rules: FinancingRules = defaultFinancingRules) {
  const { cashDown, tradeEquity, creditScore, financeTerm } = rules.sliders;

  const estimateOf = (context: UnlockPriceContext): PaymentEstimate => unlockPriceEstimate(context, rules);

  return setup({
    types: {
      context: {} as UnlockPriceContext,
      events: {} as UnlockPriceEvent,
      input: {} as UnlockPriceInput,
      output: {} as UnlockPriceOutput,
    },
    actors: {
      saveProfile: fromPromise<void, SaveProfileInput>(async () => {
        throw new ActorNotProvidedError("unlockPriceMachine", "saveProfile");
      }),
    },
    guards: {
      isTrading: ({ context }) => context.trading,
      submittedProfileIsValid: ({ event }) => event.type === "SUBMIT_CONTACT" && isValidProfile(event.profile),
      draftIsValid: ({ context }) => isValidProfile(context.contact),
      hasCashDown: ({ event }) => event.type === "SET_CASH_DOWN" && isNumber(event.amount),
      hasTradeEquity: ({ event }) => event.type === "SET_TRADE_EQUITY" && isNumber(event.amount),
      hasCreditScore: ({ event }) => event.type === "SET_CREDIT_SCORE" && isNumber(event.score),
      hasTerm: ({ event }) => event.type === "SET_TERM" && isNumber(event.months),
      hasTrading: ({ event }) => event.type === "SET_TRADING" && typeof event.trading === "boolean",
    },
    actions: {
      setCashDown: assign({
        cashDown: ({ event, context }) =>
          event.type === "SET_CASH_DOWN" ? clampToSlider(event.amount, cashDown) : context.cashDown,
      }),
      setTrading: assign({
        trading: ({ event, context }) => (event.type === "SET_TRADING" ? event.trading : context.trading),
      }),
      setTradeEquity: assign({
        tradeEquity: ({ event, context }) =>
          event.type === "SET_TRADE_EQUITY" ? clampToSlider(event.amount, tradeEquity) : context.tradeEquity,
      }),
      setCreditScore: assign({
        creditScore: ({ event, context }) =>
          event.type === "SET_CREDIT_SCORE" ? clampToSlider(event.score, creditScore) : context.creditScore,
      }),
      setTerm: assign({
        termMonths: ({ event, context }) =>
          event.type === "SET_TERM" ? clampToSlider(event.months, financeTerm) : context.termMonths,
      }),
      takeSubmittedContact: assign({
        contact: ({ event, context }) => (event.type === "SUBMIT_CONTACT" ? draftOf(event.profile) : context.contact),
        contactError: null,
      }),
      flagInvalidContact: assign({
        contactError: ({ context }): ContactError => ({
          reason: "invalid",
          fields: invalidProfileFields(context.contact),
        }),
      }),
      clearContactError: assign({ contactError: null }),
    },
  }).createMachine({
    id: "unlockPrice",
    context: ({ input }) => {
      const parsed = parseInput(unlockPriceInputSchema, input, "unlock-price machine input");
      return {
        price: parsed.price,
        vehicleYear: parsed.vehicleYear,
        termMonths: clampToSlider(parsed.termMonths ?? rules.quoteTerms.financeMonths, financeTerm),
        cashDown:
          parsed.cashDown === undefined
            ? defaultCashDown(parsed.price, rules)
            : clampToSlider(parsed.cashDown, cashDown),
        trading: false,
        tradeEquity: tradeEquity.default,
        creditScore: creditScore.default,
        contact: draftOf(parsed.profile),
        contactError: null,
        savedProfile: null,
        estimate: null,
      };
    },
    initial: "downPayment",
    states: {
      downPayment: {
        on: {
          SET_CASH_DOWN: { guard: "hasCashDown", actions: "setCashDown" },
          NEXT: "tradeIn",
        },
      },
      tradeIn: {
        on: {
          SET_TRADING: { guard: "hasTrading", actions: "setTrading" },
          NEXT: [{ guard: "isTrading", target: "tradeEquity" }, { target: "creditScore" }],
          BACK: "downPayment",
        },
      },
      tradeEquity: {
        on: {
          SET_TRADE_EQUITY: { guard: "hasTradeEquity", actions: "setTradeEquity" },
          NEXT: "creditScore",
          BACK: "tradeIn",
        },
      },
      creditScore: {
        on: {
          SET_CREDIT_SCORE: { guard: "hasCreditScore", actions: "setCreditScore" },
          // The term is asked next to the credit score: together they set the rate and the payment.
          SET_TERM: { guard: "hasTerm", actions: "setTerm" },
          NEXT: "contact",
          BACK: [{ guard: "isTrading", target: "tradeEquity" }, { target: "tradeIn" }],
        },
      },
      contact: {
        initial: "editing",
        states: {
          editing: {
            on: {
              SUBMIT_CONTACT: [
                { guard: "submittedProfileIsValid", target: "saving", actions: "takeSubmittedContact" },
                { actions: ["takeSubmittedContact", "flagInvalidContact"] },
              ],
              // NEXT submits the draft as it stands: a saved profile that prefilled the form needs no retyping.
              NEXT: [
                { guard: "draftIsValid", target: "saving", actions: "clearContactError" },
                { actions: "flagInvalidContact" },
              ],
              BACK: { target: "#unlockPrice.creditScore", actions: "clearContactError" },
            },
          },
          saving: {
            tags: ["busy"],
            invoke: {
              src: "saveProfile",
              input: ({ context }): SaveProfileInput => ({
                // The guards let only a valid draft in here.
                profile: context.contact,
                vehicle: { price: context.price, year: context.vehicleYear },
                selections: selectionsOf(context),
                estimate: estimateOf(context),
              }),
              onDone: {
                target: "#unlockPrice.done",
                actions: assign({
                  savedProfile: ({ context }) => ({ ...context.contact }),
                  estimate: ({ context }) => estimateOf(context),
                }),
              },
              onError: {
                target: "editing",
                actions: assign({ contactError: { reason: "save-failed", message: SAVE_PROFILE_ERROR } }),
              },
            },
          },
        },
      },
      done: { type: "final", tags: ["priceUnlocked"] },
    },
    output: ({ context }) => ({
      // `done` is entered only from a successful save, which sets both.
      profile: context.savedProfile ?? context.contact,
      estimate: context.estimate ?? estimateOf(context),
      choices: UNLOCK_PRICE_CHOICES,
    }),
  });
}

/** The unlock-price stepper with the financing rules that ship in `rules/financing.json`. */
export const unlockPriceMachine = /* @__PURE__ */ createUnlockPriceMachine();
export type UnlockPriceMachine = typeof unlockPriceMachine;
