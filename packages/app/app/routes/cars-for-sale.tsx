import { Link, useLocation } from "react-router";
import { type TextTree, translator, useUi } from "../components/i18n";
import { Icon } from "../components/icon";
import { FilterChips, SearchFacets } from "../components/search/search-facets";
import { InventorySearchForm, SortForm } from "../components/search/search-forms";
import { SearchResults } from "../components/search/search-results";
import { metaFromData } from "../components/seo";
import { telHref } from "../components/site-header";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { type VehicleDetailView, VehicleGrid, VehiclePicture } from "../components/vehicles";
import { carsPage } from "../content/cars.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/cars-for-sale";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  return carsPage(await getSite(context), request, url);
}

export const meta = metaFromData;

type SearchData = Extract<Route.ComponentProps["loaderData"], { kind: "search" }>;
type DetailData = Extract<Route.ComponentProps["loaderData"], { kind: "detail" }>;

function SearchView({ data }: { data: SearchData }) {
  const t = translator(data.texts);
  const ui = useUi();
  const location = useLocation();
  const condition = data.condition ? t(`conditions.${data.condition}`) : null;
  const { results } = data;
  return (
    <>
      <PageHero
        title={condition ? t("search.titleWithCondition", { condition }) : t("search.title")}
        text={results.total === 1 ? t("search.resultsCountOne") : t("search.resultsCount", { count: results.total })}
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
          <SearchFacets groups={data.facets} texts={data.texts} />
          <div>
            <div className="flex flex-wrap items-center justify-between gap-4">
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
                <SearchResults
                  // A new search, or new results for the same one (a store switch revalidates), starts afresh.
                  key={`${location.pathname}${location.search}|${results.vehicles.map((v) => v.vin).join()}`}
                  results={results}
                  texts={data.texts}
                />
              ) : (
                <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
                  <p role="status" className="text-xl font-semibold text-slate-900">
                    {t("search.noResultsTitle")}
                  </p>
                  <p className="mt-2 text-slate-700">{t("search.noResultsText")}</p>
                  <ButtonLink to={data.clearHref} className="mt-6">
                    {ui("common.labels.clearAllFilters")}
                  </ButtonLink>
                </div>
              )}
            </div>
          </div>
        </div>
      </Container>
    </>
  );
}

function Aside({ title, text, cta, to }: { title: string; text: string; cta: string; to: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-5">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-700">{text}</p>
      <ButtonLink to={to} variant="secondary" className="mt-4 w-full">
        {cta}
      </ButtonLink>
    </div>
  );
}

function DetailView({
  vehicle,
  similar,
  texts,
}: {
  vehicle: VehicleDetailView;
  similar: DetailData["similar"];
  texts: TextTree;
}) {
  const t = translator(texts);
  const ui = useUi();
  return (
    <Container className="py-10">
      <Link to="/cars-for-sale" className="text-sm font-semibold text-brand-700 hover:underline">
        {ui("common.actions.viewAllVehicles")}
      </Link>
      <div className="mt-4 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {vehicle.title} {vehicle.trim ?? ""}
          </h1>
          <p className="mt-1 text-slate-700">
            {t("card.mileage", { miles: vehicle.mileage })} · {t("card.stockNumber", { stock: vehicle.stockNumber })}
          </p>
          <VehiclePicture
            bodyStyle={vehicle.bodyStyle}
            color={vehicle.color}
            className="mt-6 aspect-[2/1] w-full rounded-2xl"
          />
          <section aria-labelledby="details-title" className="mt-10">
            <h2 id="details-title" className="text-2xl font-bold text-slate-900">
              {t("detail.vehicleDetails")}
            </h2>
            <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
              {vehicle.specs.map(([key, value]) => (
                <div key={key} className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                  <dt className="text-slate-700">{t(`detail.specs.${key}`)}</dt>
                  <dd className="text-right font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {vehicle.features.length > 0 ? (
            <section aria-labelledby="features-title" className="mt-10">
              <h2 id="features-title" className="text-2xl font-bold text-slate-900">
                {t("detail.keyFeatures")}
              </h2>
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {vehicle.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-800">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-ok-800" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="history-title" className="mt-10 rounded-xl bg-brand-50 p-6">
            <h2 id="history-title" className="text-lg font-semibold text-slate-900">
              {t("detail.historyReport")}
            </h2>
            <p className="mt-2 text-slate-700">{t("detail.historyReportText", { vin: vehicle.vin })}</p>
            <a
              href={telHref(vehicle.storePhone)}
              className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
            >
              {ui("common.actions.callNumber", { phone: vehicle.storePhone })}
            </a>
          </section>
        </div>
        <aside className="space-y-6">
          <div className="rounded-xl border border-slate-200 p-5 shadow-sm">
            <p className="text-sm text-slate-700">{t("detail.salePrice")}</p>
            <p className="text-3xl font-bold text-slate-900">{vehicle.price ?? ui("common.labels.callForPrice")}</p>
            {vehicle.oldPrice ? (
              <p className="text-sm text-slate-600 line-through">{t("detail.oldPrice", { price: vehicle.oldPrice })}</p>
            ) : null}
            {vehicle.savings ? (
              <p className="mt-1 text-sm font-semibold text-ok-800">
                {t("detail.youSave", { amount: vehicle.savings })}
              </p>
            ) : null}
            <p className="mt-3 text-xs text-slate-600">{t("detail.priceNote", { documentFee: vehicle.documentFee })}</p>
            <p className="mt-4 text-sm text-slate-700">{t("detail.locatedAt", { store: vehicle.storeName })}</p>
          </div>
          <Aside
            title={t("detail.preApprovalTitle")}
            text={t("detail.preApprovalText")}
            cta={ui("common.labels.getPreApproved")}
            to="/auto-financing/apply-for-financing"
          />
          <Aside
            title={t("detail.testDriveTitle")}
            text={t("detail.testDriveText")}
            cta={ui("common.labels.scheduleTestDrive")}
            to="/contact-us"
          />
        </aside>
      </div>
      {similar.length > 0 ? (
        <section aria-labelledby="similar-title" className="mt-14">
          <h2 id="similar-title" className="text-2xl font-bold text-slate-900">
            {t("detail.similarVehicles")}
          </h2>
          <div className="mt-6">
            <VehicleGrid vehicles={similar} texts={texts} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </Container>
  );
}

/** The inventory search page and the vehicle detail page (spec section 2), in their simplest useful form. */
export default function CarsForSale({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "detail" ? (
    <DetailView vehicle={loaderData.vehicle} similar={loaderData.similar} texts={loaderData.texts} />
  ) : (
    <SearchView data={loaderData} />
  );
}
