import type { AnchorHTMLAttributes } from "react";

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this site (`/cars-for-sale/suvs`), or a full URL, which is left to the browser. */
  to: string;
  /** Fetch the page's code and data when a shopper points at, focuses or touches the link, as `<Link>` does. */
  prefetch?: "intent";
  /** Keep the scroll position, for links that refine the page being read (filters, chips). */
  preventScrollReset?: boolean;
  /**
   * Let React Router learn the route of `to` when the page loads (lazy route discovery), as `<Link>` does. Off for
   * links whose route is the page's own, such as a search's ninety facet values.
   */
  discover?: boolean;
}

/**
 * A link to one of the site's pages, rendered and hydrated as a plain `<a href>` with no hooks or effects of its own
 * (docs/decisions/157). `LinkNavigation`, mounted once at the root, makes a plain click on it a client-side navigation
 * and prefetches on intent, as React Router's `<Link>` does. Without JavaScript it is an ordinary link.
 */
export function PageLink({ to, prefetch, preventScrollReset, discover = true, ...anchor }: PageLinkProps) {
  const path = to.startsWith("/") && !to.startsWith("//");
  return (
    <a
      {...anchor}
      href={to}
      data-page-link=""
      data-discover={path && discover ? "true" : undefined}
      data-prefetch={path ? prefetch : undefined}
      data-prevent-scroll-reset={preventScrollReset ? "" : undefined}
    />
  );
}
