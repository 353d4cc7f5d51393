import { PreferenceFields } from "../components/consent/preference-fields";
import { translator, useShell } from "../components/i18n";
import { Markdown } from "../components/markdown";
import { metaFromData } from "../components/seo";
import { Container, formatDate } from "../components/ui";
import { legalDocuments } from "../content/documents.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { notFound, pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/legal";

const ROUTES = {
  "privacy-policy": "legal-privacy-policy",
  "cookie-policy": "legal-cookie-policy",
  "electronic-signature-disclosure": "legal-electronic-signature-disclosure",
  "terms-of-sale": "legal-terms-of-sale",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await getSite(context);
  const route = ROUTES[params.slug as keyof typeof ROUTES];
  // Terms of sale is off (spec section 2): its switch answers 404 even though the file may exist.
  if (!route) notFound(request);
  requirePage(site, request, route);
  const page = legalDocuments().find((p) => p.slug === params.slug);
  if (!page) notFound(request);
  // The cookie policy carries the preferences a banner's Customize opens without JavaScript, and sends the visitor
  // back to the page they came from (ADR 280).
  const returnTo =
    params.slug === "cookie-policy"
      ? redirectToSchema.parse(new URL(request.url).searchParams.get("return") ?? "/legal/cookie-policy")
      : null;
  return { seo: pageSeo(site, request, route), page, status: tree("common.status"), returnTo };
}

export const meta = metaFromData;

/** A legal page from `fixtures/legal/{slug}.md`, with its last-updated date. The cookie banner never shows here. */
export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.status);
  const { page } = loaderData;
  return (
    <article className="py-12">
      <Container className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("updated", { date: formatDate(page.updated) })}</p>
        <Markdown blocks={page.blocks} className="mt-4" />
        {loaderData.returnTo ? <CookiePreferences returnTo={loaderData.returnTo} /> : null}
      </Container>
    </article>
  );
}

/** The cookie preferences as a plain form: how Customize works without JavaScript, and a place to change them later. */
function CookiePreferences({ returnTo }: { returnTo: string }) {
  const consent = useShell()?.consent;
  if (!consent?.buttons.includes("customize")) return null;
  const t = translator(consent.texts);
  return (
    <section
      id="cookie-preferences"
      aria-labelledby="cookie-preferences-title"
      lang={consent.language}
      className="mt-10 rounded-xl border border-slate-200 p-6"
    >
      <h2 id="cookie-preferences-title" className="text-xl font-semibold text-slate-900">
        {t("dialog.title")}
      </h2>
      <p className="mt-2 mb-4 text-sm text-slate-700">{t("dialog.intro")}</p>
      <form method="post" action="/api/consent">
        <input type="hidden" name="redirectTo" value={returnTo} />
        <PreferenceFields consent={consent} idPrefix="consent-page" />
        <button
          type="submit"
          name="choice"
          value="save"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("button.savePreferences")}
        </button>
      </form>
    </section>
  );
}
