import { shouldTrackPageView } from "@showroom/rules/tracking";
import { useEffect, useMemo, useRef } from "react";
import { useFetchers, useLocation, useMatches, useNavigation } from "react-router";
import type { TrackingView } from "../shell-data";
import { flushLeadEvents, itemEvent, keepMetaCookies, onTelClick, pageView, updateGoogle } from "./tracker-core";

interface PageData {
  readonly kind?: string;
  readonly vehicle?: { readonly vin?: string };
}

/**
 * The tracker in the page (ADR 281), mounted once consent allows analytics or targeting: a PageView with the full
 * path on every route change (the vehicle page sends its own, with the VIN), Google's item events, the server's lead
 * events once each, and ClickToCall on every `tel:` link. A change of consent updates Google's consent at once.
 */
export default function Tracker({ view: given }: { view: TrackingView | null }) {
  // Consent withdrawn after the tracker started: the same tags, every signal denied, nothing more sent.
  const last = useRef<TrackingView | null>(given);
  if (given) last.current = given;
  const view = useMemo(
    () =>
      given ??
      ({
        ...(last.current as TrackingView),
        functional: false,
        analytics: false,
        targeting: false,
        pixelRevoked: true,
      } satisfies TrackingView),
    [given],
  );
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const current = useRef(view);
  current.current = view;

  useEffect(() => {
    updateGoogle(view);
    keepMetaCookies(view);
  }, [view]);

  const leaf = matches.at(-1);
  const data = leaf?.loaderData as PageData | undefined;
  const detail = data?.kind === "detail";
  const vin = detail ? (data?.vehicle?.vin ?? null) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per location, whatever else re-renders.
  useEffect(() => {
    const routeName = detail ? "cars-direct-page" : (leaf?.id ?? "");
    if (shouldTrackPageView(routeName)) pageView(current.current, null);
    else pageView(current.current, vin);
    if (data?.kind === "search") {
      itemEvent(current.current, "view_search_results");
      itemEvent(current.current, "view_item_list");
    } else if (vin) itemEvent(current.current, "view_item", [{ item_id: vin }]);
  }, [location.key]);

  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked whenever a navigation or a form post settles.
  useEffect(() => {
    if (!busy) flushLeadEvents(current.current, vin);
  }, [busy, location.key]);

  useEffect(() => {
    const handler = onTelClick(() => current.current);
    document.addEventListener("click", handler, true);
    return () => document.removeEventListener("click", handler, true);
  }, []);
  return null;
}
