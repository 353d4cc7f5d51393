// The one modal frame of the site's lazily loaded dialogs (cookie preferences, Filters, Schedule Test Drive,
// Personalize My Price): react-aria's overlay, modal and dialog, closed by Escape, a click outside or the X, with focus
// kept inside while open and handed back by react-aria when it closes. Each dialog supplies only its content.
import type { ComponentProps, ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";

const CLOSE_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** The X: a 44 px target (WCAG 2.5.8) named by `label`; `className` places it (the corner of a centred card by default). */
export function CloseButton({
  label,
  onClose,
  className = "absolute top-2 right-2",
}: {
  label: string;
  onClose: () => void;
  className?: string;
}) {
  return (
    <button type="button" onClick={onClose} aria-label={label} className={`${className} ${CLOSE_BUTTON}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
        <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}

/** How the frame sits on the screen: a centred card (the default) or a sheet from the right edge (Filters). */
const PLACEMENTS = {
  card: {
    overlay: "flex items-start justify-center overflow-y-auto p-4 sm:items-center",
    modal: "w-full rounded-xl bg-white shadow-xl",
    dialog: "relative p-6 outline-none",
  },
  sheet: {
    overlay: "flex items-stretch justify-end",
    modal: "flex h-full w-full max-w-md flex-col bg-white shadow-xl",
    dialog: "flex h-full flex-col outline-none",
  },
} as const;

export function ModalShell({
  onClose,
  placement = "card",
  layer = "z-50",
  width = "max-w-xl",
  dialogProps,
  children,
}: {
  /** Called once the dialog has closed, however it was closed. */
  onClose: () => void;
  placement?: keyof typeof PLACEMENTS;
  /** The overlay's stacking class: the cookie dialog sits over the banner, Filters under the toasts. */
  layer?: string;
  /** The card's maximum width class. */
  width?: string;
  /** The dialog's name (`aria-label` or `aria-labelledby`) and language. */
  dialogProps?: Pick<ComponentProps<typeof Dialog>, "aria-label" | "aria-labelledby" | "lang">;
  /** The content, given the function that closes the dialog (for its X and its own buttons). */
  children: (close: () => void) => ReactNode;
}) {
  const classes = PLACEMENTS[placement];
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={`fixed inset-0 ${layer} bg-slate-900/60 ${classes.overlay}`}
    >
      <Modal className={`${classes.modal} ${placement === "card" ? width : ""}`}>
        <Dialog className={classes.dialog} {...dialogProps}>
          {({ close }) => children(close)}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * What a dialog shows while its route's data loads: the words, or, once the fetch has failed, a link to the route's
 * own page (which works without the dialog).
 */
export function DialogLoading({
  loading,
  href,
  label,
  text,
}: {
  loading: boolean;
  href: string;
  label: string;
  text: string;
}) {
  return (
    <p role="status" className="py-8 pr-12 text-slate-800">
      {loading ? (
        text
      ) : (
        <a href={href} className="text-brand-700 underline">
          {label}
        </a>
      )}
    </p>
  );
}
