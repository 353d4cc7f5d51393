import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

/**
 * Header, main landmark and footer. After a client-side page change focus moves to the main landmark, so keyboard
 * and screen-reader users start at the new page instead of the link they left.
 */
export function PageFrame({ minimal = false, children }: { minimal?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
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
      <main id="main" ref={main} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter minimal={minimal} />
    </div>
  );
}
