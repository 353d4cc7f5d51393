import { and, assign, fromPromise, setup } from "xstate";
import { ActorNotProvidedError } from "../shared/errors";
import { isButtonTriggered, isClosable } from "./dialog";
import type { PopupDefinition } from "./popup.schema";

/** The side button starts pulsing this long after it appears (spec section 4: after 10 s). */
export const SIDE_BUTTON_PULSE_AFTER_MS = 10_000;

/** …and pulses for this long (spec section 4: for 4 s). */
export const SIDE_BUTTON_PULSE_FOR_MS = 4_000;

/** What a popup's submit sends: the form values plus the email template and tracking event it names. */
export interface PopupSubmission {
  readonly popupId: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly emailTemplate: string | null;
  readonly trackEvent: string | null;
}

/** How a popup's lifecycle ended: finished (never shown again) or disabled for this session, and where to go next. */
export interface PopupOutcome {
  readonly popupId: string;
  readonly outcome: "finished" | "disabled";
  readonly redirect: string | null;
}

/** Starts a popup's lifecycle: its definition, whether storage lists it as finished, and the pulse timing. */
export interface PopupMachineInput {
  readonly popup: PopupDefinition;
  readonly finished?: boolean;
  readonly pulse?: { readonly afterMs: number; readonly forMs: number };
}

export interface PopupContext {
  readonly popup: PopupDefinition;
  readonly alreadyFinished: boolean;
  readonly pulse: { readonly afterMs: number; readonly forMs: number };
  readonly error: string | null;
  /** True once this visitor's submit succeeded in this lifecycle. */
  readonly submitted: boolean;
  readonly outcome: PopupOutcome["outcome"] | null;
}

/** Events the app sends: conditions held or stopped holding, the side button, close, submit, disable. */
export type PopupEvent =
  | { type: "CONDITIONS_MET" }
  | { type: "CONDITIONS_LOST" }
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "SUBMIT"; values: Readonly<Record<string, unknown>> }
  | { type: "DISABLE" };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A popup's lifecycle (spec section 4): inactive → active → submitted → finished. A button-triggered popup becomes
 * active hidden behind its side button (which pulses after 10 s for 4 s) and opens when the button is clicked;
 * closing its dialog before submitting returns to the button. Closing any other popup before submitting disables it
 * for the session. After the submit actor (provided by the app) succeeds, the popup finishes at once on redirect or
 * `close`, after `timeoutClose` seconds, or when the visitor closes the submitted view. A finished popup is final
 * and a popup stored as finished goes straight there, so it is never shown again.
 *
 * Tags for rendering: `button` (side button shown), `pulsing`, `dialog` (dialog shown), `busy` (submitting).
 */
export const popupMachine = setup({
  types: {
    context: {} as PopupContext,
    events: {} as PopupEvent,
    input: {} as PopupMachineInput,
    output: {} as PopupOutcome,
  },
  actors: {
    submitPopup: fromPromise<void, PopupSubmission>(async () => {
      throw new ActorNotProvidedError("popupMachine", "submitPopup");
    }),
  },
  guards: {
    alreadyFinished: ({ context }) => context.alreadyFinished,
    buttonTriggered: ({ context }) => isButtonTriggered(context.popup),
    closable: ({ context }) => isClosable(context.popup),
    finishesOnSubmit: ({ context }) =>
      context.popup.submitted?.redirect !== undefined || context.popup.submitted?.close === true,
    closesAfterTimeout: ({ context }) => context.popup.submitted?.timeoutClose !== undefined,
  },
  delays: {
    pulseAfter: ({ context }) => context.pulse.afterMs,
    pulseFor: ({ context }) => context.pulse.forMs,
    timeoutClose: ({ context }) => (context.popup.submitted?.timeoutClose ?? 0) * 1000,
  },
  actions: {
    markFinished: assign({ outcome: "finished" as const }),
    markDisabled: assign({ outcome: "disabled" as const }),
    clearError: assign({ error: null }),
    markSubmitted: assign({ submitted: true }),
  },
}).createMachine({
  id: "popup",
  context: ({ input }) => ({
    popup: input.popup,
    alreadyFinished: input.finished ?? false,
    pulse: input.pulse ?? { afterMs: SIDE_BUTTON_PULSE_AFTER_MS, forMs: SIDE_BUTTON_PULSE_FOR_MS },
    error: null,
    submitted: false,
    outcome: null,
  }),
  initial: "inactive",
  output: ({ context }) => ({
    popupId: context.popup.id,
    outcome: context.outcome ?? "finished",
    // Only a submit made now redirects; a popup found finished in storage just stays closed.
    redirect: context.submitted ? (context.popup.submitted?.redirect ?? null) : null,
  }),
  states: {
    inactive: {
      always: { guard: "alreadyFinished", target: "finished" },
      on: {
        CONDITIONS_MET: [{ guard: "buttonTriggered", target: "active.hidden" }, { target: "active.open" }],
        DISABLE: "disabled",
      },
    },
    active: {
      // Always entered through a child (hidden for button-triggered popups, open otherwise); this is only a fallback.
      initial: "open",
      states: {
        hidden: {
          tags: ["button"],
          initial: "calm",
          states: {
            calm: { after: { pulseAfter: "pulsing" } },
            pulsing: { tags: ["pulsing"], after: { pulseFor: "rested" } },
            rested: {},
          },
          on: { OPEN: "open", CONDITIONS_LOST: "#popup.inactive", DISABLE: "#popup.disabled" },
        },
        open: {
          tags: ["dialog"],
          // DISABLE is offered here and on the button, never while submitting: a lead on its way must finish the popup.
          on: {
            DISABLE: "#popup.disabled",
            SUBMIT: "submitting",
            CLOSE: [
              { guard: and(["closable", "buttonTriggered"]), target: "hidden" },
              { guard: "closable", target: "#popup.disabled" },
            ],
          },
        },
        submitting: {
          tags: ["dialog", "busy"],
          entry: "clearError",
          invoke: {
            src: "submitPopup",
            input: ({ context, event }) => ({
              popupId: context.popup.id,
              values: event.type === "SUBMIT" ? event.values : {},
              emailTemplate: context.popup.submitted?.EMAIL ?? null,
              trackEvent: context.popup.submitted?.track ?? null,
            }),
            onDone: "#popup.submitted",
            onError: { target: "open", actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    submitted: {
      tags: ["dialog"],
      entry: "markSubmitted",
      always: { guard: "finishesOnSubmit", target: "finished" },
      after: { timeoutClose: { guard: "closesAfterTimeout", target: "finished" } },
      on: { CLOSE: "finished" },
    },
    finished: { type: "final", entry: "markFinished" },
    disabled: { type: "final", entry: "markDisabled" },
  },
});
