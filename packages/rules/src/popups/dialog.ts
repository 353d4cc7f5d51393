import type { PopupDefinition } from "./popup.schema";

/** Where a dialog can sit (spec section 9); `center` is the default. */
export const DIALOG_POSITIONS = [
  "center",
  "left",
  "right",
  "top",
  "topleft",
  "topright",
  "bottom",
  "bottomleft",
  "bottomright",
] as const;

/** One of {@link DIALOG_POSITIONS}. */
export type DialogPosition = (typeof DIALOG_POSITIONS)[number];

/** Whether a popup opens from a side button rather than by itself. */
export function isButtonTriggered(popup: PopupDefinition): boolean {
  return popup.button !== undefined;
}

/** Whether the visitor may close the dialog (X, Escape, outside click): unless either close button setting is off. */
export function isClosable(popup: PopupDefinition): boolean {
  return popup.closeButton !== false && popup.settings?.closeButton !== false;
}
