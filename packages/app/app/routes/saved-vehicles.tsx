import { Form, Link } from "react-router";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { CompareForm } from "../components/vehicle/compare-pick";
import { SAVED_VEHICLES_PATH } from "../components/vehicle/save-button";
import { VehicleCard } from "../components/vehicle/vehicle-card";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/saved-vehicles";
import { type SavedVehiclesRefusal, savedVehiclesAction, savedVehiclesPage } from "./saved-vehicles.server";

/** The form the saved cards' "Compare" checkboxes submit (ADR 346). */
const COMPARE_FORM = "compare-saved";

export async function loader({ request, context }: Route.LoaderArgs) {
  return savedVehiclesPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return savedVehiclesAction(await getSite(context), request);
}

export const meta = metaFromData;

/** One visitor's list: never cached, never shared. */
export { privatePageHeaders as headers };

/**
 * Saved vehicles: the cars the visitor saved with a heart, on the visitor's server-side profile (no sign-in). Each
 * card keeps its heart and has a Remove button, both plain form posts that work without JavaScript.
 */
export default function SavedVehicles({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { vehicles } = loaderData;
  const refusal = actionData && !actionData.ok ? (actionData as SavedVehiclesRefusal) : null;
  return (
    <>
      <PageHero
        title={t("saved.title")}
        text={vehicles.length === 1 ? t("saved.countOne") : t("saved.count", { count: vehicles.length })}
      />
      <Container className="py-10">
        {refusal ? (
          <p role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {refusal.message}
          </p>
        ) : null}
        {vehicles.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">{t("saved.emptyTitle")}</h2>
            <p className="mt-2 text-slate-700">{t("saved.emptyText")}</p>
            <ButtonLink to="/cars-for-sale" className="mt-6">
              {t("saved.browse")}
            </ButtonLink>
          </div>
        ) : (
          <>
            <p className="mb-6 text-slate-700">{t("saved.text")}</p>
            {vehicles.length > 1 ? <CompareForm id={COMPARE_FORM} texts={loaderData.texts} className="mb-6" /> : null}
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {vehicles.map((vehicle) => (
                <li key={vehicle.vin} data-vin={vehicle.vin} className="flex flex-col gap-3">
                  <VehicleCard
                    vehicle={vehicle}
                    texts={loaderData.texts}
                    compareForm={vehicles.length > 1 ? COMPARE_FORM : undefined}
                  />
                  <Form method="post" action={SAVED_VEHICLES_PATH}>
                    <input type="hidden" name="vin" value={vehicle.vin} />
                    <input type="hidden" name="returnTo" value={SAVED_VEHICLES_PATH} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      aria-label={t("saved.remove", { vehicle: vehicle.title })}
                      className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      {t("saved.removeShort")}
                    </button>
                  </Form>
                  {vehicle.private ? null : (
                    // Email alerts for a saved car's price (issue 28); a private vehicle is never mailed.
                    <Link
                      to={`/alerts?vin=${vehicle.vin}`}
                      rel="nofollow"
                      aria-label={t("alerts.createVehicleNamed", { vehicle: vehicle.title })}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      {t("alerts.createVehicle")}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </Container>
    </>
  );
}
