import { SITEMAP_GROUPS, type SitemapGroup, sitemapGroupDefaults } from "@showroom/rules/inventory";
import { getSite } from "../content/site.server";
import { groupUrls } from "../content/sitemap.server";
import { t } from "../content/translations.server";
import type { Route } from "./+types/api.sitemaps";

/**
 * `/api/___sitemaps___/{group}` (spec section 7): a group's sources as JSON, site paths in `loc` with the group's
 * priority and change frequency. `?without=1` leaves only `loc`: the list of indexable filter pages is built from it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const group = params.group as SitemapGroup;
  if (!(SITEMAP_GROUPS as readonly string[]).includes(group)) {
    return Response.json(
      { error: t("errors.routeValidationFailed", { path: new URL(request.url).pathname }) },
      { status: 404 },
    );
  }
  const site = await getSite(context);
  const urls = await groupUrls(site, group);
  const bare = new URL(request.url).searchParams.get("without") === "1";
  const defaults = sitemapGroupDefaults(group);
  const body = urls.map((url) => {
    if (bare) return { loc: url.loc };
    const lastmod = url.lastmod instanceof Date ? url.lastmod.toISOString() : (url.lastmod ?? undefined);
    return { loc: url.loc, ...(lastmod ? { lastmod } : {}), ...defaults };
  });
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=300" } });
}
