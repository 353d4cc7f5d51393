import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useShell } from "../components/i18n";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

// Only a page with side buttons loads their code (ADR 336). The server renders them in the same pass (it waits for
// the whole document), and the browser keeps that markup until the code arrives, then hydrates it.
const SideButtons = lazy(() =>
  import("../components/popups/side-buttons").then((module) => ({ default: module.SideButtons })),
);

/**
 * Header, main landmark and footer. After a client-side page change focus moves to the main landmark, so keyboard
 * and screen-reader users start at the new page instead of the link they left. The side buttons have their own place
 * beside the main landmark (ADR 335): a column from 640 px, a bar before the footer on a phone.
 */
export function PageFrame({ minimal = false, children }: { minimal?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const popups = useShell()?.popups;
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: focus moves when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader minimal={minimal} />
      <div className="flex flex-1 flex-col sm:flex-row">
        <main id="main" ref={main} tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
          {children}
        </main>
        {popups?.sideButtonSpace ? (
          <Suspense fallback={null}>
            <SideButtons view={popups} />
          </Suspense>
        ) : null}
      </div>
      <SiteFooter minimal={minimal} />
    </div>
  );
}
