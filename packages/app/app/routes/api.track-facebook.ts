import { getSite } from "../content/site.server";
import type { Route } from "./+types/api.track-facebook";
import { trackFacebook } from "./api.track-facebook.server";

/**
 * POST /api/track/facebook (spec section 7): one tracked event from the page, hashed and sent to Meta by the server.
 * Same-origin and rate limits apply as to every write (its own budget: ADR 281).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  // Only a visitor the signed cookie already names is joined to its events; no cookie is ever sent from here.
  const outcome = await trackFacebook(site, request, site.visitor.known ? site.visitor.visitorId : null);
  const headers = { "Cache-Control": "no-store" };
  if (outcome.status === 204) return new Response(null, { status: 204, headers });
  return new Response(outcome.message ?? "", {
    status: outcome.status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function loader() {
  return new Response("Use POST with a JSON event.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
