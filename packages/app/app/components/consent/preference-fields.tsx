import { translator } from "../i18n";
import type { ConsentView } from "../shell-data";

/**
 * The category switches of the cookie preferences, shared by the dialog (with JavaScript) and the preferences section
 * of the cookie policy page (without): one checkbox per category, essential checked and locked. Checked boxes post as
 * `categories`.
 */
export function PreferenceFields({ consent, idPrefix }: { consent: ConsentView; idPrefix: string }) {
  const t = translator(consent.texts);
  return (
    <div className="space-y-4">
      {consent.categories.map((category) => {
        const id = `${idPrefix}-${category.id}`;
        return (
          <div key={category.id} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              name="categories"
              value={category.id}
              defaultChecked={category.locked || consent.allowed.includes(category.id)}
              disabled={category.locked}
              aria-describedby={`${id}-text`}
              className="mt-1 size-5 accent-brand-700"
            />
            <div className="text-sm">
              <label htmlFor={id} className="font-medium text-slate-900">
                {t(`category.${category.id}.title`)}
                {category.locked ? <span className="ml-2 text-xs text-slate-600">({t("dialog.alwaysOn")})</span> : null}
              </label>
              <p id={`${id}-text`} className="text-slate-600">
                {t(`category.${category.id}.description`)}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
