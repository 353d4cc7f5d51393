import { translator, useUi } from "../components/i18n";
import { Icon } from "../components/icon";
import { metaFromData } from "../components/seo";
import { telHref } from "../components/site-header";
import { ButtonLink, Container, PageHero, Section } from "../components/ui";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import { companyLocations } from "../content/company.server";
import { iconPath } from "../content/icons.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { storesJsonLd } from "../content/structured-data.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/our-company";

const VALUE_ICONS: Readonly<Record<string, string>> = {
  transparency: "document-magnifying-glass",
  quality: "shield-check",
  confidence: "arrow-path",
  financing: "banknotes",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "our-company");
  return {
    seo: pageSeo(site, request, "our-company"),
    jsonLd: storesJsonLd(site),
    texts: tree("company"),
    groupName: site.content.group.name,
    locations: companyLocations(site),
    valueIcons: Object.fromEntries(Object.entries(VALUE_ICONS).map(([key, name]) => [key, iconPath(name)])),
  };
}

export const meta = metaFromData;

/** About the company: who we are, what we stand for, the team, careers and where to find us. */
export default function OurCompany({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const ui = useUi();
  const values = Object.keys((loaderData.texts.values as object) ?? {});
  return (
    <>
      <JsonLdScript data={loaderData.jsonLd} />
      <PageHero eyebrow={t("eyebrow")} title={t("title")} text={t("intro", { groupName: loaderData.groupName })} />
      <Section id="values" title={t("valuesTitle")}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((key) => (
            <li key={key} className="rounded-xl border border-slate-200 p-6">
              <Icon d={loaderData.valueIcons[key]} name="check-badge" className="size-8 text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{t(`values.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`values.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <section aria-label={t("teamTitle")} className="bg-slate-50 py-14">
        <Container className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">{t("teamTitle")}</h2>
            <p className="mt-3 text-slate-700">{t("teamText")}</p>
            <ButtonLink to="/our-company/meet-our-team" className="mt-6">
              {t("teamButton")}
            </ButtonLink>
          </div>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <h2 className="text-2xl font-bold text-slate-900">{t("careersTitle")}</h2>
            <p className="mt-3 text-slate-700">{t("careersText")}</p>
            <ButtonLink to="/our-company/careers" variant="secondary" className="mt-6">
              {t("careersButton")}
            </ButtonLink>
          </div>
        </Container>
      </section>
      <Section id="locations" title={t("locationsTitle")}>
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.locations.map((place) => (
            <li key={place.name} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-slate-900">{place.name}</h3>
              <p className="text-sm font-medium text-brand-700">{place.subname}</p>
              <p className="mt-3 text-slate-800">{place.address}</p>
              <p className="mt-2 text-sm text-slate-700">{place.note}</p>
              <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
                {place.phone ? (
                  <a
                    href={telHref(place.phone)}
                    className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                  >
                    <Icon name="phone" className="size-4" />
                    {place.phone}
                  </a>
                ) : null}
                <a
                  href={place.mapsUrl}
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <Icon name="map-pin" className="size-4" />
                  {ui("common.actions.getDirections")}
                  <span className="sr-only"> {place.name}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
