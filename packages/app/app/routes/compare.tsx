import { countText, translator } from "../components/i18n";
import { PageLink } from "../components/navigation/page-link";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { CompareTable } from "../components/vehicle/compare-table";
import { SAVED_VEHICLES_PATH } from "../components/vehicle/save-button";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/compare";
import { comparePage } from "./compare.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return comparePage(await getSite(context), request);
}

export const meta = metaFromData;

/**
 * Compare (issue 28, ADR 346): up to three vehicles side by side, from the listing's or the saved list's "Compare"
 * checkboxes, at an address (`/compare?vins=A,B,C`) that reloads and shares to the same table. Links only: no script
 * of its own.
 */
export default function Compare({ loaderData }: Route.ComponentProps) {
  const { texts, columns, missing, refusal } = loaderData;
  const t = translator(texts);
  const links = (
    <div className="mt-6 flex flex-wrap gap-3">
      <ButtonLink to="/cars-for-sale">{t("compare.browse")}</ButtonLink>
      <ButtonLink to={SAVED_VEHICLES_PATH} variant="secondary">
        {t("compare.saved")}
      </ButtonLink>
    </div>
  );
  return (
    <>
      <PageHero title={t("compare.title")} text={t("compare.intro")} />
      <Container className="py-10">
        {refusal ? (
          <p role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {refusal}
          </p>
        ) : null}
        {missing.length > 0 ? (
          <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-slate-900">
            {countText(texts, "compare.missing", missing.length, { vins: missing.join(", ") })}
          </p>
        ) : null}
        {columns.length > 0 ? (
          <>
            <CompareTable columns={columns} texts={texts} />
            <p className="mt-6 text-sm text-slate-700">
              {t("compare.moreFrom")}{" "}
              <PageLink to={SAVED_VEHICLES_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
                {t("compare.saved")}
              </PageLink>
            </p>
          </>
        ) : refusal ? (
          links
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">{t("compare.emptyTitle")}</h2>
            <p className="mt-2 text-slate-700">{t("compare.emptyText")}</p>
            <div className="flex justify-center">{links}</div>
          </div>
        )}
      </Container>
    </>
  );
}
