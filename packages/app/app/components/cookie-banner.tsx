import { POPUP_SESSION_KEY, POPUP_STORAGE_KEYS } from "@showroom/rules/popups";
import { type FormEvent, lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { writeBrowserCookie } from "../cookies";
import { translator } from "./i18n";
import { PageLink } from "./navigation/page-link";
import type { ConsentView } from "./shell-data";

const PreferencesDialog = lazy(() => import("./consent/preferences-dialog"));

/**
 * Stores a choice in the browser at once, as the server's answer will (same names, lifetime and value), so leaving
 * the page during the banner's fade cannot lose it; the POST that follows confirms it (ADR 280).
 */
function writeConsentCookies(allowed: string) {
  writeBrowserCookie("displayCookies", "hide");
  writeBrowserCookie("allowCookies", allowed);
  if (!allowed.split(",").includes("functional")) forgetFunctionalStorage();
}

/** Functional consent withdrawn: what the popups kept under it (spec section 3) goes too, not just future writes. */
function forgetFunctionalStorage() {
  try {
    for (const key of Object.values(POPUP_STORAGE_KEYS)) localStorage.removeItem(key);
    sessionStorage.removeItem(POPUP_SESSION_KEY);
  } catch {
    // Storage refused (private mode): there is nothing kept to forget.
  }
}

/**
 * The cookie banner (spec sections 2 and 4). Every choice is a form POST to /api/consent that stores the consent
 * cookies and sends the visitor back, so it works without JavaScript; Customize is then a link to the preferences on
 * the cookie policy page. With JavaScript the choice is written at once, the banner fades for the spec's save delay
 * and the POST confirms it without leaving the page; Customize opens the preferences dialog.
 */
export function CookieBanner({ consent }: { consent: ConsentView }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [closing, setClosing] = useState(false);
  const [dialog, setDialog] = useState(false);
  const customize = useRef<HTMLAnchorElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (consent.visible) setClosing(false);
  }, [consent.visible]);

  if (!consent.visible) return null;
  const t = translator(consent.texts);
  const here = `${location.pathname}${location.search}`;

  const choose = (form: FormData, allowed: string | undefined) => {
    form.set("via", "fetch");
    if (allowed !== undefined) writeConsentCookies(allowed);
    setClosing(true);
    timer.current = setTimeout(() => {
      void fetcher.submit(form, { method: "post", action: "/api/consent" });
    }, consent.saveDelayMs);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    // Language changes redraw the banner at once; choices fade out first (the spec's 500 ms save delay).
    if (form.has("language")) {
      form.set("via", "fetch");
      void fetcher.submit(form, { method: "post", action: "/api/consent" });
      return;
    }
    choose(form, consent.choices[form.get("choice") as keyof ConsentView["choices"]]);
  };
  const openPreferences = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    import("./consent/preferences-dialog").then(
      () => setDialog(true),
      () => window.location.assign(href),
    );
  };
  const closePreferences = () => {
    setDialog(false);
    requestAnimationFrame(() => customize.current?.focus());
  };
  const savePreferences = (allowed: string) => {
    setDialog(false);
    const form = new FormData();
    form.set("choice", "save");
    for (const category of allowed.split(",")) form.append("categories", category);
    choose(form, allowed);
  };

  const button = "rounded-md px-4 py-2 text-sm font-semibold";
  return (
    <section
      aria-labelledby="cookie-banner-title"
      lang={consent.language}
      className="fixed inset-x-0 bottom-0 z-50 border-t [&:not(:has(>[data-banner-end]))]:invisible border-slate-200 bg-white p-4 shadow-[0_-8px_24px_rgba(15,23,42,0.12)] transition-opacity duration-500 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-lg sm:rounded-xl sm:border"
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
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {consent.buttons.includes("customize") ? (
            <a
              ref={customize}
              href={`${consent.preferencesPath}?return=${encodeURIComponent(here)}#cookie-preferences`}
              onClick={openPreferences}
              aria-haspopup="dialog"
              className={`${button} mr-auto border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              {t("button.customize")}
            </a>
          ) : null}
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
      {/* The banner grows upward from the bottom edge, so a browser that paints it half parsed (a document arriving
          in parts, or a busy parser yielding) would move it up as the rest arrives: a layout shift of about 0.05 on a
          phone. The section stays invisible until this last element is parsed, then appears whole (CSS, so without
          JavaScript too; docs/decisions/301). */}
      <span data-banner-end="" hidden />
      {dialog ? (
        <Suspense fallback={null}>
          <PreferencesDialog consent={consent} onSave={savePreferences} onClose={closePreferences} />
        </Suspense>
      ) : null}
    </section>
  );
}
