import { useEffect, useRef } from "react";
import { useNavigate, useNavigation } from "react-router";
import { type TextTree, translator, useUi } from "../i18n";
import { PageLink } from "../navigation/page-link";
import { CompareForm, CompareSubmit } from "../vehicle/compare-pick";
import { VehicleCard } from "../vehicle/vehicle-card";
import type { SearchResultsView } from "./types";

/** The form the cards' "Compare" checkboxes submit (ADR 346). */
const COMPARE_FORM = "compare-results";

/** The address without its fragment: what the loader sees. */
const withoutHash = (href: string) => href.split("#")[0] ?? href;

/**
 * The result cards with "Show more": a plain link to the same list one page longer (`?shown=N+1#card-K`, ADR 261),
 * which without JavaScript loads that page and lands on its first new card. With JavaScript it is a navigation that
 * replaces the history entry and keeps the scroll, then moves focus to the first new card; the address always says
 * how many pages are shown, so Back from a car brings the same cards and React Router restores the scroll. The
 * count of shown cards is a polite live region, so appending is announced. "Next page" links the page after the
 * list on its own, for crawlers (ADR 231).
 */
export function SearchResults({ results, texts }: { results: SearchResultsView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const { vehicles, moreHref, nextHref, prevHref } = results;
  const loadingMore = navigation.state === "loading" && focusFrom.current !== null;

  const shown = vehicles.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLAnchorElement>("h2 a")?.focus();
  }, [shown]);

  const first = results.firstIndex;
  const last = first + vehicles.length - 1;
  return (
    <>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {vehicles.length > 0 ? t("search.showingCount", { shown: `${first}–${last}`, total: results.total }) : ""}
      </p>
      {vehicles.length > 1 ? <CompareForm id={COMPARE_FORM} texts={texts} className="mt-3" /> : null}
      <ol ref={list} className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loadingMore}>
        {vehicles.map((vehicle, i) => (
          <li key={vehicle.vin} id={`card-${first + i}`} data-vin={vehicle.vin} className="scroll-mt-24">
            {/* The first card's picture is the listing's largest paint on a phone (docs/decisions/442). */}
            <VehicleCard
              vehicle={vehicle}
              texts={texts}
              compareForm={vehicles.length > 1 ? COMPARE_FORM : undefined}
              eager={i === 0}
            />
          </li>
        ))}
      </ol>
      {vehicles.length > 3 ? (
        <div className="mt-6 flex justify-center">
          <CompareSubmit form={COMPARE_FORM} texts={texts} />
        </div>
      ) : null}
      {moreHref || nextHref || prevHref ? (
        <nav
          aria-label={ui("common.a11y.pagination")}
          className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3"
        >
          {prevHref && results.shown === 1 ? (
            <PageLink to={prevHref} rel="prev" className="font-semibold text-brand-700 hover:underline">
              {ui("common.actions.back")}
            </PageLink>
          ) : null}
          {moreHref ? (
            <PageLink
              to={moreHref}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                if (navigation.state !== "idle") return;
                focusFrom.current = vehicles.length;
                navigate(withoutHash(moreHref), { replace: true, preventScrollReset: true });
              }}
              className="inline-flex min-h-11 items-center rounded-md border border-brand-700 px-6 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {ui("common.labels.showMore")}
            </PageLink>
          ) : null}
          {nextHref ? (
            <PageLink to={nextHref} rel="next" className="text-sm text-brand-700 underline underline-offset-2">
              {t("search.nextPage")}
            </PageLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
