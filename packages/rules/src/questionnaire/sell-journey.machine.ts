import { assign, fromPromise, setup } from "xstate";
import { isValidVin, vinCheckDigitOk } from "../inventory/vin";
import { isValidProfile, type VisitorProfile } from "../profile";
import { defaultQuestionnaire } from "./default-questionnaire";
import {
  currentStep,
  fitsInput,
  isStepComplete,
  nextStepIndex,
  previousStepIndex,
  type QuestionnaireContext,
} from "./questionnaire.machine";
import type { Questionnaire } from "./questionnaire.schema";
import { validateAnswers } from "./validate-answers";
import { type Answers, type AnswerValue, visibleAnswers, visibleSteps } from "./visibility";

/** The vehicle being sold or traded: decoded from its VIN, or chosen by year, make, model and trim. */
export interface SellVehicleIdentity {
  readonly year: number;
  readonly make: string;
  readonly model: string;
  /** Null when the shopper did not choose one or the VIN does not tell it. */
  readonly trim: string | null;
  /** Set when the vehicle was identified by its VIN. */
  readonly vin: string | null;
}

export const SELL_INTERESTS = ["sell", "trade-in"] as const;
export type SellInterest = (typeof SELL_INTERESTS)[number];

/** What the first step asks besides the vehicle: its mileage, where it is, and sell or trade-in. */
export interface SellVehicleDetails {
  readonly mileage: number;
  /** A 5-digit US ZIP code. */
  readonly zip: string;
  readonly interest: SellInterest;
}

/**
 * Why a VIN gave no vehicle: its check digit is wrong, the decoder knows no vehicle for it, or the decoder could not
 * be asked (the app's effect failed).
 */
export const VIN_PROBLEMS = ["check-digit", "undecodable", "unavailable"] as const;
export type VinProblem = (typeof VIN_PROBLEMS)[number];

/** What a `decodeVin` actor rejects with when it found no vehicle; any other failure counts as `unavailable`. */
export class VinDecodeError extends Error {
  override name = "VinDecodeError";
  constructor(readonly problem: VinProblem) {
    super(`The VIN gave no vehicle: ${problem}`);
  }
}

/** What a `decodeVin` actor resolves with. */
export interface DecodedVehicle {
  readonly year: number;
  readonly make: string;
  readonly model: string;
  readonly trim: string | null;
}

export interface SellJourneyContext {
  readonly vehicle: SellVehicleIdentity | null;
  readonly details: SellVehicleDetails | null;
  /** Every answer given so far, as the questionnaire machine keeps them. */
  readonly answers: Answers;
  /** The current questionnaire step, an index into the questionnaire's categories. */
  readonly stepIndex: number;
  /** Why the last VIN gave no vehicle; cleared by the next identification. */
  readonly vinProblem: VinProblem | null;
  /** The VIN being decoded, or the last one refused (so the form can show it again). */
  readonly vin: string | null;
  /** Set on the last step. */
  readonly profile: VisitorProfile | null;
}

export type SellJourneyEvent =
  | { type: "IDENTIFY_BY_VIN"; vin: string; details: SellVehicleDetails }
  | { type: "CHOOSE_VEHICLE"; vehicle: Omit<SellVehicleIdentity, "vin">; details: SellVehicleDetails }
  | { type: "CONFIRM" }
  | { type: "CHANGE" }
  | { type: "ANSWER"; questionId: string; value: AnswerValue }
  | { type: "NEXT" }
  | { type: "BACK" }
  | { type: "SUBMIT"; profile: VisitorProfile };

/** Everything the offer is computed from, once the journey is complete. */
export interface SellJourneyOutput {
  readonly vehicle: SellVehicleIdentity;
  readonly details: SellVehicleDetails;
  /** Answers to shown questions only. */
  readonly answers: Answers;
  readonly profile: VisitorProfile;
}

const ZIP_PATTERN = /^\d{5}$/;
const filled = (text: unknown): text is string => typeof text === "string" && text.trim() !== "";

/** A vehicle the offer can be computed for: a model year from 1900 to 2100, a make and a model. */
export function isSellVehicle(vehicle: Omit<SellVehicleIdentity, "vin">): boolean {
  return (
    Number.isInteger(vehicle.year) &&
    vehicle.year >= 1900 &&
    vehicle.year <= 2100 &&
    filled(vehicle.make) &&
    filled(vehicle.model) &&
    (vehicle.trim === null || typeof vehicle.trim === "string")
  );
}

