import { Heading } from "react-aria-components";
import { CloseButton, ModalShell } from "../dialog/modal-shell";
import { countText, translator } from "../i18n";
import type { FiltersDialogProps } from "./filters-button";
import { FilterChips, SearchFacets } from "./search-facets";

/**
 * The phone's Filters dialog (loaded on first use): the chips, the facet groups and a button with the results count
 * that closes it. Its data are the page's loader data, so choosing a value (a client navigation that keeps the
 * scroll) renders the new counts here while it stays open; the count is a polite live region.
 */
export default function FiltersDialog({
  groups,
  chips,
  clearHref,
  clearLabel,
  total,
  store,
  texts,
  onClose,
}: FiltersDialogProps) {
  const t = translator(texts);
  // Both say the store they count, as the page's hero does (ADR 403).
  const count = countText(texts, "search.countAtStore", total, { store });
  return (
    <ModalShell
      onClose={onClose}
      placement="sheet"
      layer="z-40"
      dialogProps={{ "aria-labelledby": "filters-dialog-title" }}
    >
      {(close) => (
        <>
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <Heading id="filters-dialog-title" slot="title" className="text-xl font-semibold text-slate-900">
              {t("search.filtersTitle")}
            </Heading>
            <CloseButton label={t("search.closeFilters")} onClose={close} className="" />
          </div>
          <div className="grow overflow-y-auto px-4 py-3">
            <FilterChips chips={chips} clearHref={clearHref} clearLabel={clearLabel} texts={texts} />
            <div className={chips.length > 0 ? "mt-3" : ""}>
              <SearchFacets groups={groups} texts={texts} store={store} idPrefix="dialog-" titled={false} />
            </div>
          </div>
          <div className="border-t border-slate-200 p-4">
            <p role="status" className="sr-only">
              {count}
            </p>
            <button
              type="button"
              onClick={close}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              {countText(texts, "search.applyFiltersAtStore", total, { store })}
            </button>
          </div>
        </>
      )}
    </ModalShell>
  );
}
