import { getSite } from "../content/site.server";
import type { Route } from "./+types/feed-meta-catalog";
import { listingFeedResponse } from "./listing-feed.server";

/** `/feeds/:store/meta-catalog.xml`: the store's cars as Meta's automotive inventory catalog (ADR 350). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return listingFeedResponse(request, await getSite(context), params.store, "meta");
}
