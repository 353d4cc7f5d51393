import { assign, fromPromise, setup } from "xstate";
import * as z from "zod/mini";
import { isValidProfile, type VisitorProfile } from "../profile";
import { ActorNotProvidedError } from "../shared/errors";
import { parseInput } from "../shared/parse-input";
import { type ContactDraft, draftOf, invalidProfileFields, type ProfileField } from "../unlock-price/contact-draft";
import { SAVE_DETAILS_ERROR } from "./texts";

/** What the app knows when the private-inventory gate opens: the visitor's saved profile, if any. */
export const inventoryUnlockInputSchema = z.object({
  profile: z.nullish(
    z.object({
      firstName: z.optional(z.string()),
      lastName: z.optional(z.string()),
      email: z.optional(z.string()),
      phone: z.optional(z.string()),
    }),
  ),
});
export type InventoryUnlockInput = z.input<typeof inventoryUnlockInputSchema>;

export interface InventoryUnlockContext {
  contact: ContactDraft;
  invalidFields: ProfileField[];
  /** The spec's "There was an error saving your information." after a failed unlock, else null. */
  error: typeof SAVE_DETAILS_ERROR | null;
}

export type InventoryUnlockEvent = { type: "SUBMIT_DETAILS"; profile?: Partial<VisitorProfile> };

/** What the app's `unlockInventory` actor receives. */
export interface UnlockInventoryInput {
  profile: VisitorProfile;
}

function submittedDraft(context: InventoryUnlockContext, event: InventoryUnlockEvent): ContactDraft {
  return event.profile ? draftOf(event.profile) : context.contact;
}

/**
 * The private-inventory unlock (spec section 4): enterDetails → accessGranted. Valid details go to the
 * app-provided `unlockInventory` actor; access is granted only when it succeeds.
 */
export const inventoryUnlockMachine = setup({
  types: {
    context: {} as InventoryUnlockContext,
    events: {} as InventoryUnlockEvent,
    input: {} as InventoryUnlockInput,
    output: {} as { profile: VisitorProfile },
  },
  actors: {
    unlockInventory: fromPromise<void, UnlockInventoryInput>(async () => {
      throw new ActorNotProvidedError("inventoryUnlockMachine", "unlockInventory");
    }),
  },
  guards: {
    detailsValid: ({ context, event }) => isValidProfile(submittedDraft(context, event)),
  },
  actions: {
    takeDetails: assign({
      contact: ({ context, event }) => submittedDraft(context, event),
      invalidFields: [],
      error: null,
    }),
    flagInvalidDetails: assign({ invalidFields: ({ context }) => invalidProfileFields(context.contact) }),
  },
}).createMachine({
  id: "inventoryUnlock",
  context: ({ input }) => ({
    contact: draftOf(parseInput(inventoryUnlockInputSchema, input, "inventory-unlock machine input").profile),
    invalidFields: [],
    error: null,
  }),
  initial: "enterDetails",
  states: {
    enterDetails: {
      initial: "editing",
      states: {
        editing: {
          on: {
            SUBMIT_DETAILS: [
              { guard: "detailsValid", target: "unlocking", actions: "takeDetails" },
              { actions: ["takeDetails", "flagInvalidDetails"] },
            ],
          },
        },
        unlocking: {
          tags: ["busy"],
          invoke: {
            src: "unlockInventory",
            input: ({ context }) => ({ profile: context.contact }),
            onDone: { target: "#inventoryUnlock.accessGranted" },
            onError: { target: "editing", actions: assign({ error: SAVE_DETAILS_ERROR }) },
          },
        },
      },
    },
    accessGranted: { type: "final", tags: ["accessGranted"] },
  },
  output: ({ context }) => ({ profile: context.contact }),
});

export type InventoryUnlockMachine = typeof inventoryUnlockMachine;
