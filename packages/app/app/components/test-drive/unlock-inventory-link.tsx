import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { PageLink } from "../navigation/page-link";

/**
 * Opens the private-inventory unlock, coming back to the page the shopper is on. A plain link to the JS-off flow.
 */
export function UnlockInventoryLink({ className = "", children }: { className?: string; children?: ReactNode }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <PageLink to={`/unlock-inventory?return=${encodeURIComponent(back)}`} rel="nofollow" className={className}>
      {children ?? "Unlock Vehicle Inventory"}
    </PageLink>
  );
}
