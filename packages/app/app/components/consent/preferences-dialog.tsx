// The cookie preferences dialog, with JavaScript: loaded when the shopper presses Customize, so react-aria-components
// never weighs on a page's first load (ADR 280).
import { formatAllowedCategories, parseAllowedCategories } from "@showroom/rules/consent";
import type { FormEvent } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { translator } from "../i18n";
import type { ConsentView } from "../shell-data";
import { PreferenceFields } from "./preference-fields";

/**
 * Section 4's preferences dialog: the categories with essential locked, Save preferences, closed by its X, a click
 * outside or Escape. Focus stays inside while it is open; the banner returns it to Customize when it closes.
 */
export default function PreferencesDialog({
  consent,
  onSave,
  onClose,
}: {
  consent: ConsentView;
  /** The `allowCookies` value chosen (essential always in, canonical order). */
  onSave: (allowed: string) => void;
  onClose: () => void;
}) {
  const t = translator(consent.texts);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = parseAllowedCategories(new FormData(event.currentTarget).getAll("categories"));
    onSave(formatAllowedCategories(chosen));
  };
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-lg rounded-xl bg-white shadow-xl">
        <Dialog className="relative p-6 outline-none" lang={consent.language}>
          {({ close }) => (
            <form onSubmit={save}>
              <button
                type="button"
                onClick={close}
                aria-label={t("dialog.close")}
                className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
                  <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
              <Heading slot="title" className="pr-12 text-lg font-semibold text-slate-900">
                {t("dialog.title")}
              </Heading>
              <p className="mt-2 mb-4 text-sm text-slate-700">{t("dialog.intro")}</p>
              <PreferenceFields consent={consent} idPrefix="consent-dialog" />
              <button
                type="submit"
                className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
              >
                {t("button.savePreferences")}
              </button>
            </form>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
