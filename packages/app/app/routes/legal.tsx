import { translator } from "../components/i18n";
import { Markdown } from "../components/markdown";
import { metaFromData } from "../components/seo";
import { Container, formatDate } from "../components/ui";
import { legalDocuments } from "../content/documents.server";
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
  return { seo: pageSeo(site, request, route), page, status: tree("common.status") };
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
      </Container>
    </article>
  );
}
