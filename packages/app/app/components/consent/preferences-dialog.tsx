// The cookie preferences dialog, with JavaScript: loaded when the shopper presses Customize, so react-aria-components
// never weighs on a page's first load (ADR 280).
import { formatAllowedCategories, parseAllowedCategories } from "@showroom/rules/consent";
import type { FormEvent } from "react";
import { Heading } from "react-aria-components";
import { CloseButton, ModalShell } from "../dialog/modal-shell";
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
    <ModalShell onClose={onClose} layer="z-[60]" width="max-w-lg" dialogProps={{ lang: consent.language }}>
      {(close) => (
        <form onSubmit={save}>
          <CloseButton label={t("dialog.close")} onClose={close} />
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
    </ModalShell>
  );
}
