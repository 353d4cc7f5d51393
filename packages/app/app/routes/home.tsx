import { DepartmentTabs } from "../components/home/department-tabs";
import { HeroCarousel } from "../components/home/hero-carousel";
import {
  BodyStyles,
  Faqs,
  FeatureButtons,
  FinancingPromo,
  Promotions,
  Reviews,
  SpecialFilters,
  Warranty,
} from "../components/home/home-sections";
import { metaFromData } from "../components/seo";
import { Section } from "../components/ui";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import { homeView } from "../content/home.server";
import { requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { storesJsonLd } from "../content/structured-data.server";
import type { HtmlCacheHandle } from "../html-cache";
import { readVisitor } from "../server/visitor-state.server";
import type { Route } from "./+types/home";

// The same for every visitor with the same store, consent, inventory and price unlock: served from the HTML cache
// (ADR 152), whose key has the unlock.
export const handle = { htmlCache: true } satisfies HtmlCacheHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "index");
  const visitor = await readVisitor(site.services.db, site.visitor);
  return { ...(await homeView(site, request, visitor.priceUnlocked)), jsonLd: storesJsonLd(site) };
}

export const meta = metaFromData;

/** The home page of spec section 2. */
export default function Home({ loaderData: home }: Route.ComponentProps) {
  return (
    <>
      <JsonLdScript data={home.jsonLd} />
      <HeroCarousel hero={home.hero} />
      <FeatureButtons items={home.featureButtons} />
      <Section id="departments" title={home.departmentTabs.title} text={home.departmentTabs.text}>
        <DepartmentTabs departments={home.departmentTabs} />
      </Section>
      <SpecialFilters filters={home.specialFilters} />
      <BodyStyles bodyStyles={home.bodyStyles} />
      <Reviews section={home.reviews.section} items={home.reviews.items} />
      <Warranty warranty={home.warranty} />
      <FinancingPromo financing={home.financing} />
      <Promotions promotions={home.promotions} />
      <Faqs title={home.faqs.title} text={home.faqs.text} items={home.faqs.items} />
    </>
  );
}
