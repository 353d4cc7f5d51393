import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type TextTree, translator, useUi } from "../i18n";
import { PageLink } from "../navigation/page-link";
import type { VehicleCardView } from "../vehicle/types";
import { VehicleCard } from "../vehicle/vehicle-card";
import type { SearchResultsView } from "./types";

/**
 * The result cards with "Show more": a plain link to the next page, which with JavaScript loads that page with a
 * fetcher and appends its cards in place, moving focus to the first new card. The count of shown cards is a polite
 * live region, so appending is announced. Keyed by the URL and the first page in the route, so a new search starts afresh.
 */
export function SearchResults({ results, texts }: { results: SearchResultsView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  const fetcher = useFetcher();
  const [vehicles, setVehicles] = useState<VehicleCardView[]>(results.vehicles);
  const [nextHref, setNextHref] = useState(results.nextHref);
  const lastPage = useRef(results.page);
  const focusVin = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const loaded = (fetcher.data as { results?: SearchResultsView } | undefined)?.results;
    if (fetcher.state !== "idle" || !loaded || loaded.page <= lastPage.current) return;
    lastPage.current = loaded.page;
    focusVin.current = loaded.vehicles[0]?.vin ?? null;
    setVehicles((shown) => [...shown, ...loaded.vehicles]);
    setNextHref(loaded.nextHref);
  }, [fetcher.data, fetcher.state]);

  const shown = vehicles.length;
  useEffect(() => {
    if (focusVin.current === null || shown === 0) return;
    const link = list.current?.querySelector<HTMLAnchorElement>(`[data-vin="${focusVin.current}"] h2 a`);
    focusVin.current = null;
    link?.focus();
  }, [shown]);

  const first = results.firstIndex;
  const last = first + vehicles.length - 1;
  return (
    <>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {vehicles.length > 0 ? t("search.showingCount", { shown: `${first}–${last}`, total: results.total }) : ""}
      </p>
      <ol ref={list} className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={fetcher.state !== "idle"}>
        {vehicles.map((vehicle) => (
          <li key={vehicle.vin} data-vin={vehicle.vin}>
            <VehicleCard vehicle={vehicle} texts={texts} />
          </li>
        ))}
      </ol>
      {nextHref || results.prevHref ? (
        <nav aria-label={ui("common.a11y.pagination")} className="mt-10 flex items-center justify-center gap-6">
          {results.prevHref && vehicles.length === results.vehicles.length ? (
            <PageLink to={results.prevHref} rel="prev" className="font-semibold text-brand-700 hover:underline">
              {ui("common.actions.back")}
            </PageLink>
          ) : null}
          {nextHref ? (
            <PageLink
              to={nextHref}
              rel="next"
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                if (fetcher.state === "idle") fetcher.load(nextHref);
              }}
              className="rounded-md border border-brand-700 px-6 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {ui("common.labels.showMore")}
            </PageLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
