import { Suspense, useEffect } from "react";
import { Form, Link } from "react-router";
import { countText, translator, useUi } from "../components/i18n";
import { lazyView } from "../components/lazy-view";
import { FiltersButton } from "../components/search/filters-button";
import { FilterChips, SearchFacets } from "../components/search/search-facets";
import { InventorySearchForm, SortForm } from "../components/search/search-forms";
import { SearchResults } from "../components/search/search-results";
import { StoreChoice } from "../components/search/store-choice";
import { metaFromData } from "../components/seo";
import { UnlockInventoryLink } from "../components/test-drive/unlock-inventory-link";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import { carsPage } from "../content/cars.server";
import { getSite } from "../content/site.server";
import { type HtmlCacheHandle, htmlCacheFromIndex } from "../html-cache";
import type { Route } from "./+types/cars-for-sale";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const page = await carsPage(await getSite(context), request, url);
  // A search shows the index's inventory; a vehicle page reads its car's row (ADR 454).
  if (page.kind === "search") htmlCacheFromIndex(context);
  return page;
}

// A click to a vehicle page lands once its view's code is here too (fetched beside the data, at once when the listing
// already loaded it): the page never shows an empty main while the code downloads (ADR 402).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadDetail().catch(() => null)]);
  return data;
}

export const meta = metaFromData;

// Listings and detail pages depend on the visitor only through the two unlocks, which are part of the cache key.
export const handle = { htmlCache: true } satisfies HtmlCacheHandle;

// One route serves the listing and the vehicle page; each loads only its own view (ADR 402). The server renders the
// vehicle page in the same pass (it waits for the whole document) and the browser keeps that markup until the code
// arrives, then hydrates it, as the side buttons do (ADR 336). A listing fetches it once idle, for the next click.
// When the code is already here (the listing or the click's clientLoader fetched it), the page renders whole in the
// navigation's render, never through the empty fallback.
const detail = lazyView(
  () => import("../components/vehicle/vehicle-detail"),
  (module) => module.VehicleDetail,
);
const loadDetail = detail.load;
const VehicleDetail = detail.View;

type SearchData = Extract<Route.ComponentProps["loaderData"], { kind: "search" }>;

function SearchView({ data }: { data: SearchData }) {
  const t = translator(data.texts);
  const ui = useUi();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => {
      loadDetail().catch(() => {});
    });
  }, []);
  const { results } = data;
  return (
    <>
      <PageHero
        compact
        title={data.heading}
        text={countText(data.texts, "search.countAtStore", results.total, { store: data.store })}
      >
        <InventorySearchForm
          target={data.searchForm}
          q={data.q}
          label={ui("common.labels.searchInventory")}
          placeholder={t("search.placeholder")}
        />
      </PageHero>
      <Container className="py-8">
        <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
          {/* The results come first in the document and the filters after them, placed in the sidebar column on wider
              screens: on phones the filters follow the results, reached by the Filters link or dialog (ADR 262).
              Reordering with CSS order instead let a partly loaded page paint the filters first and then push them
              down (a layout shift of 0.37 on a phone). */}
          <div className="flex min-w-0 flex-col lg:col-start-2 lg:row-start-1">
            {data.storeChoice.stores.length > 1 ? (
              <div className="mb-2 sm:mb-4">
                <StoreChoice choice={data.storeChoice} texts={data.texts} />
              </div>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-4">
              {data.facets.length > 0 ? (
                <FiltersButton
                  label={t("search.openFilters")}
                  active={data.chips.length}
                  groups={data.facets}
                  chips={data.chips}
                  clearHref={data.clearHref}
                  clearLabel={ui("common.labels.clearAllFilters")}
                  total={results.total}
                  store={data.store}
                  texts={data.texts}
                />
              ) : null}
              <FilterChips
                chips={data.chips}
                clearHref={data.clearHref}
                clearLabel={ui("common.labels.clearAllFilters")}
                texts={data.texts}
              />
              <SortForm
                target={data.sortForm}
                sort={data.sort}
                options={data.sortOptions}
                label={t("search.sortBy")}
                apply={t("search.sortBy")}
              />
            </div>
            <div className="mt-6">
              {results.total > 0 ? (
                <SearchResults results={results} texts={data.texts} />
              ) : (
                <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
                  <p role="status" className="text-xl font-semibold text-slate-900">
                    {t("search.noResultsAtStore", { store: data.store })}
                  </p>
                  {data.elsewhere.length > 0 ? (
                    // The other stores' matches, each a button that switches store and comes back here (ADR 338).
                    <Form method="post" action="/api/store" className="mt-4" data-testid="elsewhere">
                      <p className="text-slate-700">{t("search.elsewhereText")}</p>
                      <input type="hidden" name="redirectTo" value={data.redirectTo} />
                      <div className="mt-3 flex flex-wrap justify-center gap-3">
                        {data.elsewhere.map((other) => (
                          <button
                            key={other.storeId}
                            type="submit"
                            name="storeId"
                            value={other.storeId}
                            className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
                          >
                            {countText(data.texts, "search.elsewhereSwitch", other.count, { store: other.store })}
                          </button>
                        ))}
                      </div>
                    </Form>
                  ) : (
                    <p className="mt-2 text-slate-700">{t("search.noResultsText")}</p>
                  )}
                  <ButtonLink to={data.clearHref} className="mt-6">
                    {ui("common.labels.clearAllFilters")}
                  </ButtonLink>
                </div>
              )}
            </div>
            <p className="mt-6">
              <Link
                to={data.alertHref}
                rel="nofollow"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {t("alerts.createSearch")}
              </Link>
            </p>
            {data.privateHidden > 0 ? (
              // After the results, so the first car is on the first screen (ADR 262), and after them in the document too.
              <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-900 p-5 text-white">
                <p>
                  {data.privateHidden === 1
                    ? t("search.privateHiddenOne")
                    : t("search.privateHidden", { count: data.privateHidden })}{" "}
                  {t("search.privateInventoryBanner")}
                </p>
                <UnlockInventoryLink className="rounded-md bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-brand-50" />
              </div>
            ) : null}
          </div>
          <div id="filters" className="scroll-mt-4 lg:col-start-1 lg:row-start-1">
            <SearchFacets groups={data.facets} texts={data.texts} store={data.store} />
          </div>
        </div>
      </Container>
    </>
  );
}

/** The inventory search page and the vehicle detail page (spec section 2). */
export default function CarsForSale({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.kind === "detail" ? (
        <Suspense fallback={null}>
          <VehicleDetail
            vehicle={loaderData.vehicle}
            similar={loaderData.similar}
            jsonLd={loaderData.jsonLd}
            texts={loaderData.texts}
          />
        </Suspense>
      ) : (
        <SearchView data={loaderData} />
      )}
      {/* After the page's own data: the vehicle's Car stays the first block. */}
      <JsonLdScript data={loaderData.breadcrumbs} />
    </>
  );
}
