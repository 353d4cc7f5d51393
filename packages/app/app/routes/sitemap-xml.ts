import { sitemapXml } from "@showroom/rules/inventory";
import { getSite } from "../content/site.server";
import { allEntries } from "../content/sitemap.server";
import type { Route } from "./+types/sitemap-xml";

/**
 * `/sitemap.xml`: one urlset holding the six groups (pages, filters, vehicles, offers, articles, team members),
 * each URL with its group's priority and change frequency (ADR 110).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSite(context);
  return new Response(sitemapXml(await allEntries(site)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
