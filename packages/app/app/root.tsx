import {
  error as errorText,
  fallbackTitle,
  notFound,
  statusMessages,
} from "@showroom/fixtures/translations/en/errors.json" with { type: "json" };
import { lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { LazyCookieBanner, ServerCookieBanner } from "./components/cookie-banner-slot";
import { ErrorPage, errorMeta } from "./components/error-page";
import { lookup } from "./components/i18n";
import { LoadingBar } from "./components/loading-bar";
import { LinkNavigation } from "./components/navigation/link-navigation";
import { PopupHost } from "./components/popups/popup-host";
import type { ShellData, TrackingView } from "./components/shell-data";
import { Toaster } from "./components/toast";
import { PhotoBase } from "./components/vehicle/photo-base";
import { trackingMiddleware } from "./content/marketing.server";
import { shellData } from "./content/shell.server";
import { getSite, siteMiddleware } from "./content/site.server";
import { useNonce, useServerHead } from "./nonce";

// Only what the last-resort error page reads: named imports let the bundle leave the rest of errors.json out.
const errorsEn = { notFound, error: errorText, fallbackTitle, statusMessages };

export const middleware: Route.MiddlewareFunction[] = [siteMiddleware, trackingMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shell, setCookies } = shellData(await getSite(context), request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(shell, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The whole stylesheet (7 kB gzip) rides in the document, so first paint waits on no other request; the browser
  // keeps the server's text, the client renders an empty string it never applies (docs/decisions/150).
  // The boot script (the `js` class, the reload guard, the new-version check) comes the same way (ADR 289).
  const head = useServerHead();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2f5f" />
        {/* react-aria reads this nonce for the small <style> elements it adds (press and scroll locking). */}
        <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/media/dealers/logo/icon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's constant boot script, nonce'd; no input reaches it */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: head?.bootScript ?? "" }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, nonce'd; no input reaches it */}
        <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: head?.stylesheet ?? "" }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Fetched only once consent allows analytics or targeting, after hydration (ADR 281).
const Tracker = lazy(() => import("./components/tracking/tracker"));

function Marketing({ view }: { view: TrackingView | null }) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (view) setOn(true);
  }, [view]);
  return on ? (
    <Suspense fallback={null}>
      <Tracker view={view} />
    </Suspense>
  ) : null;
}

/** The toasts, the loading bar and the cookie banner live above the layouts, so they survive every page change. */
export default function App({ loaderData }: Route.ComponentProps) {
  const shell = loaderData as ShellData;
  const common = (key: string) => lookup(shell.ui.common, key);
  const CookieBanner = useContext(ServerCookieBanner) ?? LazyCookieBanner;
  return (
    <>
      <LoadingBar settings={shell.loadingBar} label={common("a11y.pageLoading")} />
      <PhotoBase.Provider value={shell.photoBase}>
        <Outlet />
      </PhotoBase.Provider>
      <LinkNavigation />
      <Toaster
        initial={shell.toasts}
        lifeMs={shell.toast.lifeMs}
        cleanupDelay={shell.toast.cleanupDelayMs}
        label={common("a11y.notifications")}
        closeLabel={common("a11y.closeNotification")}
      />
      {shell.consent ? (
        <Suspense fallback={null}>
          <CookieBanner consent={shell.consent} />
        </Suspense>
      ) : null}
      <Marketing view={shell.tracking} />
      {shell.popups ? <PopupHost view={shell.popups} /> : null}
    </>
  );
}

export function meta({ error, loaderData }: Route.MetaArgs) {
  return error ? errorMeta(error, (loaderData as ShellData | undefined)?.ui.errors ?? errorsEn) : [];
}

/** The last resort, when even the shell could not load: the error page without header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  if (error instanceof Error && !shell) console.error(`${error.name}: ${error.message}`);
  return (
    <main id="main" className="flex min-h-screen flex-col">
      <ErrorPage error={error} errors={shell?.ui.errors ?? errorsEn} />
    </main>
  );
}
