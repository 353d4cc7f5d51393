import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { translator } from "../i18n";
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
  texts,
  onClose,
}: FiltersDialogProps) {
  const t = translator(texts);
  const count = total === 1 ? t("search.resultsCountOne") : t("search.resultsCount", { count: total });
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-40 flex items-stretch justify-end bg-slate-900/60"
    >
      <Modal className="flex h-full w-full max-w-md flex-col bg-white shadow-xl">
        <Dialog className="flex h-full flex-col outline-none" aria-labelledby="filters-dialog-title">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
                <Heading id="filters-dialog-title" slot="title" className="text-xl font-semibold text-slate-900">
                  {t("search.filtersTitle")}
                </Heading>
                <button
                  type="button"
                  onClick={close}
                  aria-label={t("search.closeFilters")}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
                    <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>
              <div className="grow overflow-y-auto px-4 py-3">
                <FilterChips chips={chips} clearHref={clearHref} clearLabel={clearLabel} texts={texts} />
                <div className={chips.length > 0 ? "mt-3" : ""}>
                  <SearchFacets groups={groups} texts={texts} idPrefix="dialog-" titled={false} />
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
                  {total === 1 ? t("search.applyFiltersOne") : t("search.applyFilters", { count: total })}
                </button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
