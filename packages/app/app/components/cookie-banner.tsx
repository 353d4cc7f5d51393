import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { translator } from "./i18n";
import { PageLink } from "./navigation/page-link";
import type { ConsentView } from "./shell-data";

/**
 * The cookie banner (spec sections 2 and 4). Every choice is a form POST to /api/consent that stores the consent
 * cookies and sends the visitor back, so it works without JavaScript; with it, the banner fades for the spec's save
 * delay and the choice is sent by a fetcher without leaving the page. Customize opens the category choices in place.
 */
export function CookieBanner({ consent }: { consent: ConsentView }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (consent.visible) setClosing(false);
  }, [consent.visible]);

  if (!consent.visible) return null;
  const t = translator(consent.texts);
  const here = `${location.pathname}${location.search}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    form.set("via", "fetch");
    // Language changes redraw the banner at once; choices fade out first (the spec's 500 ms save delay).
    if (form.has("language")) {
      void fetcher.submit(form, { method: "post", action: "/api/consent" });
      return;
    }
    setClosing(true);
    timer.current = setTimeout(() => {
      void fetcher.submit(form, { method: "post", action: "/api/consent" });
    }, consent.saveDelayMs);
  };

  const button = "rounded-md px-4 py-2 text-sm font-semibold";
  return (
    <section
      aria-labelledby="cookie-banner-title"
      lang={consent.language}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_24px_rgba(15,23,42,0.12)] transition-opacity duration-500 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-lg sm:rounded-xl sm:border"
      style={closing ? { opacity: 0 } : undefined}
    >
      <form method="post" action="/api/consent" onSubmit={submit}>
        <input type="hidden" name="redirectTo" value={here} />
        <div className="flex items-start justify-between gap-4">
          <h2 id="cookie-banner-title" className="text-base font-semibold text-slate-900">
            {t("banner.title")}
          </h2>
          {consent.languages.length > 1 ? (
            <fieldset className="flex shrink-0 items-center gap-1 text-xs">
              <legend className="sr-only">{t("dialog.language")}</legend>
              {consent.languages.map((language) => (
                <button
                  key={language}
                  type="submit"
                  name="language"
                  value={language}
                  lang={language}
                  aria-pressed={language === consent.language}
                  className={`rounded px-2 py-1 ${language === consent.language ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {t(`language.${language}`)}
                </button>
              ))}
            </fieldset>
          ) : null}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {t("banner.message")}{" "}
          <PageLink to="/legal/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
            {t("banner.policyLink")}
          </PageLink>
        </p>
        {consent.buttons.includes("customize") ? (
          <details className="group mt-3">
            <summary className={`${button} inline-block border border-slate-300 text-slate-800 hover:bg-slate-50`}>
              {t("button.customize")}
            </summary>
            <fieldset className="mt-3 space-y-3">
              <legend className="text-sm font-semibold text-slate-900">{t("dialog.title")}</legend>
              <p className="text-sm text-slate-700">{t("dialog.intro")}</p>
              {consent.categories.map((category) => {
                const id = `consent-${category.id}`;
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
                      className="mt-1 size-4 accent-brand-700"
                    />
                    <div className="text-sm">
                      <label htmlFor={id} className="font-medium text-slate-900">
                        {t(`category.${category.id}.title`)}
                        {category.locked ? (
                          <span className="ml-2 text-xs text-slate-600">({t("dialog.alwaysOn")})</span>
                        ) : null}
                      </label>
                      <p id={`${id}-text`} className="text-slate-600">
                        {t(`category.${category.id}.description`)}
                      </p>
                    </div>
                  </div>
                );
              })}
              <button
                type="submit"
                name="choice"
                value="save"
                className={`${button} w-full border border-brand-700 text-brand-700 hover:bg-brand-50`}
              >
                {t("button.savePreferences")}
              </button>
            </fieldset>
          </details>
        ) : null}
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {consent.buttons.includes("deny") ? (
            <button
              type="submit"
              name="choice"
              value="deny"
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              {t("button.deny")}
            </button>
          ) : null}
          {consent.buttons.includes("accept-all") ? (
            <button
              type="submit"
              name="choice"
              value="accept-all"
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
            >
              {t("button.acceptAll")}
            </button>
          ) : null}
          {consent.buttons.includes("close") ? (
            <button
              type="submit"
              name="choice"
              value="close"
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
            >
              {t("button.close")}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