/** Whole miles from 1 to 2,000,000 (zero counts as empty in the spec), a 5-digit ZIP, sell or trade-in. */
export function isSellDetails(details: SellVehicleDetails): boolean {
  return (
    Number.isInteger(details.mileage) &&
    details.mileage >= 1 &&
    details.mileage <= 2_000_000 &&
    typeof details.zip === "string" &&
    ZIP_PATTERN.test(details.zip) &&
    (SELL_INTERESTS as readonly string[]).includes(details.interest)
  );
}

function questionnaireContext(questionnaire: Questionnaire, context: SellJourneyContext): QuestionnaireContext {
  return { questionnaire, answers: context.answers, stepIndex: context.stepIndex };
}

function firstShownStep(questionnaire: Questionnaire, answers: Answers): number {
  return visibleSteps(answers, questionnaire).find((s) => s.questions.length > 0)?.index ?? 0;
}

function problemOf(error: unknown): VinProblem {
  return error instanceof VinDecodeError ? error.problem : "unavailable";
}

function makeSellJourneyMachine(questionnaire: Questionnaire) {
  const q = (context: SellJourneyContext) => questionnaireContext(questionnaire, context);
  return setup({
    types: {
      context: {} as SellJourneyContext,
      events: {} as SellJourneyEvent,
      output: {} as SellJourneyOutput,
    },
    actors: {
      /** The app decodes (server: the offline vPIC database; browser: a request to the server). */
      decodeVin: fromPromise<DecodedVehicle, { vin: string }>(async () => {
        throw new VinDecodeError("unavailable");
      }),
    },
    guards: {
      canDecode: (_, params: { vin: string; details: SellVehicleDetails }) =>
        vinCheckDigitOk(params.vin) && isSellDetails(params.details),
      hasWrongCheckDigit: (_, params: { vin: string; details: SellVehicleDetails }) =>
        isValidVin(params.vin) && !vinCheckDigitOk(params.vin) && isSellDetails(params.details),
      isChoice: (_, params: { vehicle: Omit<SellVehicleIdentity, "vin">; details: SellVehicleDetails }) =>
        isSellVehicle(params.vehicle) && isSellDetails(params.details),
      isDecoded: (_, params: { vehicle: DecodedVehicle }) => isSellVehicle(params.vehicle),
      identifiedByVin: ({ context }) => context.vehicle?.vin != null,
      isAnswerable: ({ context }, params: { questionId: string; value: unknown }) => {
        const question = currentStep(q(context)).questions.find((x) => x.questionId === params.questionId);
        return question !== undefined && fitsInput(question.inputType, params.value);
      },
      canGoNext: ({ context }) => isStepComplete(q(context)) && nextStepIndex(q(context)) !== undefined,
      canFinishQuestions: ({ context }) =>
        nextStepIndex(q(context)) === undefined && validateAnswers(context.answers, questionnaire).success,
      canGoBack: ({ context }) => previousStepIndex(q(context)) !== undefined,
      isProfile: (_, params: { profile: VisitorProfile }) => isValidProfile(params.profile),
    },
    actions: {
      startDecoding: assign({
        vin: (_, params: { vin: string; details: SellVehicleDetails }) => params.vin.toUpperCase(),
        details: (_, params: { vin: string; details: SellVehicleDetails }) => params.details,
        vehicle: null,
        vinProblem: null,
      }),
      refuseVin: assign({
        vin: (_, params: { vin: string; details: SellVehicleDetails }) => params.vin.toUpperCase(),
        details: (_, params: { vin: string; details: SellVehicleDetails }) => params.details,
        vehicle: null,
        vinProblem: "check-digit" as const,
      }),
      chooseVehicle: assign({
        vehicle: (_, params: { vehicle: Omit<SellVehicleIdentity, "vin">; details: SellVehicleDetails }) => ({
          ...params.vehicle,
          vin: null,
        }),
        details: (_, params: { vehicle: Omit<SellVehicleIdentity, "vin">; details: SellVehicleDetails }) =>
          params.details,
        vin: null,
        vinProblem: null,
        stepIndex: ({ context }) => firstShownStep(questionnaire, context.answers),
      }),
      acceptDecoded: assign({
        vehicle: ({ context }, params: { vehicle: DecodedVehicle }) => ({ ...params.vehicle, vin: context.vin }),
      }),
      rememberProblem: assign({ vinProblem: (_, params: { problem: VinProblem }) => params.problem }),
      toFirstQuestionStep: assign({ stepIndex: ({ context }) => firstShownStep(questionnaire, context.answers) }),
      forgetVehicle: assign({ vehicle: null, vinProblem: null }),
      recordAnswer: assign({
        answers: ({ context }, params: { questionId: string; value: AnswerValue }) => ({
          ...context.answers,
          [params.questionId]: params.value,
        }),
      }),
      goNext: assign({ stepIndex: ({ context }) => nextStepIndex(q(context)) ?? context.stepIndex }),
      goBack: assign({ stepIndex: ({ context }) => previousStepIndex(q(context)) ?? context.stepIndex }),
      keepProfile: assign({ profile: (_, params: { profile: VisitorProfile }) => params.profile }),
    },
  }).createMachine({
    id: "sellJourney",
    context: () => ({
      vehicle: null,
      details: null,
      answers: {},
      stepIndex: firstShownStep(questionnaire, {}),
      vinProblem: null,
      vin: null,
      profile: null,
    }),
    initial: "identify",
    // A vehicle may be identified again from any step: a page the browser went back to posts its form anew.
    on: {
      IDENTIFY_BY_VIN: [
        {
          guard: { type: "canDecode", params: ({ event }) => event },
          target: ".decoding",
          actions: { type: "startDecoding", params: ({ event }) => event },
        },
        {
          guard: { type: "hasWrongCheckDigit", params: ({ event }) => event },
          target: ".identify",
          actions: { type: "refuseVin", params: ({ event }) => event },
        },
      ],
      CHOOSE_VEHICLE: {
        guard: { type: "isChoice", params: ({ event }) => event },
        target: ".questionnaire",
        actions: { type: "chooseVehicle", params: ({ event }) => event },
      },
    },
    states: {
      identify: {},
      decoding: {
        tags: ["busy"],
        invoke: {
          src: "decodeVin",
          input: ({ context }) => ({ vin: context.vin ?? "" }),
          onDone: [
            {
              guard: { type: "isDecoded", params: ({ event }) => ({ vehicle: event.output }) },
              target: "confirm",
              actions: { type: "acceptDecoded", params: ({ event }) => ({ vehicle: event.output }) },
            },
            {
              target: "identify",
              actions: { type: "rememberProblem", params: { problem: "undecodable" as const } },
            },
          ],
          onError: {
            target: "identify",
            actions: { type: "rememberProblem", params: ({ event }) => ({ problem: problemOf(event.error) }) },
          },
        },
      },
      confirm: {
        on: {
          CONFIRM: { target: "questionnaire", actions: "toFirstQuestionStep" },
          CHANGE: { target: "identify", actions: "forgetVehicle" },
        },
      },
      questionnaire: {
        on: {
          ANSWER: {
            guard: { type: "isAnswerable", params: ({ event }) => event },
            actions: { type: "recordAnswer", params: ({ event }) => event },
          },
          NEXT: [
            { guard: "canGoNext", actions: "goNext" },
            { guard: "canFinishQuestions", target: "contact" },
          ],
          BACK: [
            { guard: "canGoBack", actions: "goBack" },
            { guard: "identifiedByVin", target: "confirm" },
            { target: "identify", actions: "forgetVehicle" },
          ],
        },
      },
      contact: {
        on: {
          BACK: { target: "questionnaire" },
          SUBMIT: {
            guard: { type: "isProfile", params: ({ event }) => event },
            target: "complete",
            actions: { type: "keepProfile", params: ({ event }) => event },
          },
        },
      },
      complete: { type: "final" },
    },
    output: ({ context }) => ({
      vehicle: context.vehicle as SellVehicleIdentity,
      details: context.details as SellVehicleDetails,
      answers: visibleAnswers(context.answers, questionnaire),
      profile: context.profile as VisitorProfile,
    }),
  });
}

export type SellJourneyMachine = ReturnType<typeof makeSellJourneyMachine>;

const machines = new WeakMap<Questionnaire, SellJourneyMachine>();

/**
 * The sell/trade journey as a machine, for one questionnaire: identify the vehicle (a VIN, decoded by the app's
 * `decodeVin` actor and confirmed by the shopper, or a chosen year, make, model and trim) with its mileage, ZIP and
 * sell or trade-in; answer the questionnaire step by step (the questionnaire machine's rules: shown questions only,
 * NEXT refused until the step is answered); then the contact details, which complete it. Its output is what the
 * offer is computed from. A VIN with a wrong check digit is refused without decoding.
 */
export function createSellJourneyMachine(questionnaire: Questionnaire = defaultQuestionnaire): SellJourneyMachine {
  let machine = machines.get(questionnaire);
  if (!machine) {
    machine = makeSellJourneyMachine(questionnaire);
    machines.set(questionnaire, machine);
  }
  return machine;
}

/** The journey over the questionnaire that ships with the package. */
export const sellJourneyMachine: SellJourneyMachine = createSellJourneyMachine();
