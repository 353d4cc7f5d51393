import { type ComponentType, lazy, type MouseEvent, Suspense, useState } from "react";
import type { TextTree } from "../i18n";
import { isPlainLinkClick } from "../navigation/link-navigation";
import type { FacetGroup, FilterChip } from "./types";

/** What the phone's Filters dialog shows: the page's own facets and chips, and the results count at `store`. */
export interface FiltersDialogProps {
  groups: FacetGroup[];
  chips: FilterChip[];
  clearHref: string;
  clearLabel: string;
  total: number;
  /** Which stores the counts count: "Brentwood", "both stores". */
  store: string;
  texts: TextTree;
  onClose: () => void;
}

const load = () => import("./filters-dialog");
// react-aria-components' Modal stays out of the page's first-load JavaScript: fetched on the first hover or tap.
const FiltersDialog: ComponentType<FiltersDialogProps> = lazy(load);

/**
 * "Filters" on phones and tablets (hidden beside the desktop sidebar): without JavaScript a link down to the filters,
 * which the page lists after the results there; with it, the same filters in a dialog with the results count
 * (ADR 262). Choosing a value navigates as in the sidebar and the dialog stays open on the new results.
 */
export function FiltersButton({
  label,
  active,
  ...dialog
}: Omit<FiltersDialogProps, "onClose"> & { label: string; active: number }) {
  const [open, setOpen] = useState(false);
  const preload = () => {
    void load().catch(() => {
      // The click tries again, and falls back to the link.
    });
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLinkClick(event, event.currentTarget, window.location.origin)) return;
    event.preventDefault();
    load().then(
      () => setOpen(true),
      () => {
        window.location.hash = "filters";
      },
    );
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link without JavaScript (down to #filters); the click opens the dialog once hydrated. */}
      <a
        href="#filters"
        aria-haspopup="dialog"
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:border-brand-600 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
          <path strokeWidth="2" strokeLinecap="round" d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {label}
        {active > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 text-sm text-white">
            <span className="sr-only">, </span>
            {active}
          </span>
        ) : null}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <FiltersDialog {...dialog} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
