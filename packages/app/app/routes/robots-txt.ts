import { getSite } from "../content/site.server";
import type { Route } from "./+types/robots-txt";

/** `/robots.txt`: everything may be crawled except the form endpoints and the staff desk; the sitemap is named. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSite(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /staff",
    "",
    `Sitemap: ${site.origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
