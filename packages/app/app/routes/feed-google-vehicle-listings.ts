import { getSite } from "../content/site.server";
import type { Route } from "./+types/feed-google-vehicle-listings";
import { listingFeedResponse } from "./listing-feed.server";

/** `/feeds/:store/google-vehicle-listings.xml`: the store's cars as Google's vehicle listings (ADR 350). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return listingFeedResponse(request, await getSite(context), params.store, "google");
}
